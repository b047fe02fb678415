import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import en from './messages/en.json';

type Catalogue = Record<string, string>;

/**
 * Message catalogues by language. A regional one (say fr_CA) would be added under its full key.
 * English, the default and the fallback of every key, is part of the first screen; the others
 * load when a language needs them (loadCatalogues), so a page downloads one or two, not all.
 */
const catalogueLoaders: Record<string, () => Promise<{ default: Catalogue }>> = {
  en: () => Promise.resolve({ default: en }),
  fr: () => import('./messages/fr.json'),
  de: () => import('./messages/de.json'),
};
const catalogues: Record<string, Catalogue> = { en };

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

/** The catalogue chain of a locale: full key (fr_FR), then two letters (fr), then English. */
export function catalogueChain(locale: string): string[] {
  const chain = [fullKey(locale), twoLetters(locale), 'en'].filter((key) => key in catalogueLoaders);
  return [...new Set(chain)];
}

/** Whether every catalogue of a locale's chain is loaded (messagesFor then has all its texts). */
export function cataloguesLoaded(locale: string): boolean {
  return catalogueChain(locale).every((key) => key in catalogues);
}

const loading = new Map<string, Promise<void>>();

/** Loads the catalogues of a locale's chain that are not loaded yet (one download each, whoever asks). */
export async function loadCatalogues(locale: string): Promise<void> {
  await Promise.all(
    catalogueChain(locale)
      .filter((key) => !(key in catalogues))
      .map((key) => {
        const pending =
          loading.get(key) ??
          catalogueLoaders[key]().then(
            (module) => {
              catalogues[key] = module.default;
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

/** The messages for a locale, each key falling back along the chain (over the catalogues loaded). */
export function messagesFor(locale: string): Catalogue {
  const loaded = catalogueChain(locale).filter((key) => key in catalogues);
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
