import type { AccountSummary } from '../../../contract/auth.schemas';
import type { CallActions } from '../../../contract/callback.schemas';
import type { AccountStats, DepartureSwitch, ReferentStats } from '../../../contract/dashboard.schemas';
import type { Result } from '../../services/http';

export interface DashboardInput {
  /** Super administrators see the Admin tab (the server keeps account statistics for them). */
  isSuperAdmin: boolean;
}

export interface DashboardContext {
  /** The view asked for: referent (default), tech, admin, or anything else (unknown dashboard); the page sends ?view= as view.choose. */
  view: string;
  isSuperAdmin: boolean;
  /** The site filter: null for all the user's accounts. */
  selectedSite: number | null;
  /** Spec §4: default 1 (the current month), 2 the total. */
  departureSwitch: DepartureSwitch;
  sites: AccountSummary[];
  stats: ReferentStats | null;
  callActions: CallActions | null;
  accountStats: AccountStats | null;
  statsError: string | null;
  callActionsError: string | null;
  accountStatsError: string | null;
}

export type DashboardEvent =
  | { type: 'view.choose'; view: string }
  | { type: 'site.choose'; site: number | null }
  | { type: 'departure.switch'; value: DepartureSwitch }
  | { type: 'dashboard.refresh' };

/** Which parts of the referent statistics to fetch (spec §7's fetch flags). */
export interface StatsRequest {
  selectedSite: number | null;
  isPersonalFetch: boolean;
  isMonthDepartureFetch: boolean;
  isTotalDepartureFetch: boolean;
}

export type StatsOutcome = Result<ReferentStats>;
export type CallActionsOutcome = Result<CallActions>;
export type AccountStatsOutcome = Result<AccountStats>;
export type SitesOutcome = Result<AccountSummary[]>;
