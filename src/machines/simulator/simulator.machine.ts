import { assign, setup } from 'xstate';
import { errorKeys } from '../../../contract/errors';
import type { SimulationPolicy, SimulationRun } from '../../../contract/simulation.schemas';
import { observe } from '../observations';
import { isUnderWay, simulatorActors } from './simulator.actors';
import type { RunOutcome, RunsOutcome, SimulationForm, SimulatorContext, SimulatorEvent } from './simulator.types';

/** How often a run under way is read again. */
export const simulationPollMs = 1500;

/** The form's first values: the last four weeks, a wider radius than the default, no escalation. */
export function initialForm(today = new Date()): SimulationForm {
  const day = (offset: number) => new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  const proposed: SimulationPolicy = { radiusKm: 0.6, maxSelected: 200, directResponders: 2, aedRunners: 3, aedRadiusKm: 1, escalation: { enabled: false, minAccepted: 2, afterSeconds: 60, stepKm: 0.2, maxKm: 1 } };
  return { startDate: day(28), endDate: day(1), seed: 1, proposed };
}

const keyOf = (outcome: { ok: boolean; key?: string }) => outcome.key ?? errorKeys.serverError;
const runOf = (outcome: RunOutcome) => (outcome as Extract<RunOutcome, { ok: true }>).data;

/**
 * The alert-policy simulator screen (Dashboards): the kept runs, a form for a new one, and the
 * run on screen, followed until its job is done. A failed call keeps what is shown with its key.
 */
export const simulatorMachine = setup({
  types: {} as { context: SimulatorContext; events: SimulatorEvent; input: { today?: Date } | undefined },
  actors: simulatorActors,
  guards: {
    ok: (_, params: { outcome: { ok: boolean } }) => params.outcome.ok,
    underWay: (_, params: { outcome: RunOutcome }) => params.outcome.ok && isUnderWay(runOf(params.outcome)),
  },
  actions: {
    changeForm: assign(({ context }, params: { changes: Partial<SimulationForm> }) => ({ form: { ...context.form, ...params.changes } })),
    changePolicy: assign(({ context }, params: { changes: Partial<SimulationPolicy> }) => ({ form: { ...context.form, proposed: { ...context.form.proposed, ...params.changes } } })),
    changeEscalation: assign(({ context }, params: { changes: Partial<SimulationPolicy['escalation']> }) => ({
      form: { ...context.form, proposed: { ...context.form.proposed, escalation: { ...context.form.proposed.escalation, ...params.changes } } },
    })),
    keepRuns: assign((_, params: { outcome: RunsOutcome }) => ({ runs: (params.outcome as Extract<RunsOutcome, { ok: true }>).data, errorKey: null })),
    keepRun: assign((_, params: { run: SimulationRun }) => ({ run: params.run, errorKey: null })),
    keepError: assign((_, params: { key: string }) => ({ errorKey: params.key })),
  },
  delays: { poll: simulationPollMs },
}).createMachine({
  id: 'simulator',
  context: ({ input }) => ({ form: initialForm(input?.today), runs: [], run: null, errorKey: null }),
  initial: 'loadingRuns',
  on: {
    'form.change': { actions: { type: 'changeForm', params: ({ event }) => ({ changes: event.changes }) } },
    'policy.change': { actions: { type: 'changePolicy', params: ({ event }) => ({ changes: event.changes }) } },
    'escalation.change': { actions: { type: 'changeEscalation', params: ({ event }) => ({ changes: event.changes }) } },
  },
  states: {
    // The form and the runs kept; the run is not started while the runs are read.
    loadingRuns: {
      meta: observe({ shown: ['simulation-form', 'simulation-runs'], disabled: ['simulator.form.run', 'simulator.runs.refresh'], calls: ['simulation.list'] }),
      tags: ['loading'],
      invoke: {
        src: 'loadRuns',
        onDone: [
          { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: { type: 'keepRuns', params: ({ event }) => ({ outcome: event.output }) } },
          { target: 'idle', actions: { type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
        ],
        onError: { target: 'idle', actions: { type: 'keepError', params: { key: errorKeys.serverError } } },
      },
    },
    idle: {
      meta: observe({ shown: ['simulation-form', 'simulation-runs'], enabled: ['simulator.form.run', 'simulator.runs.refresh'] }),
      on: { 'run.start': 'starting', 'run.open': 'opening', 'runs.refresh': 'loadingRuns' },
    },
    starting: {
      meta: observe({ disabled: ['simulator.form.run', 'simulator.runs.refresh'], calls: ['simulation.start'] }),
      tags: ['busy'],
      invoke: {
        src: 'startRun',
        input: ({ context }) => context.form,
        onDone: [
          { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'following', actions: { type: 'keepRun', params: ({ event }) => ({ run: runOf(event.output) }) } },
          { target: 'idle', actions: { type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
        ],
        onError: { target: 'idle', actions: { type: 'keepError', params: { key: errorKeys.serverError } } },
      },
    },
    opening: {
      meta: observe({ disabled: ['simulator.form.run', 'simulator.runs.refresh'], calls: ['simulation.get'] }),
      tags: ['busy'],
      invoke: {
        src: 'loadRun',
        input: ({ event }) => ({ runId: (event as Extract<SimulatorEvent, { type: 'run.open' }>).runId }),
        onDone: [
          { guard: { type: 'underWay', params: ({ event }) => ({ outcome: event.output }) }, target: 'following', actions: { type: 'keepRun', params: ({ event }) => ({ run: runOf(event.output) }) } },
          { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: { type: 'keepRun', params: ({ event }) => ({ run: runOf(event.output) }) } },
          { target: 'idle', actions: { type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
        ],
        onError: { target: 'idle', actions: { type: 'keepError', params: { key: errorKeys.serverError } } },
      },
    },
    // The run's job is queued or running: read it again until it is done or failed.
    // The run on screen under its loading veil, what it does (queued, replaying) said.
    following: {
      meta: observe({ shown: ['simulation-results', 'simulation-results-loading', 'simulation-status'], disabled: ['simulator.form.run', 'simulator.runs.refresh'] }),
      tags: ['busy'],
      initial: 'waiting',
      on: { 'run.open': '#simulator.opening' },
      states: {
        waiting: { meta: observe({ shown: ['simulation-status'] }), after: { poll: 'reading' } },
        reading: {
          meta: observe({ calls: ['simulation.get'] }),
          invoke: {
            src: 'loadRun',
            input: ({ context }) => ({ runId: context.run!.runId }),
            onDone: [
              { guard: { type: 'underWay', params: ({ event }) => ({ outcome: event.output }) }, target: 'waiting', actions: { type: 'keepRun', params: ({ event }) => ({ run: runOf(event.output) }) } },
              { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: '#simulator.loadingRuns', actions: { type: 'keepRun', params: ({ event }) => ({ run: runOf(event.output) }) } },
              { target: 'waiting', actions: { type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
            ],
            onError: { target: 'waiting', actions: { type: 'keepError', params: { key: errorKeys.serverError } } },
          },
        },
      },
    },
  },
});
