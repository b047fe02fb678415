import { Dropdown } from 'primereact/dropdown';
import { languages, type Language } from '../../i18n/intl';
import { useIntl } from '../../i18n/intl-provider';

function LanguageOption({ language }: { language: Language }) {
  return (
    <span className="flex align-items-center gap-2">
      <img src={language.flagIcon} alt="" className="flag-icon" />
      <span className="font-semibold uppercase">{language.iso}</span>
      <span>{language.localName}</span>
    </span>
  );
}

/** The footer's language menu: a compact list of the supported languages. */
export function LanguageMenu() {
  const { language, chooseLanguage, t } = useIntl();
  return (
    <Dropdown
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
  );
}
