import { Button } from 'primereact/button';
import type { PolicySummary } from '../../../../contract/simulation.schemas';
import { SeriesChart } from '../../../components/charts/series-chart';
import { useIntl } from '../../../i18n/intl-provider';
import { comparisonOf, runOf } from '../../../machines/simulator/simulator.selectors';
import { saveFile } from '../../../services/history.api';
import { formatDuration } from '../../alert/parts/format';
import { Panel } from '../../dashboard/parts/panel';
import { SimulatorActor } from '../simulator-actor';

/** The figures of a policy, in the order of the table and the export. */
const rows: Array<{ key: string; value: (summary: PolicySummary) => number | null; seconds?: true }> = [
  { key: 'firstMedian', value: (summary) => summary.firstOnSite.median, seconds: true },
  { key: 'firstP90', value: (summary) => summary.firstOnSite.p90, seconds: true },
  { key: 'aedMedian', value: (summary) => summary.aedOnSite.median, seconds: true },
  { key: 'aedP90', value: (summary) => summary.aedOnSite.p90, seconds: true },
  { key: 'alerts', value: (summary) => summary.alerts },
  { key: 'noResponder', value: (summary) => summary.noResponder },
  { key: 'alertedPerAlert', value: (summary) => summary.alertedPerAlert },
  { key: 'perResponderMonth', value: (summary) => summary.perResponderMonth.mean },
  { key: 'perResponderMonthMax', value: (summary) => summary.perResponderMonth.max },
  { key: 'escalatedAlerts', value: (summary) => summary.escalatedAlerts },
];

const minutes = Array.from({ length: 31 }, (_, minute) => (minute === 30 ? '30+' : String(minute)));

/** The run on screen: its state, then the two policies side by side (table, distributions) and the export. */
export function SimulationResults() {
  const { t } = useIntl();
  const run = SimulatorActor.useSelector(runOf);
  const comparison = SimulatorActor.useSelector(comparisonOf);
  if (!run) return null;
  const shown = (value: number | null, seconds?: true) => (value === null ? '–' : seconds ? formatDuration(value) : String(value));
  const exportCsv = () => {
    if (!comparison) return;
    const lines = [['', t('simulator.current'), t('simulator.proposed')], ...rows.map((row) => [t(`simulator.figure.${row.key}`), String(row.value(comparison.current) ?? ''), String(row.value(comparison.proposed) ?? '')])];
    const csv = lines.map((line) => line.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(';')).join('\r\n');
    saveFile(new Blob([csv], { type: 'text/csv' }), `simulation-${run.runId}.csv`);
  };
  return (
    <Panel
      title={t('simulator.results.title', { id: run.runId })}
      icon="pi-chart-bar"
      loading={run.status === 'queued' || run.status === 'running'}
      error={run.status === 'failed' ? 'simulator.results.failed' : null}
      testId="simulation-results"
      actions={comparison ? <Button type="button" icon="pi pi-download" label={t('simulator.export')} text size="small" data-testid="export-simulation" onClick={exportCsv} /> : null}
    >
      <p data-testid="simulation-status" data-status={run.status}>
        {t(`simulator.status.${run.status}`)}
      </p>
      {comparison ? (
        <>
          <table className="simulator-table" data-testid="simulation-table">
            <thead>
              <tr>
                <th />
                <th>{t('simulator.current')}</th>
                <th>{t('simulator.proposed')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} data-figure={row.key}>
                  <th scope="row">{t(`simulator.figure.${row.key}`)}</th>
                  <td>{shown(row.value(comparison.current), row.seconds)}</td>
                  <td>{shown(row.value(comparison.proposed), row.seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="simulator-charts">
            <div data-testid="first-on-site-chart">
              <h3>{t('simulator.chart.first')}</h3>
              <SeriesChart kind="bar" categories={minutes} label={t('simulator.chart.first')} series={[{ name: t('simulator.current'), data: comparison.current.firstOnSiteMinutes }, { name: t('simulator.proposed'), data: comparison.proposed.firstOnSiteMinutes }]} />
            </div>
            <div data-testid="aed-on-site-chart">
              <h3>{t('simulator.chart.aed')}</h3>
              <SeriesChart kind="bar" categories={minutes} label={t('simulator.chart.aed')} series={[{ name: t('simulator.current'), data: comparison.current.aedOnSiteMinutes }, { name: t('simulator.proposed'), data: comparison.proposed.aedOnSiteMinutes }]} />
            </div>
          </div>
        </>
      ) : null}
    </Panel>
  );
}
