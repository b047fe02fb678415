import './dashboard.css';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { groups } from '../../../contract/groups';
import { useIntl } from '../../i18n/intl-provider';
import { dashboardScreenOf, dashboardTabsOf, isLoadingSites, sitesOf } from '../../machines/dashboard/dashboard.selectors';
import type { IndicatorPart } from '../../machines/dashboard/indicators.types';
import { SessionActor } from '../app/actor-contexts';
import { DashboardActor, IndicatorsActor } from './dashboard-actors';
import { AdminTab } from './parts/admin-tab';
import { IndicatorsBusy, IndicatorToolbar } from './parts/indicator-toolbar';
import { ReferentTab } from './parts/referent-tab';
import { TechTab } from './parts/tech-tab';

const referentParts: IndicatorPart[] = ['alertsType', 'lookLast24'];
const techParts: IndicatorPart[] = ['aedsHeatmap', 'respondersHeatmap', 'respondersGrowth', 'respondersSkills', 'respondersRanking', 'alertsRanking', 'alertsGrowth'];

/** Dashboard view (spec §2): Referent (default), Tech and Admin tabs, site filter, unknown-dashboard message. */
export default function DashboardViewPage() {
  const isSuperAdmin = SessionActor.useSelector((snapshot) => snapshot.context.user?.idGroup === groups.superAdmin);
  return (
    <DashboardActor.Provider options={{ input: { isSuperAdmin } }}>
      <DashboardScreen />
    </DashboardActor.Provider>
  );
}

/** The screen around a running dashboard actor (the page provides it; the rendered replays provide theirs). */
export function DashboardScreen() {
  const { t, language } = useIntl();
  const dashboard = DashboardActor.useActorRef();
  const screen = DashboardActor.useSelector(dashboardScreenOf);
  const tabs = DashboardActor.useSelector(dashboardTabsOf);
  const sites = DashboardActor.useSelector(sitesOf);
  const loadingSites = DashboardActor.useSelector(isLoadingSites);
  const site = DashboardActor.useSelector((snapshot) => snapshot.context.selectedSite);
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');

  // The address names the view (?view=tech); the default is referent.
  useEffect(() => {
    dashboard.send({ type: 'view.choose', view: asked ?? 'referent' });
  }, [asked, dashboard]);

  const siteOptions = sites.map((account) => ({ value: account.id, label: account.name }));
  const showsIndicators = screen === 'referent' || screen === 'tech';
  const parts = screen === 'tech' ? techParts : referentParts;

  const body = (
    <>
      {screen === 'referent' ? <ReferentTab /> : null}
      {screen === 'tech' ? <TechTab /> : null}
      {screen === 'admin' ? <AdminTab /> : null}
      {screen === 'denied' ? <Message icon="pi-lock" title={t('error.dashboard.admin-only')} /> : null}
      {screen === 'unknown' ? <Message icon="pi-question-circle" title={t('error.dashboard.unknown')} text={t('dashboard.unknown.text', { name: asked ?? '' })} /> : null}
    </>
  );

  return (
    <div className="dashboard-page" data-testid="dashboard-view">
      <div className="dash-toolbar surface-card border-round-xl shadow-1">
        <nav className="dash-tabs" aria-label={t('dashboard.tabs')}>
          {tabs.map((tab) => (
            <button key={tab} type="button" role="tab" aria-selected={screen === tab} className={`dash-tab${screen === tab ? ' is-active' : ''}`} onClick={() => setParams({ view: tab })}>
              <i className={`pi ${tab === 'referent' ? 'pi-user' : tab === 'tech' ? 'pi-cog' : 'pi-building'}`} aria-hidden />
              {t(`dashboard.tab.${tab}`)}
            </button>
          ))}
        </nav>
        <div className="dash-toolbar__group">
          <div className="dash-toolbar__field">
            <label htmlFor="dashboard-site">{t('dashboard.site')}</label>
            <Dropdown inputId="dashboard-site" value={site} options={siteOptions} loading={loadingSites} loadingIcon={<i className="pi pi-spin pi-spinner" data-testid="dashboard-site-loading" />} data-testid="dashboard-site" placeholder={t('dashboard.site.all')} showClear onChange={(event) => dashboard.send({ type: 'site.choose', site: (event.value as number | undefined) ?? null })} />
          </div>
          <Button type="button" icon="pi pi-refresh" rounded text aria-label={t('history.refresh')} onClick={() => dashboard.send({ type: 'dashboard.refresh' })} />
        </div>
      </div>
      {showsIndicators ? (
        <IndicatorsActor.Provider key={screen} options={{ input: { parts, lang: language.iso, preset: null } }}>
          <IndicatorsSite site={site} />
          <IndicatorsBusy />
          {screen === 'tech' ? (
            <div className="dash-subbar">
              <IndicatorToolbar withPeriod />
            </div>
          ) : null}
          {body}
        </IndicatorsActor.Provider>
      ) : (
        body
      )}
    </div>
  );
}

/** Keeps the indicators on the dashboard's site. */
function IndicatorsSite({ site }: { site: number | null }) {
  const indicators = IndicatorsActor.useActorRef();
  useEffect(() => {
    if (indicators.getSnapshot().context.selectedSite !== site) indicators.send({ type: 'site.choose', site });
  }, [site, indicators]);
  return null;
}

function Message({ icon, title, text }: { icon: string; title: string; text?: string }) {
  const { t } = useIntl();
  return (
    <div className="dash-message surface-card border-round-xl shadow-1" role="alert" data-testid="dashboard-message">
      <i className={`pi ${icon}`} aria-hidden />
      <h2>{title}</h2>
      {text ? <p>{text}</p> : null}
      <Link to="?view=referent" className="p-button p-button-outlined">
        {t('dashboard.unknown.back')}
      </Link>
    </div>
  );
}
