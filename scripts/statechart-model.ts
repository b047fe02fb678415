import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * A plain description of a machine's chart, read from the machine definition itself (never
 * hand-listed). The docs generator draws it; the path kit counts its states and transitions for
 * coverage, so both agree on what "the chart" is.
 */
export interface ChartModel {
  id: string;
  description?: string;
  root: ChartState;
  /** Every state node under the root (depth first, definition order), history pseudo-states excluded. */
  states: ChartState[];
  transitions: ChartTransition[];
}

export interface ChartState {
  /** The state node id, e.g. `session.signedIn.idle`. */
  id: string;
  /** Path from the root, e.g. `['signedIn', 'idle']`; empty for the root. */
  path: string[];
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description?: string;
  tags: string[];
  /** Id of the initial child, for compound states. */
  initial?: string;
  children: ChartState[];
  /** Actors invoked while this state is active: invoke id and source name. */
  invokes: Array<{ id: string; src: string }>;
}

export type TransitionKind = 'event' | 'after' | 'always' | 'actorDone' | 'actorError' | 'actorSnapshot' | 'stateDone';

export interface ChartTransition {
  /** Stable key `<source id>|<event type>|<index>`; identical for a machine and its `.provide()` copies. */
  key: string;
  source: string;
  /** Target state ids; empty for a targetless transition (actions only, the state stays). */
  targets: string[];
  eventType: string;
  kind: TransitionKind;
  guard?: string;
  delay?: ChartDelay;
  /** Invoke id, for actor done/error/snapshot transitions. */
  actorId?: string;
  description?: string;
}

export interface ChartDelay {
  /** The key written in `after`: a number of milliseconds or a named delay. */
  key: string;
  /** Milliseconds, when known without running the machine. */
  ms?: number;
  /** Human label: `after 20 min`, `after 2000 ms`, `after sessionExpiry`. */
  label: string;
}

/** Reads the chart of `machine`. */
export function describeChart(machine: AnyStateMachine): ChartModel {
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];
  const visit = (node: AnyStateNode): ChartState => {
    const state = toState(node);
    if (node !== machine.root && state.type !== 'history') states.push(state);
    transitions.push(...transitionsOf(machine, node));
    state.children = Object.values(node.states as Record<string, AnyStateNode>).map(visit);
    return state;
  };
  const root = visit(machine.root);
  return { id: machine.id, description: machine.root.description, root, states, transitions };
}

/** Key of a transition definition as `describeChart` lists it; undefined for initial transitions. */
export function transitionKey(definition: AnyTransitionDefinition): string | undefined {
  const source = definition.source;
  if (definition.eventType === '') {
    const index = source.always?.indexOf(definition) ?? -1;
    return index < 0 ? undefined : `${source.id}|always|${index}`;
  }
  const index = source.transitions.get(definition.eventType)?.indexOf(definition) ?? -1;
  return index < 0 ? undefined : `${source.id}|${definition.eventType}|${index}`;
}

/** `20 min`, `2 h`, `1500 ms`: whole minutes and hours read better in a chart than raw milliseconds. */
export function formatDuration(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms} ms`;
}

/** Readable name of a guard: named, parameterised, inline or built from and/or/not/stateIn. */
export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const higher = guard as { check?: { name?: string }; guards?: unknown[]; stateValue?: unknown };
    const parts = (higher.guards ?? []).map((inner) => guardLabel(inner) ?? '?');
    switch (higher.check?.name) {
      case 'checkAnd': return `(${parts.join(' && ')})`;
      case 'checkOr': return `(${parts.join(' || ')})`;
      case 'checkNot': return `!${parts[0]}`;
      case 'checkStateIn': return `in(${JSON.stringify(higher.stateValue)})`;
      default: return guard.name && guard.name !== 'guard' ? guard.name : 'inline guard';
    }
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function toState(node: AnyStateNode): ChartState {
  return {
    id: node.id,
    path: [...node.path],
    key: node.key,
    type: node.type,
    description: node.description,
    tags: [...node.tags],
    initial: node.type === 'compound' ? node.initial?.target?.[0]?.id : undefined,
    children: [],
    invokes: node.invoke.map((definition) => ({ id: definition.id, src: typeof definition.src === 'string' ? definition.src : definition.id })),
  };
}

function transitionsOf(machine: AnyStateMachine, node: AnyStateNode): ChartTransition[] {
  const result: ChartTransition[] = [];
  for (const [eventType, definitions] of node.transitions as Map<string, AnyTransitionDefinition[]>) {
    definitions.forEach((definition, index) => result.push(toTransition(machine, definition, `${node.id}|${eventType}|${index}`)));
  }
  (node.always ?? []).forEach((definition: AnyTransitionDefinition, index: number) => result.push(toTransition(machine, definition, `${node.id}|always|${index}`)));
  return result;
}

function toTransition(machine: AnyStateMachine, definition: AnyTransitionDefinition, key: string): ChartTransition {
  const eventType = definition.eventType;
  const kind = kindOf(eventType);
  const delayKey = (definition as { delay?: unknown }).delay;
  return {
    key,
    source: definition.source.id,
    targets: (definition.target ?? []).map((target) => target.id),
    eventType: kind === 'always' ? '' : eventType,
    kind,
    guard: guardLabel(definition.guard),
    delay: kind === 'after' ? delayOf(machine, delayKey) : undefined,
    actorId: kind.startsWith('actor') ? eventType.replace(/^xstate\.(done\.actor|error\.actor|snapshot)\./, '') : undefined,
    description: definition.description,
  };
}

function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'actorDone';
  if (eventType.startsWith('xstate.error.actor.')) return 'actorError';
  if (eventType.startsWith('xstate.snapshot.')) return 'actorSnapshot';
  if (eventType.startsWith('xstate.done.state.')) return 'stateDone';
  return 'event';
}

function delayOf(machine: AnyStateMachine, key: unknown): ChartDelay {
  const named = typeof key === 'string' ? (machine.implementations.delays as Record<string, unknown>)[key] : undefined;
  const ms = typeof key === 'number' ? key : typeof named === 'number' ? named : undefined;
  const label = ms !== undefined ? `after ${formatDuration(ms)}` : `after ${String(key)}`;
  return { key: String(key), ms, label };
}

/** The trigger of a transition as a reader says it: `alert.launch`, `after 20 min`, `signIn done`, `always`. */
export function triggerLabel(transition: ChartTransition, chart: ChartModel): string {
  const source = () => [chart.root, ...chart.states].flatMap((state) => state.invokes).find((invoke) => invoke.id === transition.actorId)?.src ?? transition.actorId;
  switch (transition.kind) {
    case 'after': return transition.delay!.label;
    case 'always': return 'always';
    case 'actorDone': return `${source()} done`;
    case 'actorError': return `${source()} error`;
    case 'actorSnapshot': return `${source()} snapshot`;
    case 'stateDone': return 'done';
    default: return transition.eventType;
  }
}

/** Trigger plus guard: `alert.launch [canLaunch]`. */
export function transitionLabel(transition: ChartTransition, chart: ChartModel): string {
  return transition.guard ? `${triggerLabel(transition, chart)} [${transition.guard}]` : triggerLabel(transition, chart);
}
