import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import de from './messages/de.json';
import en from './messages/en.json';
import fr from './messages/fr.json';

type Catalogue = Record<string, string>;

/** Message catalogues by language. A regional one (say fr_CA) would be added under its full key. */
const catalogues: Record<string, Catalogue> = { en, fr, de };

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
  const chain = [fullKey(locale), twoLetters(locale), 'en'].filter((key) => key in catalogues);
  return [...new Set(chain)];
}

/** The messages for a locale, each key falling back along the chain. */
export function messagesFor(locale: string): Catalogue {
  return Object.assign({}, ...catalogueChain(locale).reverse().map((key) => catalogues[key])) as Catalogue;
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
