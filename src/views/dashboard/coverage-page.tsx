import './dashboard.css';
import './coverage.css';
import { createActorContext } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { useCallback } from 'react';
import { VigilMap } from '../../components/map/vigil-map';
import { useIntl } from '../../i18n/intl-provider';
import type { CoverageLayer, CoverageView } from '../../../contract/coverage.grid';
import { coverageMachine } from '../../machines/coverage/coverage.machine';
import { basemapOf } from '../../machines/extra-infos/extra-infos.selectors';
import { inspected } from '../../services/inspection';
import { ExtraInfosActor } from '../app/actor-contexts';
import { CoverageCells, FitGrid, isGap, ViewWatcher } from '../../components/map/coverage-layer';
import { CellExplanation, CandidateList, WorstGaps, minutes } from './parts/coverage-lists';
import { Panel } from './parts/panel';

/** The coverage map's actor. */
export const CoverageActor = createActorContext(coverageMachine, inspected);

const hours = Array.from({ length: 24 }, (_, hour) => hour);
const layers: CoverageLayer[] = ['responder', 'aed', 'gaps'];

/** The coverage-gap map (Dashboards, issue 23): referents, administrators and AED managers. */
export default function CoveragePage() {
  const { language } = useIntl();
  return (
    <CoverageActor.Provider options={{ input: { lang: language.iso } }}>
      <CoverageScreen />
    </CoverageActor.Provider>
  );
}

function CoverageScreen() {
  const { t } = useIntl();
  const coverage = CoverageActor.useActorRef();
  const context = CoverageActor.useSelector((snapshot) => snapshot.context);
  const loading = CoverageActor.useSelector((snapshot) => snapshot.hasTag('loading'));
  const exporting = CoverageActor.useSelector((snapshot) => snapshot.hasTag('exporting'));
  const basemap = ExtraInfosActor.useSelector(basemapOf);
  const { filters, map, summary } = context;
  const onView = useCallback((view: CoverageView) => coverage.send({ type: 'view.move', view }), [coverage]);
  const gapsInView = map ? map.cells.filter(([, , , aed]) => isGap(aed, map.targetSeconds)).length : 0;

  return (
    <div className="dashboard-page coverage-page" data-testid="coverage-view">
      <div className="dash-toolbar surface-card border-round-xl shadow-1">
        <div className="dash-toolbar__group">
          <div className="dash-toolbar__field">
            <label htmlFor="coverage-site">{t('dashboard.site')}</label>
            <Dropdown
              inputId="coverage-site"
              value={filters.selectedSite}
              options={context.sites.map((account) => ({ value: account.id, label: account.name }))}
              placeholder={t('coverage.site.own')}
              showClear
              onChange={(event) => coverage.send({ type: 'filters.change', filters: { selectedSite: (event.value as number | undefined) ?? null } })}
            />
          </div>
          <div className="dash-toolbar__field">
            <span id="coverage-day-label">{t('coverage.day')}</span>
            <SelectButton
              aria-labelledby="coverage-day-label"
              value={filters.weekend}
              allowEmpty={false}
              options={[
                { value: false, label: t('coverage.day.weekday') },
                { value: true, label: t('coverage.day.weekend') },
              ]}
              onChange={(event) => coverage.send({ type: 'filters.change', filters: { weekend: event.value as boolean } })}
            />
          </div>
          <div className="dash-toolbar__field">
            <label htmlFor="coverage-hour">{t('coverage.hour')}</label>
            <Dropdown
              inputId="coverage-hour"
              value={filters.hour}
              options={hours.map((hour) => ({ value: hour, label: `${String(hour).padStart(2, '0')}:00` }))}
              onChange={(event) => coverage.send({ type: 'filters.change', filters: { hour: event.value as number } })}
            />
          </div>
          <div className="dash-toolbar__field">
            <span id="coverage-layer-label">{t('coverage.layer')}</span>
            <SelectButton
              aria-labelledby="coverage-layer-label"
              value={context.layer}
              allowEmpty={false}
              options={layers.map((layer) => ({ value: layer, label: t(`coverage.layer.${layer}`) }))}
              onChange={(event) => coverage.send({ type: 'layer.choose', layer: event.value as CoverageLayer })}
            />
          </div>
        </div>
      </div>
      <div className="coverage-layout">
        <Panel title={t('coverage.map.title')} icon="pi-map" loading={loading} error={context.error} className="coverage-map-panel" testId="coverage-map">
          <VigilMap center={{ lat: 45.75, lon: 3.08 }} zoom={11} basemap={basemap} label={t('coverage.map.title')} onMapClick={(point) => coverage.send({ type: 'cell.pick', point })} className="coverage-map">
            <ViewWatcher onView={onView} />
            <FitGrid grid={map?.grid} fitKey={String(filters.selectedSite)} />
            {map ? <CoverageCells map={map} layer={context.layer} /> : null}
          </VigilMap>
          <p className="coverage-legend" data-testid="coverage-status" aria-live="polite">
            {map ? t('coverage.map.status', { gaps: gapsInView, target: minutes(map.targetSeconds), instants: map.instants }) : ''}
            {map && map.level > 0 ? ` ${t('coverage.map.coarse', { metres: (map.grid?.cellMetres ?? 200) * 2 ** map.level })}` : ''}
          </p>
          <ul className="coverage-scale" aria-label={t('coverage.legend')}>
            {(['good', 'fair', 'late', 'none'] as const).map((tone) => (
              <li key={tone}>
                <span className={`coverage-swatch coverage-swatch--${tone}`} aria-hidden /> {t(`coverage.legend.${tone}`, { target: map ? minutes(map.targetSeconds) : 8, half: map ? minutes(map.targetSeconds / 2) : 4 })}
              </li>
            ))}
          </ul>
        </Panel>
        <div className="coverage-side">
          {context.cell || context.cellError ? <CellExplanation cell={context.cell} error={context.cellError} onClose={() => coverage.send({ type: 'cell.close' })} /> : null}
          <Panel title={t('coverage.worst.title')} icon="pi-exclamation-triangle" loading={loading && !summary} testId="coverage-worst">
            <WorstGaps gaps={summary?.worst ?? []} onPick={(point) => coverage.send({ type: 'cell.pick', point })} />
          </Panel>
          <Panel
            title={t('coverage.candidates.title')}
            icon="pi-plus-circle"
            testId="coverage-candidates"
            actions={<Button type="button" icon="pi pi-file-excel" label={t('coverage.candidates.export')} size="small" outlined loading={exporting} disabled={!summary?.candidates.length} onClick={() => coverage.send({ type: 'candidates.export' })} />}
            error={context.exportError}
          >
            <CandidateList candidates={summary?.candidates ?? []} onPick={(point) => coverage.send({ type: 'cell.pick', point })} />
          </Panel>
        </div>
      </div>
    </div>
  );
}
