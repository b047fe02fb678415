import { Tag } from 'primereact/tag';
import { useIntl } from '../../../i18n/intl-provider';
import { formatTime } from '../../../i18n/dates';
import { alertOf, alertTypeOf, autoCloseMinutesOf, isStale, phaseOf } from '../../../machines/alert/alert.selectors';
import { AlertActor } from '../alert-actor';
import { AlertTypeIcon } from './alert-type-icon';
import { formatClock } from './format';
import { useNow } from './use-now';

const phaseKeys = { loading: 'alert.phase.loading', optionsFailed: 'alert.phase.loading', editing: 'alert.phase.editing', launching: 'alert.phase.launching', live: 'alert.phase.live', closing: 'alert.phase.closing', closed: 'alert.phase.closed', closedElsewhere: 'alert.phase.closed' } as const;

/** The strip above the screen: where the intervention stands, its number and type, how long it has run and when it closes by itself. */
export function AlertStatusBar() {
  const { t } = useIntl();
  const phase = AlertActor.useSelector(phaseOf);
  const alert = AlertActor.useSelector(alertOf);
  const alertType = AlertActor.useSelector(alertTypeOf);
  const stale = AlertActor.useSelector(isStale);
  const minutes = AlertActor.useSelector(autoCloseMinutesOf);
  const now = useNow();
  const launchedAt = alert?.date ? Date.parse(alert.date) : null;
  const closesAt = alert?.autoCloseAt && alert.close === 0 ? Date.parse(alert.autoCloseAt) : null;
  const test = alert ? alert.debugMode !== 0 || alert.test : false;
  return (
    <header className={`alert-status phase-${phase}`} data-testid="alert-status" data-phase={phase}>
      <div className="alert-status__phase">
        <span className="alert-status__beacon" aria-hidden />
        <span>{t(phaseKeys[phase])}</span>
      </div>
      <div className="alert-status__type">
        <AlertTypeIcon alertType={alertType} />
        <span>{t(`alert.type.${alertType}`)}</span>
      </div>
      {alert ? (
        <span className="alert-status__id" data-testid="alert-id">
          {t('alert.status.number', { id: alert.alertId })}
        </span>
      ) : null}
      {test ? <Tag severity="warning" value={t(`alert.debug-mode.${alert?.debugMode ?? 1}`)} icon="pi pi-wrench" /> : null}
      <div className="alert-status__clocks">
        {launchedAt ? (
          <span title={t('alert.status.launched-at', { time: formatTime(launchedAt) })}>
            <i className="pi pi-clock" aria-hidden /> {t('alert.status.elapsed')} <strong className="alert-status__clock">{formatClock((alert?.closedAt ? Date.parse(alert.closedAt) : now) - launchedAt)}</strong>
          </span>
        ) : null}
        {closesAt && phase === 'live' ? (
          <span className={closesAt - now < 120_000 ? 'is-soon' : ''} title={t('alert.status.auto-close-rule', { minutes })} data-testid="auto-close-clock">
            <i className="pi pi-hourglass" aria-hidden /> {t('alert.status.auto-close', { minutes })} <strong className="alert-status__clock">{formatClock(closesAt - now)}</strong>
          </span>
        ) : null}
        {stale && phase === 'live' ? (
          <span className="alert-status__stale" role="status">
            <i className="pi pi-wifi" aria-hidden /> {t('alert.status.stale')}
          </span>
        ) : null}
      </div>
    </header>
  );
}
