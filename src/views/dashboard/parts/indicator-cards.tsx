import '../../history/parts/contact-status.css';
import { DateTime } from 'luxon';
import { SelectButton } from 'primereact/selectbutton';
import { displayModes, temporalities, type Growth, type Temporality } from '../../../../contract/indicator.schemas';
import { DoughnutChart } from '../../../components/charts/doughnut-chart';
import { SeriesChart } from '../../../components/charts/series-chart';
import { FitPoints, VigilMap } from '../../../components/map/vigil-map';
import { HeatmapLayer } from '../../../components/map/heatmap-layer';
import { formatDateTime, formatTime } from '../../../i18n/dates';

/** A day (YYYY-MM-DD) in the interface's language. */
const dayOf = (day: string, locale: string) => DateTime.fromISO(day).setLocale(locale.replace('_', '-')).toLocaleString(DateTime.DATE_MED);
import { useIntl } from '../../../i18n/intl-provider';
import { basemapOf } from '../../../machines/extra-infos/extra-infos.selectors';
import { indicatorErrorOf, indicatorOf, isLoadingIndicator } from '../../../machines/dashboard/indicators.selectors';
import type { IndicatorPart } from '../../../machines/dashboard/indicators.types';
import { AlertTypeIcon } from '../../alert/parts/alert-type-icon';
import { ExtraInfosActor } from '../../app/actor-contexts';
import { IndicatorsActor } from '../dashboard-actors';
import { formatNumber, formatSeconds } from './format';
import { Panel, StatTile } from './panel';

/** State of one indicator for its card. */
function useIndicator<P extends IndicatorPart>(part: P) {
  return {
    data: IndicatorsActor.useSelector(indicatorOf(part)),
    loading: IndicatorsActor.useSelector(isLoadingIndicator(part)),
    error: IndicatorsActor.useSelector(indicatorErrorOf(part)),
  };
}

/** Launched alerts per type over the period (doughnut). */
export function AlertsTypeCard() {
  const { t, locale } = useIntl();
  const { data, loading, error } = useIndicator('alertsType');
  return (
    <Panel title={t('indicator.alertsType.title')} icon="pi-chart-pie" loading={loading} error={error} testId="indicator-alerts-type">
      {data && data.total > 0 ? (
        <DoughnutChart slices={data.types.map((type) => ({ label: t(`alert.type.${type.alertType}`), value: type.count }))} totalLabel={t('indicator.alerts')} label={t('indicator.alertsType.title')} formatValue={(value) => formatNumber(value, locale)} />
      ) : (
        <Empty loading={loading} />
      )}
      {data ? <p className="dash-caption">{t('indicator.period.range', { start: dayOf(data.startDate, locale), end: dayOf(data.endDate, locale) })}</p> : null}
    </Panel>
  );
}

function Empty({ loading }: { loading: boolean }) {
  const { t } = useIntl();
  return <p className="dash-empty">{loading ? t('indicator.loading') : t('indicator.empty')}</p>;
}

/** Labels of growth buckets: day, ISO week, month or year, in the interface's language. */
function bucketLabel(key: string, temporality: Temporality, locale: string): string {
  const tag = locale.replace('_', '-');
  if (temporality === 'day') return DateTime.fromISO(key).setLocale(tag).toFormat('dd LLL');
  if (temporality === 'month') return DateTime.fromFormat(key, 'yyyy-MM').setLocale(tag).toFormat('LLL yy');
  return key;
}

