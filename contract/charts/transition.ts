import { getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic } from 'xstate';

/** Answers already computed, per chart: `state \u0000 event type` → next state. */
const known = new WeakMap<AnyStateMachine, Map<string, string | undefined>>();

/**
 * Asks a domain chart where an entity in `state` goes on `event`; undefined when the chart has no
 * such transition. The server refuses the action (409 error.illegal-transition or the chart's own
 * key) instead of writing; the SPA uses the same answer to enable or hide the action.
 */
export function nextState<M extends AnyStateMachine>(chart: M, state: string, event: EventFromLogic<M>): string | undefined {
  // Resolving a snapshot costs about a millisecond; a chart never changes, so the answer to an
  // event that carries nothing but its type (guards see the same input) is computed once.
  if (Object.keys(event).length !== 1) return computeNext(chart, state, event);
  let answers = known.get(chart);
  if (!answers) known.set(chart, (answers = new Map()));
  const key = `${state}\u0000${event.type}`;
  if (!answers.has(key)) answers.set(key, computeNext(chart, state, event));
  return answers.get(key);
}

function computeNext<M extends AnyStateMachine>(chart: M, state: string, event: EventFromLogic<M>): string | undefined {
  const current = chart.resolveState({ value: state, context: undefined as never }) as AnyMachineSnapshot;
  if (!current.can(event)) return undefined;
  const next = getNextSnapshot(chart, current as never, event) as AnyMachineSnapshot;
  return typeof next.value === 'string' ? next.value : JSON.stringify(next.value);
}

/** Whether the chart allows `event` from `state`. */
export function allows<M extends AnyStateMachine>(chart: M, state: string, event: EventFromLogic<M>): boolean {
  return nextState(chart, state, event) !== undefined;
}
