import { DateTime } from 'luxon';
import { SelectButton } from 'primereact/selectbutton';
import { Link } from 'react-router-dom';
import { screens } from '../../../../contract/access';
import { departureSwitches } from '../../../../contract/dashboard.schemas';
import type { HistoryTag } from '../../../../contract/history.schemas';
import { SeriesChart } from '../../../components/charts/series-chart';
import { useIntl } from '../../../i18n/intl-provider';
import { callActionsErrorOf, callActionsOf, departuresShownOf, isLoadingCallActions, isLoadingDeparturesOf, statsErrorOf, statsOf } from '../../../machines/dashboard/dashboard.selectors';
import { DashboardActor } from '../dashboard-actors';
import { formatNumber, formatSeconds } from './format';
import { AlertsTypeCard, LookLast24Card } from './indicator-cards';
import { Panel, StatTile } from './panel';

/** The referent view (spec §2): personal statistics, call actions, department statistics with the departure switch. */
export function ReferentTab() {
  return (
    <div className="dash-grid">
      <PersonalPanel />
      <CallActionsPanel />
      <DeparturesPanel />
      <AlertsTypeCard />
      <LookLast24Card />
    </div>
  );
}

function PersonalPanel() {
  const { t, locale } = useIntl();
  const stats = DashboardActor.useSelector(statsOf);
  const loading = DashboardActor.useSelector(isLoadingDeparturesOf);
  const error = DashboardActor.useSelector(statsErrorOf);
  const personal = stats?.personal;
  const average = personal?.averageTimeBeforeCall;
  return (
    <Panel title={t('dashboard.personal.title')} icon="pi-user" loading={loading && !personal} error={error} className="dash-span-2" testId="dashboard-personal">
      <div className="tile-row">
        <StatTile icon="pi-file-check" tone="green" label={t('dashboard.personal.forms')} value={formatNumber(personal?.formComplete, locale)} testId="stat-forms" />
        <StatTile icon="pi-phone" tone="blue" label={t('dashboard.personal.calls')} value={formatNumber(personal?.callRollingMonth, locale)} note={t('dashboard.personal.calls.note')} testId="stat-calls" />
        <StatTile
          icon="pi-stopwatch"
          tone="amber"
          label={t('dashboard.personal.average')}
          value={average?.value === null || average === undefined ? '–' : t(`dashboard.period.${average.period}`, { value: formatNumber(average.value, locale, 1) })}
          note={t('dashboard.personal.average.note')}
          testId="stat-average"
        />
      </div>
    </Panel>
  );
}

const actionLinks: { key: 'toDo' | 'recall' | 'noAnswer'; tag: HistoryTag; icon: string; tone: 'red' | 'blue' | 'amber' }[] = [
  { key: 'toDo', tag: 'toDo', icon: 'pi-list-check', tone: 'red' },
  { key: 'recall', tag: 'recall', icon: 'pi-calendar-clock', tone: 'blue' },
  { key: 'noAnswer', tag: 'noAnswer', icon: 'pi-phone', tone: 'amber' },
];

