import type { Dropdown as DropdownComponent } from 'primereact/dropdown';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { languages, type Language } from '../../i18n/intl';
import { useIntl } from '../../i18n/intl-provider';

const loadDropdown = () => import('primereact/dropdown').then((module) => ({ default: module.Dropdown }));
const Dropdown = lazy(loadDropdown);

function LanguageOption({ language }: { language: Language }) {
  return (
    <span className="flex align-items-center gap-2">
      <img src={language.flagIcon} alt="" className="flag-icon" />
      <span className="font-semibold uppercase">{language.iso}</span>
      <span>{language.localName}</span>
    </span>
  );
}

/**
 * The footer's language menu: a compact list of the supported languages. Until someone opens it, a
 * button drawn like the list shows the current language; PrimeReact's Dropdown (the heaviest part of
 * the sign-in page otherwise) downloads when the pointer or the focus comes to it, and opens on click.
 */
export function LanguageMenu() {
  const { language, chooseLanguage, t } = useIntl();
  const [asked, setAsked] = useState(false);
  const openedOnce = useRef(false);
  const openWhenReady = useCallback((dropdown: DropdownComponent | null) => {
    if (!dropdown || openedOnce.current) return;
    openedOnce.current = true;
    dropdown.show();
  }, []);
  const standIn = (
    <button
      type="button"
      className="p-dropdown p-component p-inputwrapper language-menu language-menu--stand-in"
      aria-label={t('layout.menu.languages')}
      aria-haspopup="listbox"
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setAsked(true)}
    >
      <span className="p-dropdown-label p-inputtext">
        <LanguageOption language={language} />
      </span>
      <span className="p-dropdown-trigger">
        <i className="pi pi-chevron-down" aria-hidden />
      </span>
    </button>
  );
  if (!asked) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Dropdown
        ref={openWhenReady}
        value={language.locale}
        options={[...languages]}
        optionValue="locale"
        optionLabel="localName"
        onChange={(event) => chooseLanguage(event.value as string)}
        itemTemplate={(option: Language) => <LanguageOption language={option} />}
        valueTemplate={(option: Language | null) => (option ? <LanguageOption language={option} /> : null)}
        aria-label={t('layout.menu.languages')}
        className="language-menu"
      />
    </Suspense>
  );
}
