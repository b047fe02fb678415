import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, InputFrom, OutputFrom, ProvidedActor, StateMachine } from 'xstate';
import { describeChart } from '../../scripts/statechart-model';
import { planPaths, type Plan } from './kit-paths';
import { CoverageCollector, PromiseController, replayPath, silentActor, type PathFailure, type PlannedPath } from './kit-replay';

/**
 * Model-based testing kit for XState v5 machines. A model is the machine plus explicit samples:
 * every event type with the payloads to try, and the answers each invoked promise actor may give
 * (`{ ok: true, ... }`, `{ ok: false, key }`, a thrown error). The kit plans the shortest path to
 * each state and one path per transition (kit-paths.ts), replays each on a real actor of
 * `machine.provide(stubs)` with virtual time, checks every step lands where the chart predicts, and
 * measures state and transition coverage against the chart read from the machine definition.
 *
 * Replayed on the machine it was planned from, a path only proves the machine runs (no guard or
 * action throws): the prediction moves with the machine. What tests the implementation is the
 * replay of the same paths against the rendered screen (tests/views/replay), which asserts each
 * state's declared observations (src/machines/observations.ts) on the DOM. `implementation` below
 * replays a model's paths on another machine, which is how the kit's self-test shows a changed
 * transition target failing.
 *
 * A new machine: write `tests/machines/<id>.samples.ts` exporting
 * `pathModel = definePathModel({ machine, events, actors, threshold? })` (`events` typed with
 * `satisfies EventSamples<typeof machine>`), and `tests/machines/<id>.model.test.ts` calling
 * `describePathModel(pathModel)`. `npm run test:paths` finds the samples file by its name.
 */

type ActorsOf<M> = M extends StateMachine<any, any, any, infer TActor, any, any, any, any, any, any, any, any, any, any, any> ? TActor : never; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Samples for every event type of `M`: a new event without samples is a compile error. */
export type EventSamples<M extends AnyStateMachine> = { [K in EventFromLogic<M>['type']]: ReadonlyArray<Extract<EventFromLogic<M>, { type: K }>> };

/** The answers an invoked promise actor may give: resolved outputs and rejections. */
export interface ActorSample<TOutput> {
  done?: readonly TOutput[];
  error?: readonly unknown[];
}

/** Answers per actor source name (the keys of `setup({ actors })`). */
export type ActorSamples<M extends AnyStateMachine> = { [A in ActorsOf<M> as A extends ProvidedActor ? A['src'] : never]?: ActorSample<A extends ProvidedActor ? OutputFrom<A['logic']> : never> };

/** Minimum coverage in percent. */
export interface CoverageThreshold {
  states: number;
  transitions: number;
}

export interface PathModel<M extends AnyStateMachine> {
  machine: M;
  events: EventSamples<M>;
  /** Sampled actors are replaced by stubs the replay answers; unsampled ones never answer. */
  actors?: ActorSamples<M>;
  /** Other implementations for `.provide()`: actions with side effects, callback actors... */
  provide?: Parameters<M['provide']>[0];
  input?: InputFrom<M>;
  /** Defaults to 100% of states and transitions; lower it only with a reason next to it. */
  threshold?: CoverageThreshold;
  /** Snapshot identity for the traversal; defaults to value, status and context. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Maximum snapshots explored (default 5000). */
  limit?: number;
}

/** One machine's coverage: what `npm run test:paths` prints and writes to docs/path-coverage.json. */
export interface CoverageReport {
  machine: string;
  states: { reached: number; total: number; missing: string[] };
  transitions: { taken: number; total: number; missing: string[] };
  paths: number;
  failures: PathFailure[];
  threshold: CoverageThreshold;
  /** Actor sources the samples do not answer for (they stay pending during the replay). */
  unmodelledActors: string[];
  /** No failure and coverage at or above the threshold. */
  passed: boolean;
}

/** Identity helper that infers the machine type, so samples are checked against its events and actors. */
export function definePathModel<M extends AnyStateMachine>(model: PathModel<M>): PathModel<M> {
  return model;
}

/**
 * Model of a pure domain chart (no actors, no payload): one `{ type }` sample per event type it
 * handles, held to 100% of states and transitions. A chart whose guards read payloads needs a
 * samples file instead.
 */
export function domainChartModel(machine: AnyStateMachine): PathModel<AnyStateMachine> {
  const types = describeChart(machine).transitions.filter((t) => t.kind === 'event' && !t.eventType.endsWith('*')).map((t) => t.eventType);
  const events = Object.fromEntries([...new Set(types)].map((type) => [type, [{ type }]]));
  return { machine, events: events as EventSamples<AnyStateMachine>, threshold: { states: 100, transitions: 100 } };
}

/** A model ready to replay: its plan, the provided machine and the stub controller. */
export interface PreparedModel {
  plan: Plan;
  machine: AnyStateMachine;
  controller: PromiseController;
  model: PathModel<AnyStateMachine>;
  unmodelledActors: string[];
  /** Virtual `Date.now()` at the start of every path (the real time when the model was prepared). */
  start: number;
}

