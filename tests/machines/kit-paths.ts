import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type AdjacencyMap, type StatePath } from 'xstate/graph';
import { describeChart, type ChartModel } from '../../scripts/statechart-model';
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
  simplePaths: boolean;
  limit: number;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

export interface Plan {
  chart: ChartModel;
  paths: PlannedPath[];
}

type GraphPath = StatePath<AnyMachineSnapshot, EventObject>;

/**
 * Shortest paths to every reachable state, one more path per transition those miss (the shortest
 * path to its source, then its event: a path to a state never revisits it, so edges that lead back
 * would otherwise never run), and unless disabled every simple path; deduplicated.
 */
export function planPaths(plan: PlanInput): Plan {
  const chart = describeChart(plan.machine);
  const unsampled = chart.transitions.filter((t) => t.kind === 'event' && !t.eventType.endsWith('*') && !plan.events[t.eventType]);
  if (unsampled.length) throw new Error(`${plan.machine.id}: no samples for event "${unsampled[0]!.eventType}"; add them to the model's events.`);
  const serializeState = plan.serializeState ?? defaultSerializeState;
  const options = { events: (snapshot: AnyMachineSnapshot) => offeredEvents(snapshot, plan), serializeState, input: plan.input, limit: plan.limit };
  let found: GraphPath[];
  try {
    const logic = timedLogic(plan.machine, plan.start);
    const shortest = getShortestPaths(logic, options);
    const edges = edgePaths(shortest, getAdjacencyMap(logic, options), serializeState);
    found = [...shortest, ...edges, ...(plan.simplePaths ? getSimplePaths(logic, options) : [])];
  } catch (error) {
    if ((error as Error).message.includes('Traversal limit exceeded')) {
      throw new Error(`${plan.machine.id}: more than ${plan.limit} snapshots to explore; the context probably grows without bound. Give the model a serializeState that keeps only what the chart depends on, or raise its limit.`);
    }
    throw error;
  }
  const labels = delayLabels(chart);
  return { chart, paths: dedupe(found).map((path) => toPlannedPath(path, labels)) };
}

/** For every edge of the adjacency map no shortest path takes: the shortest path to its source plus that edge. */
function edgePaths(shortest: GraphPath[], adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject>, serialize: (snapshot: AnyMachineSnapshot) => string): GraphPath[] {
  const toState = new Map(shortest.map((path) => [serialize(path.state), path]));
  const taken = new Set(shortest.flatMap((path) => path.steps.slice(1).map((step, index) => `${serialize(path.steps[index]!.state)}|${JSON.stringify(step.event)}`)));
  const extra: GraphPath[] = [];
  for (const [source, { transitions }] of Object.entries(adjacency)) {
    const head = toState.get(source);
    if (!head) continue;
    for (const { event, state } of Object.values(transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>) {
      if (taken.has(`${source}|${JSON.stringify(event)}`)) continue;
      extra.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
    }
  }
  return extra;
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

function toPlannedPath(path: StatePath<AnyMachineSnapshot, EventObject>, labels: Map<string, string>): PlannedPath {
  const steps = path.steps.map((step) => ({ event: step.event, value: step.state.value, status: step.state.status }));
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
