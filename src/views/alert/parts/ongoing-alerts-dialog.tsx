import { Button } from 'primereact/button';
import { LazyDialog } from '../../../components/lazy-dialog';
import { Tag } from 'primereact/tag';
import type { Alert } from '../../../../contract/alert.schemas';
import { formatTime } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { AlertTypeIcon } from './alert-type-icon';
import { formatClock } from './format';

interface OngoingAlertsDialogProps {
  visible: boolean;
  alerts: Alert[];
  now: number;
  onHide: () => void;
  onOpen: (alertId: number) => void;
  onCreate: () => void;
}

/** Every ongoing intervention of the service: type, place, launch time, how many responders engaged; open one or create a new one. */
export function OngoingAlertsDialog({ visible, alerts, now, onHide, onOpen, onCreate }: OngoingAlertsDialogProps) {
  const { t } = useIntl();
  const footer = <Button type="button" icon="pi pi-plus" label={t('alert.new')} severity="danger" onClick={onCreate} data-testid="ongoing-new" />;
  return (
    <LazyDialog header={t('alert.ongoing.title', { count: alerts.length })} visible={visible} onHide={onHide} footer={footer} style={{ width: '48rem' }} data-testid="ongoing-dialog">
      <ul className="ongoing-list">
        {alerts.map((alert) => (
          <li key={alert.alertId} className="ongoing-list__item" data-testid="ongoing-item">
            <AlertTypeIcon alertType={alert.alertType} className="ongoing-list__icon" />
            <div className="ongoing-list__main">
              <div className="ongoing-list__title">
                {t(`alert.type.${alert.alertType}`)} <span className="ongoing-list__id">{t('alert.status.number', { id: alert.alertId })}</span>
                {alert.debugMode !== 0 || alert.test ? <Tag severity="warning" value={t(`alert.debug-mode.${alert.debugMode || 1}`)} /> : null}
              </div>
              <div className="ongoing-list__address">{alert.address || `${alert.lat.toFixed(5)}, ${alert.lon.toFixed(5)}`}</div>
              <div className="ongoing-list__facts">
                {alert.date ? (
                  <span>
                    <i className="pi pi-clock" aria-hidden /> {t('alert.status.launched-at', { time: formatTime(alert.date) })} · {formatClock(now - Date.parse(alert.date))}
                  </span>
                ) : null}
                <span>
                  <i className="pi pi-users" aria-hidden /> {t('alert.ongoing.engaged', { engaged: alert.nbEngaged, alerted: alert.nbRequests })}
                </span>
              </div>
            </div>
            <Button type="button" icon="pi pi-arrow-right" label={t('alert.ongoing.open')} outlined onClick={() => onOpen(alert.alertId)} />
          </li>
        ))}
      </ul>
    </LazyDialog>
  );
}