/** The growth of alerts or responders with the temporality switch (and for responders, accrued or new). */
export function GrowthCard({ part, title }: { part: 'alertsGrowth' | 'respondersGrowth'; title: string }) {
  const { t, locale } = useIntl();
  const indicators = IndicatorsActor.useActorRef();
  const { data, loading, error } = useIndicator(part);
  const temporality = IndicatorsActor.useSelector((snapshot) => snapshot.context.temporality);
  const displayMode = IndicatorsActor.useSelector((snapshot) => snapshot.context.displayMode);
  const growth = data as Growth | null;
  const actions = (
    <>
      {part === 'respondersGrowth' ? (
        <SelectButton
          aria-label={t('indicator.displayMode')}
          value={displayMode}
          allowEmpty={false}
          options={displayModes.map((value) => ({ value, label: t(`indicator.period.${value === 'accrued' ? 'ACCURED' : 'NEW'}`) }))}
          onChange={(event) => event.value && indicators.send({ type: 'displayMode.choose', displayMode: event.value })}
          className="dash-switch"
        />
      ) : null}
      <SelectButton
        aria-label={t('indicator.temporality')}
        value={temporality}
        allowEmpty={false}
        options={temporalities.map((value) => ({ value, label: t(`indicator.period.${value.toUpperCase()}`) }))}
        onChange={(event) => event.value && indicators.send({ type: 'temporality.choose', temporality: event.value })}
        className="dash-switch"
      />
    </>
  );
  return (
    <Panel title={title} icon="pi-chart-line" actions={actions} loading={loading} error={error} testId={`indicator-${part}`}>
      {growth ? (
        <>
          <SeriesChart
            kind={growth.displayMode === 'accrued' ? 'area' : 'bar'}
            categories={growth.buckets.map((bucket) => bucketLabel(bucket.key, growth.temporality, locale))}
            series={[{ name: title, data: growth.buckets.map((bucket) => bucket.value) }]}
            label={title}
            formatValue={(value) => formatNumber(value, locale)}
          />
          <p className="dash-caption">{t('indicator.growth.total', { total: formatNumber(growth.total, locale) })}</p>
        </>
      ) : (
        <Empty loading={loading} />
      )}
    </Panel>
  );
}

