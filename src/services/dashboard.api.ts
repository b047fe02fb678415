import { callbackEndpoints } from '../../contract/callback.endpoints';
import { dashboardEndpoints } from '../../contract/dashboard.endpoints';
import { call } from './http';

/** The referent dashboard calls (spec §7): statistics, call actions, and the admin tab's account statistics. */

const site = (selectedSite: number | null) => (selectedSite === null ? {} : { selectedSite });

export function getStatsReferentDashboard(selectedSite: number | null, parts: { isPersonalFetch: boolean; isMonthDepartureFetch: boolean; isTotalDepartureFetch: boolean }, signal?: AbortSignal) {
  return call(dashboardEndpoints.getStatsReferentDashboard, { query: { ...site(selectedSite), ...parts } }, { signal });
}

export function getCallActions(selectedSite: number | null, signal?: AbortSignal) {
  return call(callbackEndpoints.getCallActions, { query: site(selectedSite) }, { signal });
}

export function getAccountStats(selectedSite: number | null, signal?: AbortSignal) {
  return call(dashboardEndpoints.getAccountStats, { query: site(selectedSite) }, { signal });
}
