import type { SnapshotFrom } from 'xstate';
import type { dashboardMachine } from './dashboard.machine';

export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

export type DashboardScreen = 'referent' | 'tech' | 'admin' | 'denied' | 'unknown';

type Running = Extract<Parameters<DashboardSnapshot['matches']>[0], { running?: unknown }>['running'];
const running = (snapshot: DashboardSnapshot, value: Running) => snapshot.matches({ running: value } as never);

/** The tab on screen, or the message instead of it. */
export function dashboardScreenOf(snapshot: DashboardSnapshot): DashboardScreen {
  if (running(snapshot, { view: { admin: 'denied' } })) return 'denied';
  for (const screen of ['referent', 'tech', 'admin'] as const) if (running(snapshot, { view: screen })) return screen;
  return 'unknown';
}

/** Spec §4: changing the site marks the statistics as not loaded. */
export const statsLoadedOf = (snapshot: DashboardSnapshot) => running(snapshot, { stats: 'ready' });
export const isLoadingDeparturesOf = (snapshot: DashboardSnapshot) => running(snapshot, { stats: 'loading' }) || running(snapshot, { stats: 'loadingPart' });
export const statsOf = (snapshot: DashboardSnapshot) => snapshot.context.stats;
export const statsErrorOf = (snapshot: DashboardSnapshot) => (running(snapshot, { stats: 'failed' }) ? snapshot.context.statsError : null);
/** The departures the switch shows: the month (1) or the total (2). */
export const departuresShownOf = (snapshot: DashboardSnapshot) =>
  snapshot.context.departureSwitch === 1 ? (snapshot.context.stats?.departure.month ?? null) : (snapshot.context.stats?.departure.total ?? null);
export const callActionsOf = (snapshot: DashboardSnapshot) => snapshot.context.callActions;
export const isLoadingCallActions = (snapshot: DashboardSnapshot) => running(snapshot, { callActions: 'loading' });
export const callActionsErrorOf = (snapshot: DashboardSnapshot) => (running(snapshot, { callActions: 'failed' }) ? snapshot.context.callActionsError : null);
export const accountStatsOf = (snapshot: DashboardSnapshot) => snapshot.context.accountStats;
export const isLoadingAccountStats = (snapshot: DashboardSnapshot) => running(snapshot, { view: { admin: 'loading' } });
export const accountStatsErrorOf = (snapshot: DashboardSnapshot) => (running(snapshot, { view: { admin: 'failed' } }) ? snapshot.context.accountStatsError : null);
/** The tabs offered: the Admin tab to super administrators only. */
export const dashboardTabsOf = (snapshot: DashboardSnapshot) => (snapshot.context.isSuperAdmin ? (['referent', 'tech', 'admin'] as const) : (['referent', 'tech'] as const));
export const sitesOf = (snapshot: DashboardSnapshot) => snapshot.context.sites;
/** The site list is still loading (the filter offers "all my accounts" meanwhile). */
export const isLoadingSites = (snapshot: DashboardSnapshot) => running(snapshot, { sites: 'loading' });
