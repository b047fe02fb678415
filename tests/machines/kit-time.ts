import type { ActorLogic, AnyActorScope, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';

/**
 * Virtual time for model-based tests. Guards and delays often read `Date.now()` (a session that
 * expires, an alert closed after 20 minutes), so the planner and the replay both run with
 * `Date.now()` pinned to a start instant plus the time the path has waited in `after` delays:
 * the chart predicts what reality does, every run sees the same clock, and context stamped with
 * `Date.now()` does not make every visit a new snapshot. (`new Date()` without arguments is not
 * pinned: machines should read the time through `Date.now()`.)
 */

/** Runs `fn` with `Date.now()` answering `now()`, then restores the real clock. */
export function withNow<T>(now: () => number, fn: () => T): T {
  const real = Date.now;
  Date.now = now;
  try {
    return fn();
  } finally {
    Date.now = real;
  }
}

/** Async variant: the clock stays pinned across the awaits of `fn`. */
export async function withNowAsync<T>(now: () => number, fn: () => Promise<T>): Promise<T> {
  const real = Date.now;
  Date.now = now;
  try {
    return await fn();
  } finally {
    Date.now = real;
  }
}

/**
 * The machine as the graph traversal sees it: each snapshot remembers the virtual instant it was
 * reached at, and an `xstate.after.*` event moves that instant forward by the delay before the
 * transition runs, exactly as the timer would for real.
 */
export function timedLogic(machine: AnyStateMachine, start: number): ActorLogic<AnyMachineSnapshot, EventObject, unknown> {
  const reachedAt = new WeakMap<object, number>();
  const stamp = (snapshot: AnyMachineSnapshot, at: number) => (reachedAt.set(snapshot, at), snapshot);
  return {
    ...(machine as unknown as ActorLogic<AnyMachineSnapshot, EventObject, unknown>),
    getInitialSnapshot: (scope: AnyActorScope, input: unknown) => stamp(withNow(() => start, () => machine.getInitialSnapshot(scope, input)), start),
    transition: (snapshot: AnyMachineSnapshot, event: EventObject, scope: AnyActorScope) => {
      const from = reachedAt.get(snapshot) ?? start;
      // The delay is resolved at the instant the state was reached, as xstate does on entry.
      const at = from + (event.type.startsWith('xstate.after.') ? withNow(() => from, () => afterDelay(machine, snapshot, event)) : 0);
      return stamp(withNow(() => at, () => machine.transition(snapshot, event, scope)), at);
    },
  };
}

/** Milliseconds of the `after` transition `event` names, resolved as xstate does on entry. */
export function afterDelay(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): number {
  for (const node of snapshot._nodes as AnyStateNode[]) {
    const definition = node.after.find((transition) => transition.eventType === event.type);
    if (!definition) continue;
    const key = definition.delay;
    const resolved = typeof key === 'string' ? (machine.implementations.delays as Record<string, unknown>)[key] : key;
    if (typeof resolved === 'number') return resolved;
    if (typeof resolved === 'function') return Number(resolved({ context: snapshot.context, event }, undefined)) || 0;
  }
  return 0;
}
