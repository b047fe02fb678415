import './alert.css';
import { Button } from 'primereact/button';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useIntl } from '../../i18n/intl-provider';
import { alertIdOf, phaseOf } from '../../machines/alert/alert.selectors';
import { SessionActor } from '../app/actor-contexts';
import { AlertActor } from './alert-actor';
import { AddressSection } from './parts/address-section';
import { AlertDialogs } from './parts/alert-dialogs';
import { AlertMap } from './parts/alert-map';
import { AlertStatusBar } from './parts/alert-status-bar';
import { ClosedPanel } from './parts/closed-panel';
import { LivePanel } from './parts/live-panel';
import { SetupPanel } from './parts/setup-panel';

/** Responder search and alert launch (spec §2): /alert/call, and /alert/call?alertId=… to follow an existing alert. */
export default function AlertCallPage() {
  const userId = SessionActor.useSelector((snapshot) => snapshot.context.user?.id ?? 0);
  return (
    <AlertActor.Provider options={{ input: { userId } }}>
      <AlertAddressSync />
      <AlertCallScreen />
    </AlertActor.Provider>
  );
}

/**
 * Keeps the page address and the machine in step: `?alertId=` opens that alert (the ongoing list
 * links there) and follows the alert being worked on, so a reload comes back to it; `?new` starts
 * a new intervention.
 */
function AlertAddressSync() {
  const alert = AlertActor.useActorRef();
  const alertId = AlertActor.useSelector(alertIdOf);
  const editingBlank = AlertActor.useSelector((snapshot) => snapshot.matches({ editing: 'empty' }));
  const [params, setParams] = useSearchParams();
  const wanted = params.get('alertId');
  const wantsNew = params.has('new');

  useEffect(() => {
    const id = Number(wanted);
    if (wanted && Number.isInteger(id) && id > 0 && id !== alert.getSnapshot().context.alert?.alertId) alert.send({ type: 'alert.resume', alertId: id });
  }, [wanted, alert]);

  useEffect(() => {
    if (!wantsNew) return;
    alert.send({ type: 'alert.new' });
    setParams({}, { replace: true });
  }, [wantsNew, alert, setParams]);

  useEffect(() => {
    if (alertId !== null && String(alertId) !== params.get('alertId')) setParams({ alertId: String(alertId) }, { replace: true });
    else if (alertId === null && editingBlank && params.has('alertId')) setParams({}, { replace: true });
    // Only the machine moving on rewrites the address; the address itself is read, not followed.
  }, [alertId, editingBlank]);
  return null;
}

/** The alert screen inside an AlertActor provider: status bar, the panel of the current phase, the map and the dialogs. */
export function AlertCallScreen() {
  const { t } = useIntl();
  const alert = AlertActor.useActorRef();
  const phase = AlertActor.useSelector(phaseOf);
  return (
    <div className="alert-call" data-testid="alert-call">
      <AlertStatusBar />
      <div className="alert-call__body">
        <aside className="alert-call__panel" aria-label={t('alert.panel.label')}>
          {phase === 'loading' ? <p className="text-600">{t('alert.phase.loading')}</p> : null}
          {phase === 'optionsFailed' ? (
            <Button type="button" icon="pi pi-refresh" label={t('alert.options.retry')} onClick={() => alert.send({ type: 'options.retry' })} />
          ) : null}
          {phase === 'editing' || phase === 'launching' || phase === 'live' ? <AddressSection /> : null}
          {phase === 'editing' || phase === 'launching' ? <SetupPanel /> : null}
          {phase === 'live' || phase === 'closing' ? <LivePanel /> : null}
          {phase === 'closed' || phase === 'closedElsewhere' ? <ClosedPanel /> : null}
        </aside>
        <AlertMap />
      </div>
      <AlertDialogs />
    </div>
  );
}
