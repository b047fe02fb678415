import type { AnyActor, AnyMachineSnapshot, AnyStateMachine, InspectionEvent, StateValue } from 'xstate';

/**
 * The live inspector's record of the app's running actors. Every actor the SPA creates passes
 * `inspect` (XState's inspection observer) at creation; children share their root's observer, so
 * no machine changes. The record keeps, per machine actor: its machine (the chart is drawn from
 * it), its latest snapshot, its last events and the time spent in each state. Raw values stay in
 * memory only; views show them through `redact` (src/services/redaction.ts).
 *
 * Nothing is recorded until the inspector is enabled (for the groups allowed); actors are still
 * known from their start, so a panel opened late shows them from their current snapshot.
 */

/** An event an actor received, as the inspector lists it. */
export interface InspectedEvent {
  seq: number;
  at: number;
  type: string;
  /** The event without its type (raw: show it through `redact`). */
  payload: Record<string, unknown>;
  /** The sending actor's machine id or session id, when another actor sent it. */
  from?: string;
}

/** Time spent in one state node (by its id), entered at `enteredAt` when active now. */
export interface StateTime {
  totalMs: number;
  enteredAt?: number;
  visits: number;
}

/** One live (or recently ended) machine actor. */
export interface InspectedActor {
  /** The actor's session id: unique in the page. */
  key: string;
  machine: AnyStateMachine;
  machineId: string;
  systemId?: string;
  parentKey?: string;
  startedAt: number;
  status: 'active' | 'done' | 'error' | 'stopped';
  value: StateValue | undefined;
  /** Ids of the active state nodes, the root included. */
  active: string[];
  snapshot: AnyMachineSnapshot | undefined;
  events: InspectedEvent[];
  times: Record<string, StateTime>;
  /** Grows on every change: views compare it to re-render. */
  version: number;
}

export interface InspectionStoreOptions {
  now?: () => number;
  /** Events kept per actor. */
  maxEvents?: number;
  /** Ended actors kept in the list, newest first. */
  maxEnded?: number;
}

type Forward = (event: InspectionEvent) => void;

function isMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'getStateNodeById' in logic;
}

/** Ids of the state nodes a state value makes active, the root included. */
export function activeStateIds(machine: AnyStateMachine, value: StateValue | undefined): string[] {
  const ids = [machine.root.id];
  const walk = (node: AnyStateMachine['root'], current: StateValue) => {
    if (typeof current === 'string') {
      const child = node.states[current];
      if (child) ids.push(child.id);
      return;
    }
    for (const [key, sub] of Object.entries(current)) {
      const child = node.states[key];
      if (!child) continue;
      ids.push(child.id);
      if (sub !== undefined) walk(child, sub as StateValue);
    }
  };
  if (value !== undefined) walk(machine.root, value);
  return ids;
}

