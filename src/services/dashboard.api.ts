import type { CallActions } from '../../contract/callback.schemas';
import type { AccountStats, ReferentStats } from '../../contract/dashboard.schemas';
import { call, type Result } from './http';

/** The referent dashboard calls (spec §7): statistics, call actions, and the admin tab's account statistics. */

const site = (selectedSite: number | null) => (selectedSite === null ? {} : { selectedSite });

export function getStatsReferentDashboard(
  selectedSite: number | null,
  parts: { isPersonalFetch: boolean; isMonthDepartureFetch: boolean; isTotalDepartureFetch: boolean },
  signal?: AbortSignal,
): Promise<Result<ReferentStats>> {
  return call<ReferentStats>('/services/backoffice/alert/getStatsReferentDashboard', {
    query: { ...site(selectedSite), isPersonalFetch: String(parts.isPersonalFetch), isMonthDepartureFetch: String(parts.isMonthDepartureFetch), isTotalDepartureFetch: String(parts.isTotalDepartureFetch) },
    signal,
  });
}

export function getCallActions(selectedSite: number | null, signal?: AbortSignal): Promise<Result<CallActions>> {
  return call<CallActions>('/services/backoffice/alert/getCallActions', { query: site(selectedSite), signal });
}

export function getAccountStats(selectedSite: number | null, signal?: AbortSignal): Promise<Result<AccountStats>> {
  return call<AccountStats>('/services/backoffice/dashboard/getAccountStats', { query: site(selectedSite), signal });
}
