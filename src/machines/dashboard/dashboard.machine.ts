import { assign, setup } from 'xstate';
import { defaultDashboardView, defaultDepartureSwitch, type DepartureSwitch, type ReferentStats } from '../../../contract/dashboard.schemas';
import { errorKeys } from '../../../contract/errors';
import { observe } from '../observations';
import { dashboardActors } from './dashboard.actors';
import type { AccountStatsOutcome, CallActionsOutcome, DashboardContext, DashboardEvent, DashboardInput, SitesOutcome, StatsRequest } from './dashboard.types';

const keyOf = (outcome: { ok: boolean; key?: string }) => outcome.key ?? errorKeys.serverError;
const dataOf = <T>(outcome: { ok: true; data: T } | { ok: false }) => (outcome as { data: T }).data;

/** What the first fetch of the statistics asks: the personal figures and the switch's departures. */
const firstRequest = (context: DashboardContext): StatsRequest => ({
  selectedSite: context.selectedSite,
  isPersonalFetch: true,
  isMonthDepartureFetch: context.departureSwitch === 1,
  isTotalDepartureFetch: context.departureSwitch === 2,
});

/** What a switch asks for when its departures are not loaded yet: that part only. */
const partRequest = (context: DashboardContext): StatsRequest => ({
  selectedSite: context.selectedSite,
  isPersonalFetch: false,
  isMonthDepartureFetch: context.departureSwitch === 1,
  isTotalDepartureFetch: context.departureSwitch === 2,
});

const siteChange = { type: 'chooseSite', params: ({ event }: { event: { site: number | null } }) => ({ site: event.site }) } as const;

/**
 * The dashboard view (spec §2, §4): Referent (default), Tech and Admin tabs, an unknown-dashboard
 * message, the site filter and the departure-period switch (default 1). The site list, the referent
 * statistics, the call actions and the admin tab's account statistics load at once, in regions of their own; changing
 * the site marks the statistics as not loaded and fetches them again. A switch fetches only the
 * departures it shows, once (spec §7's fetch flags).
 */
