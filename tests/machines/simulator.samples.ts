import type { AnyMachineSnapshot } from 'xstate';
import type { SimulationRun } from '../../contract/simulation.schemas';
import { simulatorMachine } from '../../src/machines/simulator/simulator.machine';
import { failure, ok } from './audit-log.fixtures';
import { definePathModel, type EventSamples } from './kit';

const policy = { radiusKm: 0.4, maxSelected: 200, directResponders: 2, aedRunners: 3, aedRadiusKm: 1, escalation: { enabled: false, minAccepted: 2, afterSeconds: 60, stepKm: 0.2, maxKm: 1 } };
const summary = { alerts: 3, firstOnSite: { median: 124, p90: 498 }, aedOnSite: { median: null, p90: null }, noResponder: 1, alertedPerAlert: 1.33, perResponderMonth: { mean: 2, max: 2 }, escalatedAlerts: 0, firstOnSiteMinutes: [], aedOnSiteMinutes: [] };

/** A run in a status: queued or running ones are followed, done and failed ones are shown. */
export function simulationRun(status: SimulationRun['status'], runId = 7): SimulationRun {
  return {
    runId,
    accountId: 1,
    createdAt: '2026-11-28T08:00:00.000Z',
    status,
    params: { startDate: '2026-11-01', endDate: '2026-11-27', seed: 1, accountIds: [1], current: policy, proposed: { ...policy, radiusKm: 0.6 } },
    results: status === 'done' ? { current: summary, proposed: summary, acceptByHour: [], acceptSeconds: 30, alertsWithoutSample: 0, readMs: 10, elapsedMs: 12 } : null,
    error: status === 'failed' ? 'boom' : null,
    finishedAt: status === 'done' || status === 'failed' ? '2026-11-28T08:00:02.000Z' : null,
  };
}

/**
 * Model of the simulator machine for `npm run test:paths` and simulator.model.test.ts: every event
 * and every answer of its three calls (a run under way, done or failed; a refusal; a crash).
 */
export const simulatorEvents = {
  'form.change': [{ type: 'form.change', changes: { startDate: '2026-10-01', seed: 4 } }],
  'policy.change': [{ type: 'policy.change', changes: { radiusKm: 0.8 } }],
  'escalation.change': [{ type: 'escalation.change', changes: { enabled: true } }],
  'run.start': [{ type: 'run.start' }],
  'run.open': [{ type: 'run.open', runId: 7 }],
  'runs.refresh': [{ type: 'runs.refresh' }],
} satisfies EventSamples<typeof simulatorMachine>;

/** Only what guards read: the state (the guards read the calls' answers, not the context). */
const serializeState = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.value);

export const pathModel = definePathModel({
  machine: simulatorMachine,
  events: simulatorEvents,
  actors: {
    loadRuns: { done: [ok([simulationRun('done')]), failure('error.network')], error: [new Error('boom')] },
    startRun: { done: [ok(simulationRun('queued')), failure('error.account.not-allowed', 403)], error: [new Error('boom')] },
    loadRun: { done: [ok(simulationRun('running')), ok(simulationRun('failed')), failure('error.not-found', 404)], error: [new Error('boom')] },
  },
  serializeState,
});
