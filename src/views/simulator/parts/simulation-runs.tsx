import { Button } from 'primereact/button';
import { formatDateTime } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { runOf, runsOf } from '../../../machines/simulator/simulator.selectors';
import { Panel } from '../../dashboard/parts/panel';
import { SimulatorActor } from '../simulator-actor';

/** The runs kept, newest first, with what they compared; one opens on a click. */
export function SimulationRuns() {
  const { t, locale } = useIntl();
  const simulator = SimulatorActor.useActorRef();
  const runs = SimulatorActor.useSelector(runsOf);
  const shown = SimulatorActor.useSelector(runOf);
  const mayRefresh = SimulatorActor.useSelector((snapshot) => snapshot.can({ type: 'runs.refresh' }));
  const refresh = (
    <Button type="button" icon="pi pi-refresh" text rounded size="small" aria-label={t('simulator.runs.refresh')} tooltip={t('simulator.runs.refresh')} tooltipOptions={{ position: 'left' }} disabled={!mayRefresh} onClick={() => simulator.send({ type: 'runs.refresh' })} />
  );
  return (
    <Panel title={t('simulator.runs.title')} icon="pi-history" testId="simulation-runs" actions={refresh}>
      {runs.length === 0 ? <p>{t('simulator.runs.none')}</p> : null}
      <ul className="simulator-runs">
        {runs.map((run) => (
          <li key={run.runId} data-run-id={run.runId}>
            <Button
              type="button"
              text
              size="small"
              className={shown?.runId === run.runId ? 'is-active' : ''}
              label={t('simulator.runs.line', { id: run.runId, when: formatDateTime(run.createdAt, locale), start: run.params.startDate, end: run.params.endDate, radius: run.params.proposed.radiusKm, status: t(`simulator.status.${run.status}`) })}
              onClick={() => simulator.send({ type: 'run.open', runId: run.runId })}
            />
          </li>
        ))}
      </ul>
    </Panel>
  );
}