/** Départements (or communes) ranked by alerts per 100,000 or responders per 1,000 inhabitants. */
export function RankingCard({ part, title }: { part: 'alertsRanking' | 'respondersRanking'; title: string }) {
  const { t, locale } = useIntl();
  const { data, loading, error } = useIndicator(part);
  const top = data?.rows.slice(0, 10) ?? [];
  const best = Math.max(...top.map((row) => row.rate), 0);
  return (
    <Panel title={title} icon="pi-sort-amount-down" loading={loading} error={error} testId={`indicator-${part}`}>
      {data && top.length > 0 ? (
        <table className="ranking">
          <thead>
            <tr>
              <th>#</th>
              <th>{t(data.level === 'commune' ? 'indicator.ranking.commune' : 'indicator.ranking.department')}</th>
              <th className="text-right">{t(part === 'alertsRanking' ? 'indicator.alerts' : 'indicator.responders')}</th>
              <th className="text-right">{t('indicator.ranking.population')}</th>
              <th>{t(data.per === 100000 ? 'indicator.ranking.per100k' : 'indicator.ranking.per1000')}</th>
            </tr>
          </thead>
          <tbody>
            {top.map((row, index) => (
              <tr key={row.code}>
                <td className="text-600">{index + 1}</td>
                <td>
                  <span className="font-medium">{row.name}</span> <span className="text-500 text-sm">{row.code}</span>
                </td>
                <td className="text-right">{formatNumber(row.count, locale)}</td>
                <td className="text-right text-600">{formatNumber(row.population, locale)}</td>
                <td>
                  <div className="ranking__bar">
                    <span style={{ width: `${best ? (row.rate / best) * 100 : 0}%` }} />
                    <strong>{formatNumber(row.rate, locale, 2)}</strong>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Empty loading={loading} />
      )}
      {data?.startDate ? <p className="dash-caption">{t('indicator.period.range', { start: dayOf(data.startDate, locale), end: dayOf(data.endDate ?? data.startDate, locale) })}</p> : null}
      {data && data.unplaced > 0 ? <p className="dash-caption">{t('indicator.ranking.unplaced', { count: data.unplaced })}</p> : null}
    </Panel>
  );
}

/** A Leaflet heatmap of AEDs or responders per 1 km cell. */
export function HeatmapCard({ part, title }: { part: 'aedsHeatmap' | 'respondersHeatmap'; title: string }) {
  const { t, locale } = useIntl();
  const { data, loading, error } = useIndicator(part);
  const basemap = ExtraInfosActor.useSelector(basemapOf);
  const points = data?.points ?? [];
  const fit = points.map(([lat, lon]) => ({ lat, lon }));
  return (
    <Panel title={title} icon="pi-map" loading={loading} error={error} className="dash-panel--map" testId={`indicator-${part}`}>
      <VigilMap center={{ lat: 45.75, lon: 3.08 }} zoom={9} basemap={basemap} label={title} className="dash-map">
        <HeatmapLayer points={points} max={data?.max ?? 1} />
        <FitPoints points={fit} fitKey={fit.length ? `${part}-${fit.length}-${fit[0].lat}` : null} maxZoom={12} />
      </VigilMap>
      <div className="heat-legend">
        <span>{t('indicator.heatmap.few')}</span>
        <span className="heat-legend__scale" aria-hidden />
        <span>{t('indicator.heatmap.many', { max: formatNumber(data?.max ?? 0, locale) })}</span>
        <span className="flex-grow-1" />
        <strong>{t('indicator.heatmap.total', { total: formatNumber(data?.total ?? 0, locale) })}</strong>
      </div>
    </Panel>
  );
}

/** Responders by training status and by declared skill (two doughnuts). */
export function SkillsCard() {
  const { t, locale } = useIntl();
  const { data, loading, error } = useIndicator('respondersSkills');
  return (
    <Panel title={t('indicator.skills.title')} icon="pi-users" loading={loading} error={error} testId="indicator-respondersSkills">
      {data && data.total > 0 ? (
        <div className="dash-pair">
          <DoughnutChart slices={data.trained.map((row) => ({ label: row.label, value: row.count }))} totalLabel={t('indicator.responders')} label={t('indicator.skills.training')} height={260} formatValue={(value) => formatNumber(value, locale)} />
          <DoughnutChart slices={data.skills.slice(0, 6).map((row) => ({ label: row.label, value: row.count }))} totalLabel={t('indicator.responders')} label={t('indicator.skills.skills')} height={260} formatValue={(value) => formatNumber(value, locale)} />
        </div>
      ) : (
        <Empty loading={loading} />
      )}
    </Panel>
  );
}

/** The last 24 hours: figures and the alerts, newest first. */
export function LookLast24Card() {
  const { t, locale } = useIntl();
  const { data, loading, error } = useIndicator('lookLast24');
  return (
    <Panel title={t('indicator.last24.title')} icon="pi-clock" loading={loading} error={error} testId="indicator-lookLast24">
      {data ? (
        <>
          <div className="tile-row tile-row--compact">
            <StatTile label={t('indicator.last24.alerts')} value={formatNumber(data.total, locale)} tone="red" />
            <StatTile label={t('indicator.last24.open')} value={formatNumber(data.open, locale)} tone="amber" />
            <StatTile label={t('indicator.last24.departures')} value={formatNumber(data.departures, locale)} tone="green" />
            <StatTile label={t('indicator.last24.first-departure')} value={formatSeconds(data.averageFirstDepartureSeconds)} tone="blue" />
          </div>
          {data.alerts.length === 0 ? (
            <p className="dash-empty">{t('indicator.last24.none')}</p>
          ) : (
            <ul className="last24">
              {data.alerts.slice(0, 8).map((alert) => (
                <li key={alert.alertId}>
                  <time dateTime={alert.date} title={formatDateTime(alert.date, locale)}>
                    {formatTime(alert.date)}
                  </time>
                  <span className={`history-type type-${alert.alertType}`}>
                    <AlertTypeIcon alertType={alert.alertType} />
                  </span>
                  <span className="last24__address">{alert.address}</span>
                  <span className="text-600 text-sm">{t('indicator.last24.line', { departures: alert.nbDepartures, requests: alert.nbRequests })}</span>
                  {alert.open ? <span className="contact-tag contact-alertInProgress">{t('indicator.last24.live')}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <Empty loading={loading} />
      )}
    </Panel>
  );
}