/** Creates a record of actors; the app uses the one `inspection` below, tests their own. */
export function createInspectionStore(options: InspectionStoreOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const maxEvents = options.maxEvents ?? 40;
  const maxEnded = options.maxEnded ?? 10;
  const refs = new Map<string, AnyActor>();
  const actors = new Map<string, InspectedActor>();
  const listeners = new Set<() => void>();
  const forwards = new Set<Forward>();
  let enabled = false;
  let seq = 0;
  let list: InspectedActor[] = [];

  const publish = () => {
    const ended = [...actors.values()].filter((actor) => actor.status !== 'active');
    // Drop the oldest ended actors beyond the limit.
    for (const actor of ended.slice(0, Math.max(0, ended.length - maxEnded))) actors.delete(actor.key);
    list = [...actors.values()];
    listeners.forEach((listener) => listener());
  };

  const enter = (actor: InspectedActor, snapshot: AnyMachineSnapshot) => {
    const at = now();
    const active = activeStateIds(actor.machine, snapshot.value);
    const times = { ...actor.times };
    for (const id of actor.active) {
      const time = times[id];
      if (!active.includes(id) && time?.enteredAt !== undefined) times[id] = { ...time, totalMs: time.totalMs + (at - time.enteredAt), enteredAt: undefined };
    }
    for (const id of active) {
      const time = times[id] ?? { totalMs: 0, visits: 0 };
      if (time.enteredAt === undefined) times[id] = { ...time, enteredAt: at, visits: time.visits + 1 };
    }
    const status = snapshot.status as InspectedActor['status'];
    if (status !== 'active') {
      for (const id of active) {
        const time = times[id];
        if (time.enteredAt !== undefined) times[id] = { ...time, totalMs: time.totalMs + (at - time.enteredAt), enteredAt: undefined };
      }
    }
    actors.set(actor.key, { ...actor, snapshot, value: snapshot.value, active: status === 'active' ? active : [], status, times, version: actor.version + 1 });
  };

  const track = (ref: AnyActor): InspectedActor | undefined => {
    const known = actors.get(ref.sessionId);
    if (known) return known;
    if (!isMachine(ref.logic)) return undefined;
    const actor: InspectedActor = {
      key: ref.sessionId,
      machine: ref.logic,
      machineId: ref.logic.id,
      systemId: ref.systemId,
      parentKey: ref._parent?.sessionId,
      startedAt: now(),
      status: 'active',
      value: undefined,
      active: [],
      snapshot: undefined,
      events: [],
      times: {},
      version: 0,
    };
    actors.set(actor.key, actor);
    return actor;
  };

  /** XState's inspection observer: pass it as `inspect` when creating a root actor. */
  const inspect = (event: InspectionEvent) => {
    const ref = event.actorRef as AnyActor;
    // Known from its start (the init event), not its creation: React may create an actor in a
    // render it then discards, and that actor never starts nor stops.
    if (event.type === '@xstate.event' && event.event.type === 'xstate.init' && isMachine(ref.logic)) refs.set(ref.sessionId, ref);
    if (event.type === '@xstate.snapshot' && event.snapshot.status !== 'active') refs.delete(event.actorRef.sessionId);
    if (!enabled) return;
    forwards.forEach((forward) => forward(event));
    if (event.type === '@xstate.event') {
      const actor = track(ref);
      if (!actor) return;
      const { type, ...payload } = event.event as { type: string };
      seq += 1;
      const source = event.sourceRef as AnyActor | undefined;
      const from = source && source !== ref ? (isMachine(source.logic) ? source.logic.id : source.id) : undefined;
      const events = [...actor.events, { seq, at: now(), type, payload, from }].slice(-maxEvents);
      actors.set(actor.key, { ...actor, events, version: actor.version + 1 });
      publish();
    } else if (event.type === '@xstate.snapshot') {
      const actor = track(ref);
      if (!actor) return;
      enter(actor, event.snapshot as AnyMachineSnapshot);
      publish();
    }
  };

  /** Starts or stops recording; on start, actors created earlier are read from their current snapshot. */
  const setEnabled = (value: boolean) => {
    if (value === enabled) return;
    enabled = value;
    if (!enabled) {
      actors.clear();
      publish();
      return;
    }
    for (const ref of refs.values()) {
      const snapshot = ref.getSnapshot() as AnyMachineSnapshot;
      if (snapshot.status === 'stopped') continue;
      const actor = track(ref);
      if (actor) enter(actor, snapshot);
    }
    publish();
  };

  return {
    inspect,
    setEnabled,
    isEnabled: () => enabled,
    /** For useSyncExternalStore. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The actors, in creation order; a new array after every change. */
    getActors: (): InspectedActor[] => list,
    /** The live actor references (for an external inspector that needs to be told about them). */
    liveRefs: (): AnyActor[] => [...refs.values()].filter((ref) => ref.getSnapshot().status === 'active'),
    /** Sends every recorded inspection event to `forward` too (the Stately inspector); answers the removal. */
    forward(forward: Forward): () => void {
      forwards.add(forward);
      return () => forwards.delete(forward);
    },
  };
}

export type InspectionStore = ReturnType<typeof createInspectionStore>;

/** The app's one record of its actors. */
export const inspection = createInspectionStore();

/** Options to spread into a root actor's creation options so that the inspector sees it. */
export const inspected = { inspect: inspection.inspect } as const;
