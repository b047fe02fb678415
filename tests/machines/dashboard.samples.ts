import type { AnyMachineSnapshot } from 'xstate';
import { dashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import type { DashboardContext } from '../../src/machines/dashboard/dashboard.types';
import { definePathModel, type EventSamples } from './kit';
import { accountStatsSample, callActionsSample, failure, ok, referentStatsSample } from './history.fixtures';

/**
 * Model of the dashboard machine for `npm run test:paths` and tests/machines/dashboard.model.test.ts:
 * every tab and an unknown one, the site filter, both departure switches, and every answer of the
 * statistics, call actions, account statistics (including the 403 of a non super administrator)
 * and site list calls.
 */
export const dashboardEvents = {
  'view.choose': [
    { type: 'view.choose', view: 'referent' },
    { type: 'view.choose', view: 'tech' },
    { type: 'view.choose', view: 'admin' },
    { type: 'view.choose', view: 'weekly' },
  ],
  'site.choose': [
    { type: 'site.choose', site: 2 },
    { type: 'site.choose', site: null },
  ],
  'departure.switch': [
    { type: 'departure.switch', value: 2 },
    { type: 'departure.switch', value: 1 },
  ],
  'dashboard.refresh': [{ type: 'dashboard.refresh' }],
} satisfies EventSamples<typeof dashboardMachine>;

/** Only what guards read: the states and which departures are loaded while the statistics are shown (the switch's guard). */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as DashboardContext;
  const shown = snapshot.matches({ running: { stats: 'ready' } });
  return JSON.stringify({ value: snapshot.value, month: shown && context.stats?.departure.month != null, total: shown && context.stats?.departure.total != null });
}

export const pathModel = definePathModel({
  machine: dashboardMachine,
  input: { isSuperAdmin: true },
  events: dashboardEvents,
  actors: {
    loadSites: { done: [ok([{ id: 1, name: 'SDIS 63', kind: 'internal', tag: null, logo: null, country: 'FR', parentId: null }]), failure('error.network')], error: [new Error('boom')] },
    loadStats: { done: [ok(referentStatsSample({ personal: true, month: true })), ok(referentStatsSample({ total: true })), failure('error.network')], error: [new Error('boom')] },
    loadCallActions: { done: [ok(callActionsSample), failure('error.network')], error: [new Error('boom')] },
    loadAccountStats: { done: [ok(accountStatsSample), failure('error.dashboard.admin-only', 403), failure('error.network')], error: [new Error('boom')] },
  },
  serializeState,
  // Four parallel regions: shortest paths plus one per transition reach every state and transition.
});
