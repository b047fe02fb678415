import { useIntl } from '../../i18n/intl-provider';
import { legalNoticeUrl } from '../../services/support';

/** The legal notice link of the footers (spec §2). */
export function LegalNoticeLink() {
  const { t } = useIntl();
  return (
    <a className="footer-link" href={legalNoticeUrl} target="_blank" rel="noreferrer">
      {t('layout.footer.legal')}
    </a>
  );
}
