import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { CataloguePart } from './catalogue-parts';
import enPublic from './messages/en.json?part=public';

type Catalogue = Record<string, string>;
type PartLoaders = Record<CataloguePart, () => Promise<{ default: Catalogue }>>;

/**
 * Message catalogues by language, each in two parts (catalogue-parts.ts). A regional one (say
 * fr_CA) would be added under its full key. English, the default language, has its public part in
 * the first screen; everything else loads when a language or a signed-in screen
 * needs it (loadCatalogues), so the sign-in route downloads one public part or two, not all texts.
 */
const catalogueLoaders: Record<string, PartLoaders> = {
  en: { public: () => Promise.resolve({ default: enPublic }), app: () => import('./messages/en.json?part=app') },
  fr: { public: () => import('./messages/fr.json?part=public'), app: () => import('./messages/fr.json?part=app') },
  de: { public: () => import('./messages/de.json?part=public'), app: () => import('./messages/de.json?part=app') },
};
/** Loaded parts, under `<language>/<part>`. */
const catalogues: Record<string, Catalogue> = { 'en/public': enPublic };

/** The parts every language shown from now on needs: the public one, and the app's once a signed-in screen asked. */
const partsInUse = new Set<CataloguePart>(['public']);

/** Told when a part arrives, so that texts already shown are formatted again with it. */
const listeners = new Set<() => void>();

/** Follows the catalogues loaded (for useSyncExternalStore): the listener runs after each new part. */
export function subscribeToCatalogues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever a part has loaded: how many are. */
export function cataloguesVersion(): number {
  return Object.keys(catalogues).length;
}

/** Default interface language of a user (spec §3). */
export const defaultLocale = 'en_US';

/** Time zone every date is shown in (spec §9). */
export const displayTimeZone = 'Europe/Paris';

/** A supported-language entry (spec §3): what the language lists show. */
export interface Language {
  locale: string;
  iso: string;
  localName: string;
  frenchName: string;
  flagIcon: string;
}

export const languages: readonly Language[] = [
  { locale: 'fr_FR', iso: 'fr', localName: 'Français', frenchName: 'Français', flagIcon: '/flags/fr.svg' },
  { locale: 'en_US', iso: 'en', localName: 'English', frenchName: 'Anglais', flagIcon: '/flags/en.svg' },
  { locale: 'de_DE', iso: 'de', localName: 'Deutsch', frenchName: 'Allemand', flagIcon: '/flags/de.svg' },
];

const rightToLeft = ['ar', 'fa', 'he', 'ps', 'ur', 'yi'];

const fullKey = (locale: string) => locale.replace('-', '_');
const twoLetters = (locale: string) => locale.slice(0, 2).toLowerCase();

/**
 * The catalogue chain of a locale: a regional catalogue (fr_CA) when there is one, then its
 * language's (fr), else English. A language's catalogue holds every key (tests/contract/
 * messages.test.ts), so English is never downloaded beside it; a regional one may hold only what
 * differs.
 */
export function catalogueChain(locale: string): string[] {
  const regional = [fullKey(locale)].filter((key) => key in catalogueLoaders && key !== twoLetters(locale));
  const language = twoLetters(locale) in catalogueLoaders ? twoLetters(locale) : 'en';
  return [...new Set([...regional, language])];
}

const partKeys = (locale: string) => catalogueChain(locale).flatMap((language) => [...partsInUse].map((part) => `${language}/${part}`));

/** Whether every part in use of a locale's chain is loaded (messagesFor then has all its texts). */
export function cataloguesLoaded(locale: string): boolean {
  return partKeys(locale).every((key) => key in catalogues);
}

const loading = new Map<string, Promise<void>>();

/**
 * Loads the parts of a locale's chain that are not loaded yet (one download each, whoever asks):
 * those in use, and `part` if given, which stays in use for every language shown afterwards.
 */
export async function loadCatalogues(locale: string, part?: CataloguePart): Promise<void> {
  if (part) partsInUse.add(part);
  await Promise.all(
    partKeys(locale)
      .filter((key) => !(key in catalogues))
      .map((key) => {
        const [language, name] = key.split('/') as [string, CataloguePart];
        const pending =
          loading.get(key) ??
          catalogueLoaders[language][name]().then(
            (module) => {
              catalogues[key] = module.default;
              listeners.forEach((listener) => listener());
            },
            (error: unknown) => {
              // A failed download may be tried again.
              loading.delete(key);
              throw error;
            },
          );
        loading.set(key, pending);
        return pending;
      }),
  );
}

/** The messages for a locale, each key falling back along the chain (over the parts loaded). */
export function messagesFor(locale: string): Catalogue {
  const loaded = catalogueChain(locale).flatMap((language) => Object.keys(catalogues).filter((key) => key.startsWith(`${language}/`)));
  return Object.assign({}, ...loaded.reverse().map((key) => catalogues[key])) as Catalogue;
}

/** The supported language a locale resolves to (en when none matches). */
export function languageOf(locale: string): Language {
  const key = catalogueChain(locale)[0];
  return languages.find((language) => language.iso === key.slice(0, 2)) ?? languages[1];
}

/** Writing direction: right-to-left languages force rtl, otherwise the configurator setting decides. */
export function directionOf(locale: string, setting: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  return rightToLeft.includes(twoLetters(locale)) ? 'rtl' : setting;
}

const cache = createIntlCache();

/** A formatter for a locale: ICU messages, numbers and dates in the display time zone. */
export function createTranslator(locale: string): IntlShape {
  return createIntl(
    {
      locale: fullKey(locale).replace('_', '-'),
      defaultLocale: 'en',
      messages: messagesFor(locale),
      timeZone: displayTimeZone,
      onError: (error) => {
        if (import.meta.env.DEV) console.warn(`[i18n] ${error.message}`);
      },
    },
    cache,
  );
}
