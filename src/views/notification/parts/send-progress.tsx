import { useIntl } from '../../../i18n/intl-provider';

/** Whole percentages of a send: delivered, failed, and what is still to go. */
export function sendShares(sent: number, failed: number, recipients: number): { sent: number; failed: number } {
  if (recipients <= 0) return { sent: 0, failed: 0 };
  const sentShare = Math.min(100, (sent / recipients) * 100);
  return { sent: sentShare, failed: Math.min(100 - sentShare, (failed / recipients) * 100) };
}

/**
 * How far a send has gone, in one bar: the delivered share in green, the failed share in red, the
 * rest still to go. A send whose every message failed reads as a red bar, never a green one.
 */
export function SendProgress({ sent, failed, recipients }: { sent: number; failed: number; recipients: number }) {
  const { t } = useIntl();
  const shares = sendShares(sent, failed, recipients);
  const label = t('notification.list.progress', { sent, failed, recipients });
  return (
    <div className="notif-sent__bar" role="img" aria-label={label} title={label} data-testid="send-progress">
      <span className="notif-sent__share is-sent" style={{ width: `${shares.sent}%` }} data-share="sent" />
      <span className="notif-sent__share is-failed" style={{ width: `${shares.failed}%` }} data-share="failed" />
    </div>
  );
}