function CallActionsPanel() {
  const { t, locale } = useIntl();
  const actions = DashboardActor.useSelector(callActionsOf);
  const loading = DashboardActor.useSelector(isLoadingCallActions);
  const error = DashboardActor.useSelector(callActionsErrorOf);
  const site = DashboardActor.useSelector((snapshot) => snapshot.context.selectedSite);
  const link = (tag: HistoryTag) => `${screens.alertHistory.path}?tag=${tag}${site === null ? '' : `&selectedSite=${site}`}`;
  return (
    <Panel title={t('dashboard.callActions.title')} icon="pi-phone" loading={loading} error={error} className="dash-span-2" testId="dashboard-call-actions">
      <div className="call-actions">
        {actionLinks.map(({ key, tag, icon, tone }) => (
          <Link key={key} to={link(tag)} className={`call-action tone-${tone}`} data-testid={`call-action-${key}`}>
            <i className={`pi ${icon}`} aria-hidden />
            <span className="call-action__total">{formatNumber(actions?.[key].total, locale)}</span>
            <span className="call-action__label">{t(`dashboard.callActions.${key}`)}</span>
            <span className="call-action__stale">{t('dashboard.callActions.stale', { count: actions?.[key].moreThan10days ?? 0 })}</span>
          </Link>
        ))}
        <Link to={link('dueToday')} className="call-action tone-violet" data-testid="call-action-today">
          <i className="pi pi-bell" aria-hidden />
          <span className="call-action__total">{formatNumber(actions?.countRecallToday, locale)}</span>
          <span className="call-action__label">{t('dashboard.callActions.today')}</span>
          <span className="call-action__stale">{t('dashboard.callActions.today.note')}</span>
        </Link>
      </div>
      {actions ? <p className="dash-caption">{t('dashboard.callActions.since', { date: DateTime.fromISO(actions.startDate).setLocale(locale.replace('_', '-')).toLocaleString(DateTime.DATE_MED) })}</p> : null}
    </Panel>
  );
}

function DeparturesPanel() {
  const { t, locale } = useIntl();
  const dashboard = DashboardActor.useActorRef();
  const departureSwitch = DashboardActor.useSelector((snapshot) => snapshot.context.departureSwitch);
  const shown = DashboardActor.useSelector(departuresShownOf);
  const month = DashboardActor.useSelector((snapshot) => snapshot.context.stats?.departure.month ?? null);
  const loading = DashboardActor.useSelector(isLoadingDeparturesOf);
  const error = DashboardActor.useSelector(statsErrorOf);
  const switcher = (
    <SelectButton
      aria-label={t('dashboard.departures.switch')}
      value={departureSwitch}
      allowEmpty={false}
      options={departureSwitches.map((value) => ({ value, label: t(`dashboard.departures.switch.${value}`) }))}
      onChange={(event) => event.value && dashboard.send({ type: 'departure.switch', value: event.value })}
      className="dash-switch"
    />
  );
  const tag = locale.replace('_', '-');
  return (
    <Panel title={t('dashboard.departures.title')} icon="pi-directions-alt" actions={switcher} loading={loading} error={error} className="dash-span-4" testId="dashboard-departures">
      <div className="tile-row">
        <StatTile icon="pi-users" tone="green" label={t('dashboard.departures.rescuers')} value={formatNumber(shown?.nbRescuer, locale)} testId="stat-rescuers" />
        <StatTile icon="pi-bolt" tone="red" label={t('dashboard.departures.interventions')} value={formatNumber(shown?.nbIntervention, locale)} testId="stat-interventions" />
        <StatTile icon="pi-stopwatch" tone="blue" label={t('dashboard.departures.delay')} value={formatSeconds(shown?.averageDurationBetweenAlert)} testId="stat-delay" />
        <StatTile icon="pi-user-plus" tone="violet" label={t('dashboard.departures.perAlert')} value={formatNumber(shown?.averageRescuerBy_Alert, locale, 2)} testId="stat-per-alert" />
      </div>
      {departureSwitch === 1 && month ? (
        <SeriesChart
          kind="bar"
          label={t('dashboard.departures.chart')}
          categories={month.series.map((row) => DateTime.fromFormat(row.month, 'yyyy-MM').setLocale(tag).toFormat('LLL yy'))}
          series={[
            { name: t('dashboard.departures.interventions'), data: month.series.map((row) => row.nbIntervention) },
            { name: t('dashboard.departures.count'), data: month.series.map((row) => row.nbDeparture) },
          ]}
          height={240}
        />
      ) : null}
      {departureSwitch === 2 && shown && 'since' in shown && shown.since ? <p className="dash-caption">{t('dashboard.departures.since', { date: DateTime.fromISO(String(shown.since)).setLocale(tag).toLocaleString(DateTime.DATE_MED) })}</p> : null}
    </Panel>
  );
}