/** Plans the paths and builds `machine.provide(stubs)`; every actor is stubbed so no real I/O runs. */
export function prepareModel<M extends AnyStateMachine>(model: PathModel<M>, implementation: AnyStateMachine = model.machine): PreparedModel {
  const controller = new PromiseController();
  const sampled = (model.actors ?? {}) as Record<string, ActorSample<unknown> | undefined>;
  const declared = Object.keys(model.machine.implementations.actors ?? {});
  const provided = ((model.provide as { actors?: Record<string, unknown> } | undefined)?.actors ?? {});
  const actors: Record<string, unknown> = {};
  for (const src of declared) actors[src] = silentActor;
  Object.assign(actors, provided);
  for (const src of Object.keys(sampled)) actors[src] = controller.stub();
  const machine = model.machine.provide({ ...(model.provide ?? {}), actors } as never) as AnyStateMachine;
  const start = Date.now();
  const plan = planPaths({
    start,
    machine,
    events: model.events as unknown as Record<string, never[]>,
    actors: sampled,
    input: model.input,
    limit: model.limit ?? 5000,
    serializeState: model.serializeState,
  });
  const unmodelledActors = declared.filter((src) => !(src in sampled) && !(src in provided));
  const replayed = implementation === model.machine ? machine : (implementation.provide({ ...(model.provide ?? {}), actors } as never) as AnyStateMachine);
  return { plan, machine: replayed, controller, model: model as unknown as PathModel<AnyStateMachine>, unmodelledActors, start };
}

/** Replays one path and records what it covered; returns the failure, if any. */
export async function runPath(prepared: PreparedModel, path: PlannedPath, collector: CoverageCollector): Promise<PathFailure | undefined> {
  const failure = await replayPath(prepared.machine, prepared.controller, path, collector, prepared.start, prepared.model.input);
  if (failure) collector.failures.push(failure);
  return failure;
}

/** Coverage report of what `collector` saw, against the chart of the prepared model. */
export function reportOf(prepared: PreparedModel, collector: CoverageCollector): CoverageReport {
  const { chart } = prepared.plan;
  const threshold = prepared.model.threshold ?? { states: 100, transitions: 100 };
  const missingStates = chart.states.filter((state) => !collector.statesReached.has(state.id)).map((state) => state.id);
  const missingTransitions = chart.transitions.filter((t) => !collector.transitionsTaken.has(t.key)).map((t) => t.key);
  const report: CoverageReport = {
    machine: chart.id,
    states: { reached: chart.states.length - missingStates.length, total: chart.states.length, missing: missingStates },
    transitions: { taken: chart.transitions.length - missingTransitions.length, total: chart.transitions.length, missing: missingTransitions },
    paths: collector.pathsRun,
    failures: [...collector.failures],
    threshold,
    unmodelledActors: prepared.unmodelledActors,
    passed: false,
  };
  report.passed = !report.failures.length && percent(report.states.reached, report.states.total) >= threshold.states && percent(report.transitions.taken, report.transitions.total) >= threshold.transitions;
  return report;
}

/** Plans from the model, replays every path (on `implementation`, by default the model's machine) and reports coverage. */
export async function runPathModel<M extends AnyStateMachine>(model: PathModel<M>, implementation?: AnyStateMachine): Promise<CoverageReport> {
  const prepared = prepareModel(model, implementation);
  const collector = new CoverageCollector();
  for (const path of prepared.plan.paths) await runPath(prepared, path, collector);
  return reportOf(prepared, collector);
}

/** Percentage with one decimal; an empty chart part counts as fully covered. */
export function percent(part: number, total: number): number {
  return total === 0 ? 100 : Math.floor((part / total) * 1000) / 10;
}

/** `session: states 12/12 (100%), transitions 30/32 (93.7%), 41 paths, 0 failures`. */
export function coverageLine(report: CoverageReport): string {
  const states = `${report.states.reached}/${report.states.total} (${percent(report.states.reached, report.states.total)}%)`;
  const transitions = `${report.transitions.taken}/${report.transitions.total} (${percent(report.transitions.taken, report.transitions.total)}%)`;
  return `${report.machine}: states ${states}, transitions ${transitions}, ${report.paths} paths, ${report.failures.length} failures`;
}

/** Readable explanation of a failed step, with the whole path. */
export function formatFailure(failure: PathFailure): string {
  return `${failure.message} at step ${failure.step} (${failure.event}): expected ${JSON.stringify(failure.expected)}, got ${JSON.stringify(failure.actual)}\n  path: ${failure.path}`;
}

/**
 * Vitest blocks for a model: one test per path (named by its events) and a coverage test that
 * fails below the model's threshold and lists what was never reached.
 */
export function describePathModel<M extends AnyStateMachine>(model: PathModel<M>, name = `${model.machine.id} model-based paths`): void {
  describe(name, () => {
    const prepared = prepareModel(model);
    const collector = new CoverageCollector();
    for (const path of prepared.plan.paths) {
      it(path.description, async () => {
        const failure = await runPath(prepared, path, collector);
        if (failure) throw new Error(formatFailure(failure));
      });
    }
    const threshold = model.threshold ?? { states: 100, transitions: 100 };
    it(`covers at least ${threshold.states}% of states and ${threshold.transitions}% of transitions`, async () => {
      // When only some paths ran (a filtered run), measure on a full replay instead.
      const report = collector.pathsRun === prepared.plan.paths.length ? reportOf(prepared, collector) : await runPathModel(model);
      console.info(coverageLine(report));
      expect.soft(percent(report.states.reached, report.states.total), `states never reached: ${report.states.missing.join(', ')}`).toBeGreaterThanOrEqual(threshold.states);
      expect.soft(percent(report.transitions.taken, report.transitions.total), `transitions never taken: ${report.transitions.missing.join(', ')}`).toBeGreaterThanOrEqual(threshold.transitions);
    });
  });
}
