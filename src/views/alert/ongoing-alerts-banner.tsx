import { Button } from 'primereact/button';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorOptions } from 'xstate';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { screens } from '../../../contract/access';
import { liveAlertGroups } from '../../../contract/groups';
import { useIntl } from '../../i18n/intl-provider';
import { ongoingAlertsMachine } from '../../machines/ongoing-alerts/ongoing-alerts.machine';
import { ongoingAlertsOf, ongoingFailedOf } from '../../machines/ongoing-alerts/ongoing-alerts.selectors';
import { canOpen, userOf } from '../../machines/session/session.selectors';
import { SessionActor } from '../app/actor-contexts';
import { AlertTypeIcon } from './parts/alert-type-icon';
import { OngoingAlertsDialog } from './parts/ongoing-alerts-dialog';
import { formatClock } from './parts/format';
import { useNow } from './parts/use-now';
import './ongoing-alerts.css';
import { inspected } from '../../services/inspection';

/** Tests pass the list's machine (its actors provided) and a virtual clock for its poll. */
export interface OngoingAlertsBannerProps {
  logic?: typeof ongoingAlertsMachine;
  clock?: ActorOptions<typeof ongoingAlertsMachine>['clock'];
}

/** The ongoing interventions of the user's service, above every screen of the groups that receive alerts (spec §2, §6). */
export function OngoingAlertsBanner({ logic = ongoingAlertsMachine, clock }: OngoingAlertsBannerProps = {}) {
  const user = SessionActor.useSelector(userOf);
  const mayCall = SessionActor.useSelector((snapshot) => canOpen(snapshot, 'alertCall'));
  if (!user || !liveAlertGroups.includes(user.idGroup) || !mayCall) return null;
  // A new account (switch) is a new list.
  return <OngoingAlerts key={user.siteId} siteId={user.siteId} logic={logic} clock={clock} />;
}

function OngoingAlerts({ siteId, logic, clock }: { siteId: number } & Required<Pick<OngoingAlertsBannerProps, 'logic'>> & Pick<OngoingAlertsBannerProps, 'clock'>) {
  const { t } = useIntl();
  const navigate = useNavigate();
  const ongoing = useActorRef(logic, { ...inspected, input: { siteId }, ...(clock ? { clock } : {}) });
  const alerts = useSelector(ongoing, ongoingAlertsOf, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const failed = useSelector(ongoing, ongoingFailedOf);
  const [open, setOpen] = useState(false);
  const now = useNow();
  const onScreen = useAlertOnScreen();
  // The alert the live screen shows has its own status bar: the banner speaks of the others.
  const others = alerts.filter((alert) => alert.alertId !== onScreen);
  const openAlert = (alertId: number) => {
    setOpen(false);
    navigate(`${screens.alertCall.path}?alertId=${alertId}`);
  };
  const createAlert = () => {
    setOpen(false);
    navigate(`${screens.alertCall.path}?new=${Date.now()}`);
  };
  if (others.length === 0) return null;
  const latest = others[0]!;
  return (
    <>
      <div className="ongoing-banner" role="status" data-testid="ongoing-banner">
        <span className="ongoing-banner__beacon" aria-hidden />
        <strong className="ongoing-banner__count">{t(onScreen === null ? 'alert.ongoing.count' : 'alert.ongoing.count-others', { count: others.length })}</strong>
        <span className="ongoing-banner__latest">
          <AlertTypeIcon alertType={latest.alertType} />
          {t(`alert.type.${latest.alertType}`)} · {latest.address || `${latest.lat.toFixed(5)}, ${latest.lon.toFixed(5)}`}
          {latest.date ? <span className="ongoing-banner__clock">{formatClock(now - Date.parse(latest.date))}</span> : null}
        </span>
        {failed ? <i className="pi pi-exclamation-triangle" title={t('alert.ongoing.stale')} aria-label={t('alert.ongoing.stale')} /> : null}
        <span className="ongoing-banner__actions">
          <Button type="button" size="small" icon="pi pi-list" label={t('alert.ongoing.show')} data-testid="ongoing-show" onClick={() => setOpen(true)} />
          <Button type="button" size="small" icon="pi pi-plus" label={t('alert.new')} outlined className="ongoing-banner__new" onClick={createAlert} />
        </span>
      </div>
      <OngoingAlertsDialog visible={open} alerts={alerts} now={now} onHide={() => setOpen(false)} onOpen={openAlert} onCreate={createAlert} />
    </>
  );
}

/** The alert the live screen (/alert/call?alertId=…) shows now, if that is the page. */
function useAlertOnScreen(): number | null {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get('alertId'));
  return pathname === screens.alertCall.path && Number.isInteger(id) && id > 0 ? id : null;
}
