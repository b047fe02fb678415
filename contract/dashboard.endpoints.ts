import { accountStats, accountStatsQuery, referentStats, referentStatsQuery } from './dashboard.schemas';
import { endpoint } from './endpoint';

const tags = ['dashboard'];
const errors = [400, 401, 403] as const;

/** getStatsReferentDashboard (spec §7) and the admin tab's account statistics, capability dashboard.view. */
export const dashboardEndpoints = {
  getStatsReferentDashboard: endpoint({
    method: 'GET',
    path: '/services/backoffice/alert/getStatsReferentDashboard',
    summary: 'Personal statistics and departures of the month and in total',
    tags,
    access: 'dashboard.view',
    query: referentStatsQuery,
    response: referentStats,
    errors,
    writes: false,
    matrix: { own: 200, other: 403, note: 'other: selectedSite of another account' },
  }),
  getAccountStats: endpoint({
    method: 'GET',
    path: '/services/backoffice/dashboard/getAccountStats',
    summary: 'Account statistics of the admin tab (super administrators)',
    tags,
    access: 'dashboard.view',
    query: accountStatsQuery,
    response: accountStats,
    errors,
    writes: false,
    matrix: { groups: [1], own: 200, other: 403, note: 'super administrators only; other: selectedSite of another account' },
  }),
};
