import { useIntl } from '../../i18n/intl-provider';
import { LanguageMenu } from './language-menu';
import { LegalNoticeLink } from './legal-notice-link';

/** The footer (spec §2): legal notice link and language menu. */
export function AppFooter() {
  const { t } = useIntl();
  return (
    <footer className="app-footer">
      <div className="flex align-items-center gap-3">
        <span>{t('layout.footer.rights', { year: new Date().getFullYear() })}</span>
        <LegalNoticeLink />
      </div>
      <LanguageMenu />
    </footer>
  );
}
