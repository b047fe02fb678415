import { Tag } from 'primereact/tag';
import type { NotificationItem } from '../../../../contract/notification.schemas';
import { useIntl } from '../../../i18n/intl-provider';

const looks: Record<NotificationItem['status'], { severity: 'secondary' | 'info' | 'success' | 'warning' | 'danger' | null; icon: string }> = {
  draft: { severity: null, icon: 'pi pi-file-edit' },
  planned: { severity: 'info', icon: 'pi pi-calendar-clock' },
  activated: { severity: 'success', icon: 'pi pi-spin pi-spinner' },
  stopped: { severity: 'warning', icon: 'pi pi-pause' },
  sent: { severity: null, icon: 'pi pi-check' },
  sentBlocked: { severity: 'danger', icon: 'pi pi-exclamation-triangle' },
  deleted: { severity: null, icon: 'pi pi-trash' },
};

/**
 * The status of spec §4: draft, planned, in progress (activated or stopped), sent, sent with the
 * process blocked. In progress shows which of the two.
 */
export function StatusBadge({ item }: { item: NotificationItem }) {
  const { t } = useIntl();
  const look = looks[item.status];
  const label = item.statusGroup === 'inProgress' ? `${t('notification.statusGroup.inProgress')} · ${t(`notification.status.${item.status}`)}` : t(`notification.statusGroup.${item.statusGroup}`);
  return <Tag value={label} icon={look.icon} severity={look.severity} rounded className={`notif-status is-${item.status}`} data-testid="notification-status" data-status={item.status} />;
}