export const dashboardMachine = setup({
  types: {} as { context: DashboardContext; events: DashboardEvent; input: DashboardInput },
  actors: dashboardActors,
  guards: {
    asksView: (_, params: { asked: string; view: string }) => params.asked === params.view,
    ok: (_, params: { outcome: { ok: boolean } }) => params.outcome.ok,
    /** The server keeps account statistics for super administrators (403). */
    forbidden: (_, params: { outcome: { ok: boolean; status?: number } }) => !params.outcome.ok && params.outcome.status === 403,
    switchLoaded: ({ context }, params: { value: DepartureSwitch }) => (params.value === 1 ? context.stats?.departure.month != null : context.stats?.departure.total != null),
  },
  actions: {
    chooseView: assign((_, params: { view: string }) => ({ view: params.view })),
    chooseSite: assign((_, params: { site: number | null }) => ({ selectedSite: params.site })),
    chooseSwitch: assign((_, params: { value: DepartureSwitch }) => ({ departureSwitch: params.value })),
    forgetStats: assign({ stats: null, statsError: null }),
    keepStats: assign(({ context }, params: { stats: ReferentStats }) => ({
      stats: {
        personal: params.stats.personal ?? context.stats?.personal ?? null,
        departure: { month: params.stats.departure.month ?? context.stats?.departure.month ?? null, total: params.stats.departure.total ?? context.stats?.departure.total ?? null },
      },
      statsError: null,
    })),
    keepStatsError: assign((_, params: { key: string }) => ({ statsError: params.key })),
    keepSites: assign((_, params: { outcome: SitesOutcome }) => ({ sites: dataOf(params.outcome) })),
    keepCallActions: assign((_, params: { outcome: CallActionsOutcome }) => ({ callActions: dataOf(params.outcome), callActionsError: null })),
    keepCallActionsError: assign((_, params: { key: string }) => ({ callActionsError: params.key })),
    keepAccountStats: assign((_, params: { outcome: AccountStatsOutcome }) => ({ accountStats: dataOf(params.outcome), accountStatsError: null })),
    keepAccountStatsError: assign((_, params: { key: string }) => ({ accountStatsError: params.key })),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    view: defaultDashboardView,
    isSuperAdmin: input.isSuperAdmin,
    selectedSite: null,
    departureSwitch: defaultDepartureSwitch,
    sites: [],
    stats: null,
    callActions: null,
    accountStats: null,
    statsError: null,
    callActionsError: null,
    accountStatsError: null,
  }),
  initial: 'running',
  states: {
    running: {
      type: 'parallel',
      meta: observe({ shown: ['dashboard-view'], enabled: ['history.refresh'] }),
      states: {
        // The accounts of the site filter load beside the figures, which do not wait for them (the
        // default filter is every account): a failure leaves "all my accounts" only.
        sites: {
          initial: 'loading',
          meta: observe({ shown: ['dashboard-site'] }),
          states: {
            loading: {
              // The filter's spinner is not claimed here: a person picking a site waits for the list first.
              meta: observe({ calls: ['account.getAccountList'] }),
              invoke: {
                src: 'loadSites',
                onDone: [{ guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: { type: 'keepSites', params: ({ event }) => ({ outcome: event.output }) } }, { target: 'failed' }],
                onError: 'failed',
              },
            },
            ready: { meta: observe({ absent: ['dashboard-site-loading'] }) },
            // The filter offers "all my accounts" only.
            failed: { meta: observe({ absent: ['dashboard-site-loading'] }) },
          },
        },
        view: {
          // Referent by default; the page asks the view of its address at once.
          initial: 'referent',
          meta: observe({ shown: ['dashboard-view'] }),
          on: {
            'view.choose': [
              { guard: { type: 'asksView', params: ({ event }) => ({ asked: event.view, view: 'referent' }) }, target: '.referent', actions: { type: 'chooseView', params: ({ event }) => ({ view: event.view }) } },
              { guard: { type: 'asksView', params: ({ event }) => ({ asked: event.view, view: 'tech' }) }, target: '.tech', actions: { type: 'chooseView', params: ({ event }) => ({ view: event.view }) } },
              { guard: { type: 'asksView', params: ({ event }) => ({ asked: event.view, view: 'admin' }) }, target: '.admin', actions: { type: 'chooseView', params: ({ event }) => ({ view: event.view }) } },
              { target: '.unknown', actions: { type: 'chooseView', params: ({ event }) => ({ view: event.view }) } },
            ],
          },
          states: {
            referent: { meta: observe({ shown: ['dashboard-personal', 'dashboard-call-actions', 'dashboard-departures'], absent: ['dashboard-accounts', 'dashboard-message'] }) },
            tech: { meta: observe({ shown: ['indicator-aedsHeatmap', 'indicator-alertsGrowth'], absent: ['dashboard-personal', 'dashboard-accounts', 'dashboard-message'] }) },
            admin: {
              initial: 'loading',
              meta: observe({ absent: ['dashboard-personal', 'indicator-aedsHeatmap'] }),
              on: { 'site.choose': { target: '.loading', actions: siteChange }, 'dashboard.refresh': '.loading' },
              states: {
                loading: {
                  meta: observe({ shown: ['dashboard-accounts-loading'], absent: ['dashboard-accounts-error'], calls: ['dashboard.getAccountStats'] }),
                  invoke: {
                    src: 'loadAccountStats',
                    input: ({ context }) => ({ selectedSite: context.selectedSite }),
                    onDone: [
                      { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: { type: 'keepAccountStats', params: ({ event }) => ({ outcome: event.output }) } },
                      { guard: { type: 'forbidden', params: ({ event }) => ({ outcome: event.output }) }, target: 'denied', actions: { type: 'keepAccountStatsError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
                      { target: 'failed', actions: { type: 'keepAccountStatsError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
                    ],
                    onError: { target: 'failed', actions: { type: 'keepAccountStatsError', params: { key: errorKeys.serverError } } },
                  },
                },
                ready: { meta: observe({ shown: ['dashboard-accounts'], absent: ['dashboard-accounts-loading', 'dashboard-accounts-error', 'dashboard-message'] }) },
                failed: { meta: observe({ shown: ['dashboard-accounts-error'], absent: ['dashboard-accounts-loading'] }) },
                // Asked by someone who is not a super administrator: the server said no.
                denied: { meta: observe({ shown: ['dashboard-message'], absent: ['dashboard-accounts'], messages: ['error.dashboard.admin-only'] }) },
              },
            },
            // Spec §2: an unknown dashboard gives a message.
            unknown: { meta: observe({ shown: ['dashboard-message'], absent: ['dashboard-personal', 'dashboard-accounts', 'indicator-aedsHeatmap'], messages: ['error.dashboard.unknown'] }) },
          },
        },
        // The figures are on the referent tab only: what the other tabs show says nothing of them, so
        // the loading states claim their calls and the answered ones what no tab contradicts, but a
        // failure, which the paths reach on the referent tab, its message there.
        stats: {
          initial: 'loading',
          meta: observe({ shown: ['dashboard-view'] }),
          on: {
            'site.choose': { target: '.loading', actions: [siteChange, 'forgetStats'] },
            'dashboard.refresh': { target: '.loading', actions: 'forgetStats' },
          },
          states: {
            loading: {
              meta: observe({ calls: ['dashboard.getStatsReferentDashboard'] }),
              invoke: {
                src: 'loadStats',
                input: ({ context }) => firstRequest(context),
                onDone: [
                  { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: { type: 'keepStats', params: ({ event }) => ({ stats: dataOf(event.output) }) } },
                  { target: 'failed', actions: { type: 'keepStatsError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
                ],
                onError: { target: 'failed', actions: { type: 'keepStatsError', params: { key: errorKeys.serverError } } },
              },
              on: { 'departure.switch': { target: 'loading', reenter: true, actions: { type: 'chooseSwitch', params: ({ event }) => ({ value: event.value }) } } },
            },
            ready: {
              meta: observe({ absent: ['dashboard-personal-loading', 'dashboard-departures-loading', 'dashboard-personal-error', 'dashboard-departures-error'] }),
              on: {
                'departure.switch': [
                  { guard: { type: 'switchLoaded', params: ({ event }) => ({ value: event.value }) }, actions: { type: 'chooseSwitch', params: ({ event }) => ({ value: event.value }) } },
                  { target: 'loadingPart', actions: { type: 'chooseSwitch', params: ({ event }) => ({ value: event.value }) } },
                ],
              },
            },
            // The switch shows departures not fetched yet: only that part is asked.
            loadingPart: {
              meta: observe({ absent: ['dashboard-departures-error'], calls: ['dashboard.getStatsReferentDashboard'] }),
              invoke: {
                src: 'loadStats',
                input: ({ context }) => partRequest(context),
                onDone: [
                  { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: { type: 'keepStats', params: ({ event }) => ({ stats: dataOf(event.output) }) } },
                  { target: 'failed', actions: { type: 'keepStatsError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
                ],
                onError: { target: 'failed', actions: { type: 'keepStatsError', params: { key: errorKeys.serverError } } },
              },
              on: { 'departure.switch': { target: 'loadingPart', reenter: true, actions: { type: 'chooseSwitch', params: ({ event }) => ({ value: event.value }) } } },
            },
            failed: { meta: observe({ shown: ['dashboard-personal-error', 'dashboard-departures-error'], absent: ['dashboard-departures-loading'] }), on: { 'departure.switch': { target: 'loading', actions: { type: 'chooseSwitch', params: ({ event }) => ({ value: event.value }) } } } },
          },
        },
        callActions: {
          initial: 'loading',
          meta: observe({ shown: ['dashboard-view'] }),
          on: { 'site.choose': { target: '.loading', actions: siteChange }, 'dashboard.refresh': '.loading' },
          states: {
            loading: {
              meta: observe({ calls: ['callback.getCallActions'] }),
              invoke: {
                src: 'loadCallActions',
                input: ({ context }) => ({ selectedSite: context.selectedSite }),
                onDone: [
                  { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: { type: 'keepCallActions', params: ({ event }) => ({ outcome: event.output }) } },
                  { target: 'failed', actions: { type: 'keepCallActionsError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
                ],
                onError: { target: 'failed', actions: { type: 'keepCallActionsError', params: { key: errorKeys.serverError } } },
              },
            },
            ready: { meta: observe({ absent: ['dashboard-call-actions-loading', 'dashboard-call-actions-error'] }) },
            // On the referent tab, where the paths reach it.
            failed: { meta: observe({ shown: ['dashboard-call-actions-error'], absent: ['dashboard-call-actions-loading'] }) },
          },
        },
      },
    },
  },
});
