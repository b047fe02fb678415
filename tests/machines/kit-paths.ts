import type { ActorLogic, AnyActorScope, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, InspectionEvent } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type StatePath } from 'xstate/graph';
import { describeChart, transitionKey, type ChartModel } from '../../scripts/statechart-model';
import type { PlannedPath } from './kit-replay';
import { timedLogic } from './kit-time';

/**
 * Turns a chart plus event samples into paths to replay. The traversal (xstate/graph) only sees
 * the events a state really listens to; actor answers and timers are events too
 * (`xstate.done.actor.*` with a sample output, `xstate.error.actor.*`, `xstate.after.*`), so
 * every branch a guard makes on an actor's `{ ok: false, key }` answer, and every delay, is a path.
 */

/** What the planner needs to know beyond the machine. */
export interface PlanInput {
  machine: AnyStateMachine;
  events: Record<string, readonly EventObject[]>;
  actors: Record<string, { done?: readonly unknown[]; error?: readonly unknown[] } | undefined>;
  input?: unknown;
  /** Virtual `Date.now()` at the start of every path. */
  start: number;
  limit: number;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

export interface Plan {
  chart: ChartModel;
  paths: PlannedPath[];
}

type GraphPath = StatePath<AnyMachineSnapshot, EventObject>;

/**
 * One path per state (the shortest that reaches it) and one per chart transition (the
 * shortest that takes it), deduplicated. Every simple path is not kept: on charts whose states
 * accept many events they number in the thousands and replay nothing the per-transition paths miss.
 */
export function planPaths(plan: PlanInput): Plan {
  const chart = describeChart(plan.machine);
  const unsampled = chart.transitions.filter((t) => t.kind === 'event' && !t.eventType.endsWith('*') && !plan.events[t.eventType]);
  if (unsampled.length) throw new Error(`${plan.machine.id}: no samples for event "${unsampled[0]!.eventType}"; add them to the model's events.`);
  const serializeState = plan.serializeState ?? defaultSerializeState;
  const options = { events: (snapshot: AnyMachineSnapshot) => offeredEvents(snapshot, plan), serializeState, input: plan.input, limit: plan.limit };
  let found: GraphPath[];
  const { logic, taken } = keyRecordingLogic(timedLogic(plan.machine, plan.start), serializeState);
  try {
    const shortest = getShortestPaths(logic, options);
    found = [...shortestPerState(shortest), ...shortestPerTransition(shortest, getAdjacencyMap(logic, options), serializeState, taken)];
  } catch (error) {
    if ((error as Error).message.includes('Traversal limit exceeded')) {
      throw new Error(`${plan.machine.id}: more than ${plan.limit} snapshots to explore; the context probably grows without bound. Give the model a serializeState that keeps only what the chart depends on, or raise its limit.`);
    }
    throw error;
  }
  const labels = delayLabels(chart);
  const transitionsOf = (steps: GraphPath['steps'], index: number) => taken.get(index === 0 ? initialKey : edgeKey(serializeState(steps[index - 1]!.state), steps[index]!.event)) ?? [];
  return { chart, paths: dedupe(found).map((path) => toPlannedPath(path, labels, transitionsOf)) };
}

/** The logic, recording which chart transitions (their keys) each event took from each snapshot. */
function keyRecordingLogic(logic: ActorLogic<AnyMachineSnapshot, EventObject, unknown>, serialize: (snapshot: AnyMachineSnapshot) => string) {
  const taken = new Map<string, string[]>();
  const recording = (scope: AnyActorScope, key: string, run: (scope: AnyActorScope) => AnyMachineSnapshot) => {
    const keys: string[] = [];
    // The machine reports each microstep's transitions to its system's inspector (an internal hook).
    const inner = scope.system as InspectedSystem;
    const system = Object.create(inner) as InspectedSystem;
    system._sendInspectionEvent = (inspection) => {
      if (inspection.type === '@xstate.microstep') for (const definition of inspection._transitions) keys.push(transitionKey(definition) ?? '');
      inner._sendInspectionEvent(inspection);
    };
    const next = run({ ...scope, system });
    taken.set(key, keys.filter(Boolean));
    return next;
  };
  return {
    taken,
    logic: {
      ...logic,
      getInitialSnapshot: (scope: AnyActorScope, input: unknown) => recording(scope, initialKey, (inner) => logic.getInitialSnapshot(inner, input)),
      transition: (snapshot: AnyMachineSnapshot, event: EventObject, scope: AnyActorScope) => recording(scope, edgeKey(serialize(snapshot), event), (inner) => logic.transition(snapshot, event, inner)),
    },
  };
}

type InspectedSystem = AnyActorScope['system'] & { _sendInspectionEvent: (inspection: InspectionEvent) => void };

const edgeKey = (source: string, event: EventObject) => `${source}|${JSON.stringify(event)}`;
const initialKey = '(initial)';

/** Of the shortest paths to every snapshot, the shortest to each state node. */
function shortestPerState(shortest: GraphPath[]): GraphPath[] {
  const byState = new Map<string, GraphPath>();
  for (const path of shortest) {
    for (const node of path.state._nodes as AnyStateNode[]) {
      const kept = byState.get(node.id);
      if (!kept || path.steps.length < kept.steps.length) byState.set(node.id, path);
    }
  }
  return [...new Set(byState.values())];
}

/** For every chart transition some edge takes: the shortest path to that edge's source, then the edge. */
function shortestPerTransition(shortest: GraphPath[], adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject>, serialize: (snapshot: AnyMachineSnapshot) => string, taken: Map<string, string[]>): GraphPath[] {
  const toState = new Map(shortest.map((path) => [serialize(path.state), path]));
  const byKey = new Map<string, GraphPath>();
  for (const [source, { transitions }] of Object.entries(adjacency)) {
    const head = toState.get(source);
    if (!head) continue;
    for (const { event, state } of Object.values(transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>) {
      for (const key of taken.get(edgeKey(source, event)) ?? []) {
        const kept = byKey.get(key);
        if (kept && kept.steps.length <= head.steps.length + 1) continue;
        byKey.set(key, { state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
      }
    }
  }
  return [...byKey.values()];
}

/** The sample events offered in `snapshot`: one per sample of each event type its states handle. */
export function offeredEvents(snapshot: AnyMachineSnapshot, plan: PlanInput): EventObject[] {
  const offered = new Map<string, EventObject>();
  const offer = (event: EventObject) => offered.set(JSON.stringify(event), event);
  for (const node of snapshot._nodes as AnyStateNode[]) {
    for (const eventType of (node.transitions as Map<string, unknown>).keys()) {
      if (eventType.startsWith('xstate.after.')) offer({ type: eventType });
      else if (eventType.startsWith('xstate.done.actor.') || eventType.startsWith('xstate.error.actor.')) actorEvents(node, eventType, plan).forEach(offer);
      else if (eventType.startsWith('xstate.')) continue; // done.state and snapshot events are raised by the machine itself
      else samplesMatching(eventType, plan).forEach(offer);
    }
  }
  return [...offered.values()];
}

function actorEvents(node: AnyStateNode, eventType: string, plan: PlanInput): EventObject[] {
  const isDone = eventType.startsWith('xstate.done.actor.');
  const actorId = eventType.slice(isDone ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
  const definition = node.invoke.find((invoke) => invoke.id === actorId);
  const samples = definition && typeof definition.src === 'string' ? plan.actors[definition.src] : undefined;
  if (!samples) return [];
  return isDone
    ? (samples.done ?? []).map((output) => ({ type: eventType, output, actorId }))
    : (samples.error ?? []).map((error) => ({ type: eventType, error, actorId }));
}

/** Samples for a descriptor, including wildcards (`*`, `alert.*`). */
function samplesMatching(descriptor: string, plan: PlanInput): readonly EventObject[] {
  if (descriptor === '*') return Object.values(plan.events).flat();
  if (descriptor.endsWith('.*')) {
    const prefix = descriptor.slice(0, -1);
    return Object.entries(plan.events).filter(([type]) => type.startsWith(prefix)).flatMap(([, samples]) => samples);
  }
  const samples = plan.events[descriptor];
  if (!samples) throw new Error(`${plan.machine.id}: no samples for event "${descriptor}"; add them to the model's events.`);
  return samples;
}

/** State value and context; actor references in the context are reduced to their id. */
export function defaultSerializeState(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, status: snapshot.status, context: snapshot.context }, (_key, value) =>
    value && typeof value === 'object' && typeof value.send === 'function' && 'sessionId' in value ? `actor:${value.id}` : value,
  );
}

/** Drops paths whose event sequence is a prefix of a longer one: replaying the longer checks every step anyway. */
function dedupe(paths: Array<StatePath<AnyMachineSnapshot, EventObject>>): Array<StatePath<AnyMachineSnapshot, EventObject>> {
  const keyed = paths.map((path) => ({ path, keys: path.steps.map((step) => JSON.stringify(step.event)) }));
  keyed.sort((a, b) => b.keys.length - a.keys.length || a.keys.join('\n').localeCompare(b.keys.join('\n')));
  const prefixes = new Set<string>();
  const kept: Array<StatePath<AnyMachineSnapshot, EventObject>> = [];
  for (const { path, keys } of keyed) {
    const whole = keys.join('\n');
    if (prefixes.has(whole)) continue;
    kept.push(path);
    for (let length = 1; length <= keys.length; length++) prefixes.add(keys.slice(0, length).join('\n'));
  }
  return kept;
}

function toPlannedPath(path: GraphPath, labels: Map<string, string>, transitionsOf: (steps: GraphPath['steps'], index: number) => string[]): PlannedPath {
  const steps = path.steps.map((step, index) => ({
    event: step.event,
    value: step.state.value,
    status: step.state.status,
    states: (step.state._nodes as AnyStateNode[]).map((node) => node.id),
    transitions: transitionsOf(path.steps, index),
  }));
  const names = steps.slice(1).map((step) => eventLabel(step.event, labels));
  return { description: names.length ? names.join(' → ') : 'initial state', steps };
}

/** `auth.submit`, `signIn done {"ok":false,"key":"error.x"}`, `after 20 min`. */
function eventLabel(event: EventObject, labels: Map<string, string>): string {
  if (event.type.startsWith('xstate.after.')) return labels.get(event.type) ?? event.type;
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  const payload = done ? (done[1] === 'done' ? (event as { output?: unknown }).output : (event as { error?: unknown }).error) : omitType(event);
  const text = payload === undefined || (typeof payload === 'object' && !(payload instanceof Error) && payload !== null && !Object.keys(payload).length) ? '' : ` ${short(payload)}`;
  return done ? `${done[2]} ${done[1] === 'done' ? 'done' : 'error'}${text}` : `${event.type}${text}`;
}

function omitType(event: EventObject): Record<string, unknown> {
  const { type: _type, ...rest } = event as EventObject & Record<string, unknown>;
  return rest;
}

function short(value: unknown): string {
  const text = value instanceof Error ? `Error(${value.message})` : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function delayLabels(chart: ChartModel): Map<string, string> {
  return new Map(chart.transitions.filter((t) => t.delay).map((t) => [t.eventType, t.delay!.label]));
}
