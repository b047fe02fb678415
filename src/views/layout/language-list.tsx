import { languages } from '../../i18n/intl';
import { useIntl } from '../../i18n/intl-provider';

/** The side menu's language list (spec §2): flag, ISO code and local name of each language. */
export function LanguageList({ compact }: { compact: boolean }) {
  const { language: current, chooseLanguage, t } = useIntl();
  return (
    <div className="language-list" role="group" aria-label={t('layout.menu.languages')}>
      {compact ? null : <div className="language-list__title">{t('layout.menu.languages')}</div>}
      <div className={compact ? 'flex flex-column align-items-center gap-1' : 'language-list__items'}>
        {languages.map((language) => (
          <button
            key={language.locale}
            type="button"
            className={`language-list__item ${language.iso === current.iso ? 'is-current' : ''}`}
            aria-pressed={language.iso === current.iso}
            title={language.localName}
            onClick={() => chooseLanguage(language.locale)}
          >
            <span className="flex align-items-center gap-2">
              <img src={language.flagIcon} alt="" className="flag-icon" />
              <span className="font-semibold uppercase">{language.iso}</span>
            </span>
            {compact ? null : <span className="text-sm">{language.localName}</span>}
          </button>
        ))}
      </div>
    </div>
  );
}
