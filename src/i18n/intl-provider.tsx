import type { IntlShape } from '@formatjs/intl';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { readLanguageChoice, readUser, writeLanguageChoice } from '../services/storage';
import { cataloguesLoaded, cataloguesVersion, createTranslator, defaultLocale, directionOf, languageOf, loadCatalogues, subscribeToCatalogues, type Language } from './intl';

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

/** The language the next screen will show, from what the browser keeps: the menu choice, else the signed-in user's. */
export function storedLocale(): string {
  return readLanguageChoice() ?? readUser()?.defaultLanguage ?? defaultLocale;
}

const IntlContext = createContext<IntlContextValue | null>(null);

interface IntlProviderProps {
  /** The signed-in user's defaultLanguage, when there is one. */
  userLocale?: string;
  /** The configurator's direction setting. */
  directionSetting: 'ltr' | 'rtl';
  children: ReactNode;
}

/**
 * Language of the interface: the menu choice, else the user's default language, else en_US. A
 * language whose texts have not loaded yet shows once they have; until then the language shown
 * before stays. The texts are formatted again when a part of a catalogue arrives (the signed-in
 * screens' part, loaded with the first of them).
 */
export function IntlProvider({ userLocale, directionSetting, children }: IntlProviderProps) {
  const [choice, setChoice] = useState(readLanguageChoice);
  // Before the session is restored, the stored user's language: English would be downloaded for nothing.
  const wanted = choice ?? userLocale ?? storedLocale();
  const loadedParts = useSyncExternalStore(subscribeToCatalogues, cataloguesVersion);
  const [shown, setShown] = useState(() => (cataloguesLoaded(wanted) ? wanted : defaultLocale));
  useEffect(() => {
    let live = true;
    loadCatalogues(wanted).then(
      () => live && setShown(wanted),
      // Not loaded (the network failed): the language shown stays, the next change tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  const locale = cataloguesLoaded(wanted) ? wanted : shown;
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
  }, [locale, directionSetting, chooseLanguage, loadedParts]);
  return <IntlContext.Provider value={value}>{children}</IntlContext.Provider>;
}

/** The translator and language of the interface. */
export function useIntl(): IntlContextValue {
  const value = useContext(IntlContext);
  if (!value) throw new Error('useIntl needs an IntlProvider');
  return value;
}
