import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { AccountStatsRow } from '../../../../contract/dashboard.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { accountStatsErrorOf, accountStatsOf, isLoadingAccountStats } from '../../../machines/dashboard/dashboard.selectors';
import { DashboardActor } from '../dashboard-actors';
import { formatNumber } from './format';
import { Panel, StatTile } from './panel';

/** The admin view: account statistics (spec §2), one line per account of the subtree. */
export function AdminTab() {
  const { t, locale } = useIntl();
  const stats = DashboardActor.useSelector(accountStatsOf);
  const loading = DashboardActor.useSelector(isLoadingAccountStats);
  const error = DashboardActor.useSelector(accountStatsErrorOf);
  const rows = stats?.accounts ?? [];
  const sum = (key: keyof AccountStatsRow) => rows.reduce((total, row) => total + Number(row[key]), 0);
  const number = (key: keyof AccountStatsRow) => (row: AccountStatsRow) => formatNumber(Number(row[key]), locale);
  return (
    <div className="dash-grid">
      <Panel title={t('dashboard.accounts.title')} icon="pi-building" loading={loading} error={error} className="dash-span-4" testId="dashboard-accounts">
        <div className="tile-row">
          <StatTile icon="pi-building" tone="slate" label={t('dashboard.accounts.count')} value={formatNumber(rows.length, locale)} />
          <StatTile icon="pi-heart" tone="green" label={t('dashboard.accounts.aeds')} value={formatNumber(sum('aeds'), locale)} />
          <StatTile icon="pi-bolt" tone="red" label={t('dashboard.accounts.alertsYear')} value={formatNumber(sum('alertsYear'), locale)} />
          <StatTile icon="pi-list-check" tone="amber" label={t('dashboard.accounts.pending')} value={formatNumber(sum('callbacksPending'), locale)} />
        </div>
        <DataTable value={rows} dataKey="id" size="small" stripedRows className="mt-3" emptyMessage={t('indicator.empty')}>
          <Column field="name" header={t('dashboard.accounts.name')} body={(row: AccountStatsRow) => <span className={row.parentId === null ? 'font-semibold' : 'pl-3'}>{row.name}</span>} />
          <Column header={t('dashboard.accounts.kind')} body={(row: AccountStatsRow) => t(`dashboard.accounts.kind.${row.kind}`)} />
          <Column header={t('dashboard.accounts.users')} body={number('users')} align="right" />
          <Column header={t('dashboard.accounts.aeds')} body={(row: AccountStatsRow) => `${formatNumber(row.aedsAvailable, locale)} / ${formatNumber(row.aeds, locale)}`} align="right" />
          <Column header={t('dashboard.accounts.alertsYear')} body={number('alertsYear')} align="right" />
          <Column header={t('dashboard.accounts.alertsTotal')} body={number('alertsTotal')} align="right" />
          <Column header={t('dashboard.accounts.departuresYear')} body={number('departuresYear')} align="right" />
          <Column header={t('dashboard.accounts.responders')} body={number('responders')} align="right" />
          <Column header={t('dashboard.accounts.forms')} body={number('formsCompleted')} align="right" />
          <Column header={t('dashboard.accounts.pending')} body={number('callbacksPending')} align="right" />
        </DataTable>
      </Panel>
    </div>
  );
}
