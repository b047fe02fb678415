import './contact-status.css';
import type { CallbackFlags } from '../../../../contract/callback.schemas';
import { useIntl } from '../../../i18n/intl-provider';

/** The call-back status of a responder or an alert as a coloured pill (spec §4 "Call contact status"). */
export function ContactStatusTag({ status, count }: { status: string; count?: number }) {
  const { t } = useIntl();
  return (
    <span className={`contact-tag contact-${status}`} data-contact-status={status}>
      {t(`callback.status.${status}`)}
      {count !== undefined && count > 1 ? <span className="contact-tag__count">×{count}</span> : null}
    </span>
  );
}

/** The flags of spec §4: older than 10 days, overdue, due today. */
export function CallbackFlagBadges({ flags }: { flags: CallbackFlags }) {
  const { t } = useIntl();
  return (
    <>
      {flags.olderThan10Days ? (
        <span className="flag-badge flag-stale" title={t('callback.flag.olderThan10Days.hint')}>
          <i className="pi pi-clock" aria-hidden /> {t('callback.flag.olderThan10Days')}
        </span>
      ) : null}
      {flags.overdue ? (
        <span className="flag-badge flag-overdue">
          <i className="pi pi-exclamation-circle" aria-hidden /> {t('callback.flag.overdue')}
        </span>
      ) : null}
      {flags.dueToday ? (
        <span className="flag-badge flag-today">
          <i className="pi pi-phone" aria-hidden /> {t('callback.flag.dueToday')}
        </span>
      ) : null}
    </>
  );
}
