import { createActor, fromPromise, type ActorOptions, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject, type InspectionEvent } from 'xstate';
import { transitionKey } from '../../scripts/statechart-model';
import { withNowAsync } from './kit-time';

/**
 * Runs planned paths on real actors. Time is virtual (the actor gets a `VirtualClock`), and every
 * invoked promise actor is a stub the replay settles itself, so a path says exactly when an actor
 * answers and with what, and no real I/O or real waiting ever happens.
 */

type Clock = NonNullable<ActorOptions<AnyStateMachine>['clock']>;

/** One predicted step: the event to apply and the state the chart says it leads to. */
export interface PlannedStep {
  event: EventObject;
  value: unknown;
  status: string;
  /** Ids of the state nodes active then (their declared observations are what a screen must show). */
  states: string[];
  /** Keys of the chart transitions the step's event takes (those of the initial state's `always` at step 0). */
  transitions: string[];
}

export interface PlannedPath {
  description: string;
  steps: PlannedStep[];
}

/** A step where the real actor did not land where the chart predicted. */
export interface PathFailure {
  path: string;
  /** 0 is the initial state, n the state after the n-th event. */
  step: number;
  event: string;
  expected: unknown;
  actual: unknown;
  message: string;
}

/** What the replays observed: state ids entered and transition keys taken, over all paths. */
export class CoverageCollector {
  readonly statesReached = new Set<string>();
  readonly transitionsTaken = new Set<string>();
  pathsRun = 0;
  readonly failures: PathFailure[] = [];

  record(snapshot: AnyMachineSnapshot): void {
    for (const node of snapshot._nodes) this.statesReached.add(node.id);
  }
}

/** A clock that only moves when the replay says so; `after` timers fire in due order. */
export class VirtualClock implements Clock {
  now = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { due: number; fn: () => void }>();

  setTimeout(fn: () => void, timeout: number): number {
    const id = this.nextId++;
    this.timers.set(id, { due: this.now + timeout, fn });
    return id;
  }

  clearTimeout(id: number): void {
    this.timers.delete(id);
  }

  /** Moves time to the earliest pending timer and fires it; false when none is pending. */
  fireNext(): boolean {
    const [id, timer] = [...this.timers].sort(([idA, a], [idB, b]) => a.due - b.due || idA - idB)[0] ?? [];
    if (id === undefined || !timer) return false;
    this.timers.delete(id);
    this.now = Math.max(this.now, timer.due);
    timer.fn();
    return true;
  }
}

/** Pending promise-actor calls by invoke id; the replay resolves or rejects them step by step. */
export class PromiseController {
  private readonly pending = new Map<string, { resolve: (value: unknown) => void; reject: (reason: unknown) => void }>();

  /** A `fromPromise` stand-in whose answer is decided by the path being replayed. */
  stub() {
    return fromPromise<unknown, unknown>(({ self, signal }) =>
      new Promise((resolve, reject) => {
        this.pending.set(self.id, { resolve, reject });
        signal.addEventListener('abort', () => this.pending.delete(self.id));
      }),
    );
  }

  settle(actorId: string, outcome: { output: unknown } | { error: unknown }): boolean {
    const call = this.pending.get(actorId);
    if (!call) return false;
    this.pending.delete(actorId);
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
    return true;
  }
}

/** A promise actor that never answers: stands in for an actor the samples do not model. */
export const silentActor = fromPromise<never, unknown>(() => new Promise<never>(() => undefined));

/** Lets resolved promises and the events they send run to completion. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Replays `path` on a fresh actor of `machine` (already provided with `controller`'s stubs) and
 * records coverage; returns the first step that diverged from the prediction, if any. `Date.now()`
 * reads `start` plus the virtual time waited so far, as it did when the path was planned.
 */
export function replayPath(machine: AnyStateMachine, controller: PromiseController, path: PlannedPath, collector: CoverageCollector, start: number, input?: unknown): Promise<PathFailure | undefined> {
  const clock = new VirtualClock();
  return withNowAsync(() => start + clock.now, () => replayOn(clock, machine, controller, path, collector, input));
}

async function replayOn(clock: VirtualClock, machine: AnyStateMachine, controller: PromiseController, path: PlannedPath, collector: CoverageCollector, input?: unknown): Promise<PathFailure | undefined> {
  // The inspector already runs inside createActor (an initial `always` transition is a microstep
  // of the initial snapshot), before `actor` is assigned: hold those inspections until it is.
  let actor: AnyActorRef | undefined = undefined;
  const early: InspectionEvent[] = [];
  const observe = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.microstep' || inspection.actorRef !== actor) return;
    for (const definition of inspection._transitions) {
      const key = transitionKey(definition);
      if (key) collector.transitionsTaken.add(key);
      // The state a transition leaves was reached, even a transient initial one no snapshot shows.
      for (let node: AnyStateNode | undefined = definition.source; node; node = node.parent) collector.statesReached.add(node.id);
    }
    collector.record(inspection.snapshot as AnyMachineSnapshot);
  };
  const running: AnyActorRef = createActor(machine, {
    clock,
    input,
    inspect: (inspection) => (actor ? observe(inspection) : early.push(inspection)),
  });
  actor = running;
  for (const inspection of early.splice(0)) observe(inspection);
  collector.pathsRun += 1;
  try {
    running.start();
    await settle();
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) {
        const problem = await apply(running, controller, clock, step.event);
        if (problem) return fail(path, index, step, running, problem);
      }
      const snapshot = running.getSnapshot() as AnyMachineSnapshot;
      collector.record(snapshot);
      if (snapshot.status === 'error') return fail(path, index, step, running, `the actor failed: ${String(snapshot.error)}`);
      if (!sameValue(snapshot.value, step.value) || snapshot.status !== step.status) return fail(path, index, step, running, 'the actor is not in the predicted state');
    }
    return undefined;
  } finally {
    running.stop();
  }
}

/** Applies one path event the way it happens for real: a sent event, an actor answer or time passing. */
async function apply(actor: AnyActorRef, controller: PromiseController, clock: VirtualClock, event: EventObject): Promise<string | undefined> {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (done || error) {
    const actorId = (done ?? error)![1]!;
    const outcome = done ? { output: (event as { output?: unknown }).output } : { error: (event as { error?: unknown }).error };
    if (!controller.settle(actorId, outcome)) return `actor "${actorId}" is not running, so it cannot answer`;
  } else if (event.type.startsWith('xstate.after.')) {
    if (!isScheduled(actor, event.type)) return `no timer is pending for ${event.type}`;
    // Time passes until this timer has fired; earlier timers fire first, as they would for real.
    while (isScheduled(actor, event.type) && clock.fireNext()) await settle();
  } else {
    actor.send(event);
  }
  await settle();
  return undefined;
}

function isScheduled(actor: AnyActorRef, eventType: string): boolean {
  return Object.values(actor.system.getSnapshot()._scheduledEvents).some((scheduled) => scheduled.event.type === eventType && scheduled.target === actor);
}

function fail(path: PlannedPath, index: number, step: PlannedStep, actor: AnyActorRef, message: string): PathFailure {
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  return { path: path.description, step: index, event: step.event.type, expected: step.value, actual: snapshot.value, message };
}

/** Structural equality of two state values (strings or nested objects of strings). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
