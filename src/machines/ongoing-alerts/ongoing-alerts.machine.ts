import { assign, setup } from 'xstate';
import type { Alert } from '../../../contract/alert.schemas';
import { observe } from '../observations';
import { ongoingAlertsActors } from './ongoing-alerts.actors';
import type { OngoingAlertsContext, OngoingAlertsEvent, OngoingAlertsInput, OngoingOutcome } from './ongoing-alerts.types';

/** A slow poll in case a REFRESH_ALERTS is lost (socket reconnecting). */
export const ongoingPollMs = 30_000;

/**
 * The ongoing interventions of the user's service (spec §2 "ongoing alerts banner and dialog"):
 * loaded at start, then again on every REFRESH_ALERTS (and on a slow poll), without reloading the page.
 */
export const ongoingAlertsMachine = setup({
  types: {} as { context: OngoingAlertsContext; events: OngoingAlertsEvent; input: OngoingAlertsInput },
  actors: ongoingAlertsActors,
  guards: {
    loaded: (_, params: { outcome: OngoingOutcome }) => params.outcome.ok,
    loadedButStale: ({ context }, params: { outcome: OngoingOutcome }) => params.outcome.ok && context.refreshAgain,
  },
  actions: {
    keepAlerts: assign((_, params: { alerts: Alert[] }) => ({ alerts: params.alerts, loaded: true, failed: false })),
    markFailed: assign({ failed: true }),
    markRefreshAgain: assign({ refreshAgain: true }),
    clearRefreshAgain: assign({ refreshAgain: false }),
  },
  delays: { poll: ongoingPollMs },
}).createMachine({
  id: 'ongoingAlerts',
  context: ({ input }) => ({ siteId: input.siteId, alerts: [], loaded: false, failed: false, refreshAgain: false }),
  invoke: { src: 'listenRefresh' },
  initial: 'loading',
  states: {
    // The banner keeps the list answered last (none at first) while the live list is asked again.
    loading: {
      meta: observe({ calls: ['alert.list'] }),
      entry: 'clearRefreshAgain',
      invoke: {
        src: 'listLive',
        onDone: [
          {
            // News arrived during the call: the answer may already be old.
            guard: { type: 'loadedButStale', params: ({ event }) => ({ outcome: event.output }) },
            target: 'loading',
            reenter: true,
            actions: { type: 'keepAlerts', params: ({ event }) => ({ alerts: (event.output as { data: Alert[] }).data }) },
          },
          {
            guard: { type: 'loaded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: { type: 'keepAlerts', params: ({ event }) => ({ alerts: (event.output as { data: Alert[] }).data }) },
          },
          { target: 'idle', actions: 'markFailed' },
        ],
        onError: { target: 'idle', actions: 'markFailed' },
      },
      on: { 'ongoing.refresh': { actions: 'markRefreshAgain' } },
    },
    // The banner shows the list answered last: the ongoing interventions (with a warning when the
    // last reload failed), or nothing when there are none; the state itself shows nothing more.
    idle: {
      after: { poll: 'loading' },
      on: { 'ongoing.refresh': 'loading' },
    },
  },
});
