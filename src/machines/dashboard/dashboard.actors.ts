import { fromPromise } from 'xstate';
import { getAccountList } from '../../services/account.api';
import { getAccountStats, getCallActions, getStatsReferentDashboard } from '../../services/dashboard.api';
import type { AccountStatsOutcome, CallActionsOutcome, SitesOutcome, StatsOutcome, StatsRequest } from './dashboard.types';

/** The dashboard's I/O; tests replace them with `.provide({ actors })`. */
export const dashboardActors = {
  loadSites: fromPromise<SitesOutcome>(({ signal }) => getAccountList(signal)),
  loadStats: fromPromise<StatsOutcome, StatsRequest>(({ input, signal }) => getStatsReferentDashboard(input.selectedSite, input, signal)),
  loadCallActions: fromPromise<CallActionsOutcome, { selectedSite: number | null }>(({ input, signal }) => getCallActions(input.selectedSite, signal)),
  loadAccountStats: fromPromise<AccountStatsOutcome, { selectedSite: number | null }>(({ input, signal }) => getAccountStats(input.selectedSite, signal)),
};
