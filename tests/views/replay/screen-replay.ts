import { act, cleanup, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, it, vi } from 'vitest';
import type { AnyStateMachine, AnyStateNode, EventFromLogic, EventObject } from 'xstate';
import { observationsOf } from '../../../src/machines/observations';
import { prepareModel, type PathModel } from '../../machines/kit';
import { PromiseController, VirtualClock, type PlannedPath } from '../../machines/kit-replay';
import { FakeApi, type FakeAnswer, type FakeRequest } from './fake-api';
import { checksIn, unmetObservations } from './observe-dom';
import { emptyCoverage, writeScreenReport, type ScreenCoverage } from './screen-report';

/**
 * Model → implementation: the paths planned from a workflow machine's chart (one per state, one per
 * transition) replayed against its rendered screen in jsdom. The screen runs the real machine and
 * its real actors; only the HTTP layer is faked (fake-api.ts), and time where the screen takes a
 * clock. Each user event is a person's gesture on the screen, each actor answer the server's answer
 * to the request the screen made, each delay the clock moving on; after every step the observations
 * the chart declares for the states it predicts (src/machines/observations.ts) must hold on the page,
 * and the calls declared for the states entered must have been made. A wrong transition, a missing
 * or dead button, a message not shown or a call not made fails the path.
 */

type EventOf<M extends AnyStateMachine> = EventFromLogic<M>;
/** A person's gesture; one that goes through a dialog answers its next step (a function), and so on. */
type Gesture<E> = (event: E) => unknown;

/** Steps a gesture may take (a step that waits on the screen answers itself again). */
const maxGestureSteps = 100;

export interface ScreenModel<M extends AnyStateMachine> {
  /** The machine's samples (tests/machines/<id>.samples.ts): its paths are planned from them. */
  model: PathModel<M>;
  /** Renders the screen around `machine` (the real one, provided with the stubs below), passing `clock` to its actor where it can. */
  render: (machine: M, clock: VirtualClock) => { send?: (event: EventOf<M>) => void } | void;
  /** How a person makes each event happen; an event without one is sent to the screen's actor and counted apart. */
  gestures?: { [T in EventOf<M>['type']]?: Gesture<Extract<EventOf<M>, { type: T }>> };
  /**
   * Events the screen offers no way to make happen, with why: a path stops before one (its
   * transition stays uncovered). A function says it of some payloads only (undefined: on screen).
   */
  offScreen?: { [T in EventOf<M>['type']]?: string | ((event: Extract<EventOf<M>, { type: T }>) => string | undefined) };
  /** The endpoint each actor calls, by actor source (needed where several requests may wait at once). */
  endpoints?: Record<string, string>;
  /** Actors that make no HTTP call (browser storage...): answered as the machine replay does. */
  stubbed?: readonly string[];
  /** Other implementations the screen needs (callback actors fed by the socket...). */
  provide?: Parameters<M['provide']>[0];
  /** Standing answers for requests around the flow, by endpoint. */
  standing?: Record<string, FakeAnswer | ((request: FakeRequest) => FakeAnswer)>;
  /**
   * A sampled actor answer (`network` for a rejection) in the form the server gives it, where the
   * actor reshapes the server's answer or makes several calls: then one answer per endpoint.
   */
  toServer?: Record<string, (outcome: FakeAnswer) => FakeAnswer | Array<[endpoint: string, answer: FakeAnswer]>>;
}

/** A model planned once, with its replays' coverage. */
export interface PreparedScreen<M extends AnyStateMachine> {
  screen: ScreenModel<M>;
  paths: PlannedPath[];
  coverage: ScreenCoverage;
  srcOf: (actorId: string) => string | undefined;
  observed: (states: string[]) => ReturnType<typeof observationsOf>;
}

/** Plans the model's paths and starts its coverage (observations come from the model's chart). */
export function prepareScreen<M extends AnyStateMachine>(screen: ScreenModel<M>): PreparedScreen<M> {
  const { plan } = prepareModel(screen.model);
  const nodes = new Map<string, AnyStateNode>();
  const visit = (node: AnyStateNode) => {
    nodes.set(node.id, node);
    Object.values(node.states).forEach(visit);
  };
  visit(screen.model.machine.root);
  const invokes = new Map(plan.chart.states.flatMap((state) => state.invokes.map((invoke) => [invoke.id, invoke.src] as const)));
  const observed = (states: string[]) => observationsOf(Object.fromEntries(states.map((id) => [id, nodes.get(id)?.meta])));
  const coverage = emptyCoverage(plan.chart, nodes);
  return { screen, paths: plan.paths, coverage, srcOf: (actorId) => invokes.get(actorId), observed };
}

