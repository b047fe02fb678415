import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useCallback, useEffect, useState } from 'react';
import { alertChart } from '../../../../contract/charts/alert.chart';
import { responderRequestChart } from '../../../../contract/charts/responder-request.chart';
import type { AlertCharts, InspectableAlert } from '../../../../contract/inspection';
import { formatDuration, StatechartDiagram } from '../../../components/statechart/statechart-diagram';
import { useIntl } from '../../../i18n/intl-provider';
import { activeStateIds } from '../../../services/inspection';
import { getAlertCharts, getInspectableAlerts } from '../../../services/inspection.api';
import { subscribe } from '../../../services/realtime';
import { useNow } from '../../alert/parts/use-now';
import { useInspectedActors } from './use-inspected-actors';

/** A slow poll besides REFRESH_ALERTS, for inspector groups that do not receive live alerts. */
const pollMs = 10_000;

/** The alert the dispatcher has open on this screen, if any (read from the running alert actor). */
function useAlertOnScreen(): number | undefined {
  const actors = useInspectedActors();
  const actor = actors.find((candidate) => candidate.machineId === 'alert' && candidate.status === 'active');
  const alert = (actor?.snapshot?.context as { alert?: { alertId?: number } | null } | undefined)?.alert;
  return alert?.alertId;
}

/**
 * The domain charts of an open alert, as the server replays them from the alert's event log: the
 * alert chart, and one responder-request chart per responder, each with its current state. Follows
 * REFRESH_ALERTS.
 */
export function AlertChartsTab() {
  const { t } = useIntl();
  const onScreen = useAlertOnScreen();
  const [alerts, setAlerts] = useState<InspectableAlert[]>([]);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [charts, setCharts] = useState<AlertCharts | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const alertId = chosen ?? onScreen ?? alerts[0]?.alertId;
  const now = useNow(1000);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const list = await getInspectableAlerts(signal);
      if (signal?.aborted) return;
      if (list.ok) setAlerts(list.data);
      if (alertId === undefined) {
        setCharts(null);
        return;
      }
      const result = await getAlertCharts(alertId, signal);
      if (signal?.aborted) return;
      setFailure(result.ok ? null : result.key);
      if (result.ok) setCharts(result.data);
    },
    [alertId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const again = () => void load(controller.signal);
    const unsubscribe = subscribe('REFRESH_ALERTS', again);
    const timer = setInterval(again, pollMs);
    return () => {
      controller.abort();
      unsubscribe();
      clearInterval(timer);
    };
  }, [load]);

  const options = alerts.map((alert) => ({ value: alert.alertId, label: t('inspector.alert.option', { alertId: alert.alertId, state: alert.state }) }));
  if (alertId !== undefined && !options.some((option) => option.value === alertId)) options.unshift({ value: alertId, label: t('inspector.alert.option', { alertId, state: charts?.alert.state ?? '…' }) });
  const shown = charts && charts.alert.alertId === alertId ? charts : null;
  return (
    <div className="inspector-domain" data-testid="inspector-domain">
      <div className="inspector-domain__bar">
        <label htmlFor="inspector-alert">{t('inspector.alert.choose')}</label>
        <Dropdown inputId="inspector-alert" value={alertId} options={options} onChange={(event) => setChosen(event.value as number)} placeholder={t('inspector.alert.none')} />
        <Button icon="pi pi-refresh" text aria-label={t('inspector.refresh')} onClick={() => void load()} />
      </div>
      {alertId === undefined && <p>{t('inspector.alert.none')}</p>}
      {failure && <p className="inspector-domain__error">{t(failure)}</p>}
      {shown && (
        <>
          <section className="inspector-domain__alert" data-testid="domain-alert" data-alert-id={shown.alert.alertId} data-state={shown.alert.state}>
            <h3>{t('inspector.alert.heading', { alertId: shown.alert.alertId, state: shown.alert.state, duration: formatDuration(now - Date.parse(shown.alert.since)) })}</h3>
            {!shown.alert.consistent && <p className="inspector-domain__error">{t('inspector.alert.inconsistent')}</p>}
            <StatechartDiagram machine={alertChart} active={activeStateIds(alertChart, shown.alert.state)} lastEvent={shown.alert.steps.at(-1)?.event ?? undefined} title={`alert ${shown.alert.alertId}`} testId="domain-alert-chart" />
          </section>
          <h3>{t('inspector.alert.requests', { count: shown.requests.length })}</h3>
          <div className="inspector-domain__requests">
            {shown.requests.map((request) => (
              <section key={request.requestId} className="inspector-request" data-testid="domain-request" data-request-id={request.requestId} data-state={request.state}>
                <h4>
                  {t('inspector.alert.request', { responderId: request.responderId, rank: request.rank, mission: request.mission })}
                  {' · '}
                  <strong>{request.state}</strong> {formatDuration(now - Date.parse(request.since))}
                </h4>
                {!request.consistent && <p className="inspector-domain__error">{t('inspector.alert.inconsistent')}</p>}
                <StatechartDiagram machine={responderRequestChart} active={activeStateIds(responderRequestChart, request.state)} lastEvent={request.steps.at(-1)?.event ?? undefined} title={`request ${request.requestId}`} labels={false} />
                <p className="inspector-request__path">{request.steps.map((step) => step.state).join(' → ')}</p>
              </section>
            ))}
          </div>
          {shown.anomalies.length > 0 && (
            <>
              <h3>{t('inspector.alert.anomalies')}</h3>
              <ul>
                {shown.anomalies.map((anomaly) => (
                  <li key={`${anomaly.at}-${anomaly.detail}`}>
                    {anomaly.at} {anomaly.kind}: {anomaly.detail}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
