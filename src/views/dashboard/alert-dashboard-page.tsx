import './dashboard.css';
import { DateTime } from 'luxon';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { SeriesChart } from '../../components/charts/series-chart';
import { useIntl } from '../../i18n/intl-provider';
import { indicatorErrorOf, indicatorOf, indicatorSitesOf, isLoadingIndicator } from '../../machines/dashboard/indicators.selectors';
import type { IndicatorPart } from '../../machines/dashboard/indicators.types';
import { IndicatorsActor } from './dashboard-actors';
import { formatNumber, formatSeconds } from './parts/format';
import { AlertsTypeCard, GrowthCard, LookLast24Card, RankingCard } from './parts/indicator-cards';
import { IndicatorsBusy, IndicatorToolbar } from './parts/indicator-toolbar';
import { Panel, StatTile } from './parts/panel';

/** The indicators of the reporting page. */
export const reportingParts: IndicatorPart[] = ['alertsSummary', 'alertsType', 'alertsGrowth', 'lookLast24', 'alertsRanking'];

/** Alert reporting ("called alert tracking", spec §2): the alerts of a period, their outcome and delays, for groups 1, 5 and 6. */
export default function AlertDashboardPage() {
  const { language } = useIntl();
  return (
    <IndicatorsActor.Provider options={{ input: { parts: reportingParts, lang: language.iso, preset: 'last30Days' } }}>
      <ReportingScreen />
    </IndicatorsActor.Provider>
  );
}

/** The screen around a running indicators actor (the page provides it; the rendered replays provide theirs). */
export function ReportingScreen() {
  const { t } = useIntl();
  const indicators = IndicatorsActor.useActorRef();
  const sites = IndicatorsActor.useSelector(indicatorSitesOf);
  const site = IndicatorsActor.useSelector((snapshot) => snapshot.context.selectedSite);
  const siteOptions = sites.map((account) => ({ value: account.id, label: account.name }));
  return (
    <div className="dashboard-page" data-testid="alert-reporting">
      <IndicatorsBusy />
      <div className="dash-toolbar surface-card border-round-xl shadow-1">
        <IndicatorToolbar withPeriod />
        <div className="dash-toolbar__group">
          <div className="dash-toolbar__field">
            <label htmlFor="reporting-site">{t('dashboard.site')}</label>
            <Dropdown inputId="reporting-site" value={site} options={siteOptions} placeholder={t('dashboard.site.all')} showClear onChange={(event) => indicators.send({ type: 'site.choose', site: (event.value as number | undefined) ?? null })} />
          </div>
          <Button type="button" icon="pi pi-refresh" rounded text aria-label={t('history.refresh')} onClick={() => indicators.send({ type: 'indicators.refresh' })} />
        </div>
      </div>
      <div className="dash-grid">
        <SummaryPanel />
        <div className="dash-span-2">
          <AlertsTypeCard />
        </div>
        <div className="dash-span-2">
          <LookLast24Card />
        </div>
        <div className="dash-span-2">
          <GrowthCard part="alertsGrowth" title={t('indicator.alertsGrowth.title')} />
        </div>
        <div className="dash-span-2">
          <RankingCard part="alertsRanking" title={t('indicator.alertsRanking.title')} />
        </div>
      </div>
    </div>
  );
}

function SummaryPanel() {
  const { t, locale } = useIntl();
  const summary = IndicatorsActor.useSelector(indicatorOf('alertsSummary'));
  const loading = IndicatorsActor.useSelector(isLoadingIndicator('alertsSummary'));
  const error = IndicatorsActor.useSelector(indicatorErrorOf('alertsSummary'));
  const tag = locale.replace('_', '-');
  const share = (part: number) => (summary && summary.total ? `${formatNumber((part / summary.total) * 100, locale)} %` : '–');
  return (
    <Panel title={t('reporting.summary.title')} icon="pi-chart-bar" loading={loading} error={error} className="dash-span-4" testId="reporting-summary">
      <div className="tile-row">
        <StatTile icon="pi-bolt" tone="red" label={t('reporting.summary.alerts')} value={formatNumber(summary?.total, locale)} note={summary ? t('reporting.summary.open', { count: summary.open }) : undefined} testId="reporting-total" />
        <StatTile icon="pi-directions-alt" tone="green" label={t('reporting.summary.withDeparture')} value={share(summary?.withDeparture ?? 0)} note={summary ? t('reporting.summary.departures', { count: summary.nbDepartures }) : undefined} />
        <StatTile icon="pi-send" tone="blue" label={t('reporting.summary.requests')} value={formatNumber(summary?.nbRequests, locale)} note={summary ? t('reporting.summary.refused', { count: summary.nbRefused }) : undefined} />
        <StatTile icon="pi-stopwatch" tone="amber" label={t('reporting.summary.firstDeparture')} value={formatSeconds(summary?.averageFirstDepartureSeconds)} />
        <StatTile icon="pi-hourglass" tone="violet" label={t('reporting.summary.duration')} value={formatSeconds(summary?.averageDurationSeconds)} note={summary ? t('reporting.summary.autoClosed', { count: summary.autoClosed }) : undefined} />
      </div>
      {summary ? (
        <SeriesChart
          kind="bar"
          stacked={false}
          label={t('reporting.summary.perDay')}
          categories={summary.perDay.map((day) => DateTime.fromISO(day.day).setLocale(tag).toFormat('dd LLL'))}
          series={[
            { name: t('reporting.summary.alerts'), data: summary.perDay.map((day) => day.count) },
            { name: t('reporting.summary.departuresSeries'), data: summary.perDay.map((day) => day.departures) },
          ]}
          height={240}
        />
      ) : null}
    </Panel>
  );
}