/** waitFor's time-out error as thrown, without the whole page printed after it. */
const quiet = { onTimeout: (error: Error) => error };

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/** Replays one path on the rendered screen; throws at the first step whose observations do not hold. */
export async function replayScreenPath<M extends AnyStateMachine>(prepared: PreparedScreen<M>, path: PlannedPath, implementation: M = prepared.screen.model.machine): Promise<void> {
  const { screen, coverage } = prepared;
  const controller = new PromiseController();
  const stubs = Object.fromEntries((screen.stubbed ?? []).map((src) => [src, controller.stub()]));
  const provided = (screen.provide ?? {}) as { actors?: Record<string, unknown> };
  const machine = implementation.provide({ ...(screen.provide ?? {}), actors: { ...(provided.actors ?? {}), ...stubs } } as never) as M;
  const api = new FakeApi(screen.standing).install();
  const clock = new VirtualClock();
  coverage.paths += 1;
  try {
    const rendered = await act(async () => screen.render(machine, clock) ?? {});
    let seen = 0;
    for (const [index, step] of path.steps.entries()) {
      if (index > 0 && offScreenReason(screen, step.event)) break;
      const where = `step ${index} (${index === 0 ? 'initial state' : describeEvent(step.event)}) of "${path.description}"`;
      if (index > 0) await apply(prepared, step.event, { api, controller, clock, send: rendered.send, where, expected: step.states });
      const observation = prepared.observed(step.states);
      const entered = index === 0 ? step.states : step.states.filter((id) => !path.steps[index - 1]!.states.includes(id));
      const calls = prepared.observed(entered).calls;
      await waitFor(() => {
        const unmet = unmetObservations(observation);
        const made = api.requests.slice(seen).map((request) => request.endpoint);
        unmet.push(...calls.filter((call) => !made.includes(call)).map((call) => `call ${call}`));
        if (unmet.length) throw new Error(`${where}: the screen does not show what the chart says of ${step.states.join(', ')}: ${unmet.join('; ')}`);
      }, quiet);
      seen = api.requests.length;
      coverage.observations += checksIn({ ...observation, calls });
      for (const id of step.states) if (coverage.observable.has(id)) coverage.statesObserved.add(id);
      for (const key of step.transitions) coverage.transitionsReplayed.add(key);
    }
  } catch (error) {
    coverage.failures.push({ path: path.description, message: (error as Error).message.split('\n')[0]! });
    throw error;
  }
}

interface StepTools {
  api: FakeApi;
  controller: PromiseController;
  clock: VirtualClock;
  send?: (event: never) => void;
  where: string;
  expected: string[];
}

/** Why the screen cannot make `event` happen, or undefined when it can. */
function offScreenReason<M extends AnyStateMachine>(screen: ScreenModel<M>, event: EventObject): string | undefined {
  const reason = (screen.offScreen as Record<string, string | ((event: EventObject) => string | undefined)> | undefined)?.[event.type];
  return typeof reason === 'function' ? reason(event) : reason;
}

/** Makes one event of the path happen the way it does for real. */
async function apply<M extends AnyStateMachine>(prepared: PreparedScreen<M>, event: EventObject, tools: StepTools): Promise<void> {
  const { screen, coverage } = prepared;
  const answered = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (answered) {
    const actorId = answered[2]!;
    const src = prepared.srcOf(actorId) ?? actorId;
    const isDone = answered[1] === 'done';
    const output = (event as { output?: unknown }).output;
    if (screen.stubbed?.includes(src)) {
      await waitFor(() => {
        if (!tools.controller.settle(actorId, isDone ? { output } : { error: (event as { error?: unknown }).error })) throw new Error(`${tools.where}: ${src} was not called`);
      }, quiet);
    } else {
      // A rejection in the chart is a request that gets no response; an answer is the server's.
      const outcome: FakeAnswer = isDone ? (output as FakeAnswer) : 'network';
      const server = screen.toServer?.[src]?.(outcome) ?? outcome;
      const answers: Array<[string | undefined, FakeAnswer]> = Array.isArray(server) ? server : [[screen.endpoints?.[src], server]];
      for (const [endpoint, answer] of answers) {
        await waitFor(() => {
          if (!tools.api.answer(endpoint, answer)) throw new Error(`${tools.where}: no request of ${src} (${endpoint ?? 'its endpoint is not named in the screen model'}) is waiting; waiting: ${tools.api.waiting().map((request) => request.endpoint).join(', ') || 'none'}`);
        }, quiet);
      }
    }
  } else if (event.type.startsWith('xstate.after.')) {
    // The clock moves on: the first timer due, then more until the screen shows the state the delay leads to.
    if (!tools.clock.fireNext()) throw new Error(`${tools.where}: no timer is pending on the screen's clock`);
    await settle();
    await waitFor(async () => {
      if (!unmetObservations(prepared.observed(tools.expected)).length) return;
      if (!tools.clock.fireNext()) throw new Error(`${tools.where}: no timer is pending on the screen's clock`);
      await settle();
      throw new Error('fired a timer');
    }, quiet);
  } else {
    const gesture = (screen.gestures as Record<string, Gesture<EventObject> | undefined> | undefined)?.[event.type];
    if (gesture) {
      // A gesture that goes through a dialog answers its next step: each step runs in an act of its
      // own, so the screen shows what the step before opened (a dialog, a popup) when it looks.
      let next = await act(async () => gesture(event));
      for (let steps = 0; typeof next === 'function'; steps += 1) {
        if (steps >= maxGestureSteps) throw new Error(`${tools.where}: the gesture for ${event.type} did not end in ${maxGestureSteps} steps`);
        await settle();
        const step = next as () => unknown;
        next = await act(async () => step());
      }
    } else if (tools.send) {
      coverage.sentWithoutGesture.add(event.type);
      await act(async () => tools.send!(event as never));
    } else throw new Error(`${tools.where}: the screen model has no gesture for ${event.type} and no actor to send it to`);
  }
  await settle();
}

function describeEvent(event: EventObject): string {
  return event.type.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => `answer ${kind === 'done' ? '' : 'error '}of `);
}

/** One test per planned path, and the screen's coverage report written after them (`npm run test:paths` reads it). */
export function describeScreenReplay<M extends AnyStateMachine>(screen: ScreenModel<M>, name = `${screen.model.machine.id} replayed on its screen`): void {
  describe(name, () => {
    const prepared = prepareScreen(screen);
    afterEach(() => {
      cleanup();
      vi.unstubAllGlobals();
      localStorage.clear();
    });
    afterAll(() => writeScreenReport(screen.model.machine.id, prepared.coverage));
    for (const path of prepared.paths) it(path.description, () => replayScreenPath(prepared, path));
  });
}
