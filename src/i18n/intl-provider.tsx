import type { IntlShape } from '@formatjs/intl';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { readLanguageChoice, writeLanguageChoice } from '../services/storage';
import { createTranslator, defaultLocale, directionOf, languageOf, type Language } from './intl';

export interface IntlContextValue {
  intl: IntlShape;
  locale: string;
  language: Language;
  direction: 'ltr' | 'rtl';
  /** The text of a message key, formatted with its ICU values. */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** Whether a key has a text (to fall back on a generic key for open-ended ones such as group.<id>). */
  has: (key: string) => boolean;
  /** The choice made in a language menu; kept in the browser, it wins over the user's default language. */
  chooseLanguage: (locale: string) => void;
}

const IntlContext = createContext<IntlContextValue | null>(null);

interface IntlProviderProps {
  /** The signed-in user's defaultLanguage, when there is one. */
  userLocale?: string;
  /** The configurator's direction setting. */
  directionSetting: 'ltr' | 'rtl';
  children: ReactNode;
}

/** Language of the interface: the menu choice, else the user's default language, else en_US. */
export function IntlProvider({ userLocale, directionSetting, children }: IntlProviderProps) {
  const [choice, setChoice] = useState(readLanguageChoice);
  const locale = choice ?? userLocale ?? defaultLocale;
  const chooseLanguage = useCallback((next: string) => {
    writeLanguageChoice(next);
    setChoice(next);
  }, []);
  const value = useMemo<IntlContextValue>(() => {
    const intl = createTranslator(locale);
    return {
      intl,
      locale,
      language: languageOf(locale),
      direction: directionOf(locale, directionSetting),
      t: (key, values) => intl.formatMessage({ id: key }, values) as string,
      has: (key) => key in intl.messages,
      chooseLanguage,
    };
  }, [locale, directionSetting, chooseLanguage]);
  return <IntlContext.Provider value={value}>{children}</IntlContext.Provider>;
}

/** The translator and language of the interface. */
export function useIntl(): IntlContextValue {
  const value = useContext(IntlContext);
  if (!value) throw new Error('useIntl needs an IntlProvider');
  return value;
}
