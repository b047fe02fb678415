import type { AnyStateMachine } from 'xstate';
import { layoutChart, type ChartGraphEdge, type ChartGraphNode, type ChartLayout, type StateKind } from './chart-layout';

/**
 * A machine's chart as the inspector draws it, read from the machine definition itself and laid
 * out by the shared ELK layout (chart-layout.ts): one edge per (source, target) pair labelled with
 * its events, whose raw types mark the edges of the last event.
 */

type StateNode = AnyStateMachine['root'];

export interface MachineEdge extends ChartGraphEdge {
  /** Event types of the transitions this edge stands for, as raw XState types. */
  events: string[];
  label: string;
}

export type MachineLayout = ChartLayout<MachineEdge>;

/** A transition's event as a reader says it: `after 2 s`, `done: load`, `always`. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.(\d+)\./.exec(eventType);
  if (after) return `after ${Number(after[1]) >= 1000 && Number(after[1]) % 1000 === 0 ? `${Number(after[1]) / 1000} s` : `${after[1]} ms`}`;
  const delayed = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (delayed) return `after ${delayed[1]}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${done[1].split('.').at(-1)}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${error[1].split('.').at(-1)}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

function kindOf(node: StateNode): StateKind {
  if (node.type === 'parallel' || node.type === 'final' || node.type === 'history') return node.type;
  return Object.keys(node.states).length > 0 ? 'compound' : 'atomic';
}

const childrenOf = (node: StateNode) => Object.values(node.states) as StateNode[];

function graphNode(node: StateNode, machine: AnyStateMachine): ChartGraphNode {
  const initial = node.type === 'compound' ? (node.initial?.target?.[0] as StateNode | undefined) : undefined;
  const child = initial && childrenOf(node).find((candidate) => initial === candidate || initial.path.join('.').startsWith(`${candidate.path.join('.')}.`));
  return { id: node.id, label: node === machine.root ? machine.id : node.key, kind: kindOf(node), initial: child?.id, children: childrenOf(node).map((inner) => graphNode(inner, machine)) };
}

/** Every transition with a target, grouped by (source, target); without labels, no room is left for them. */
function machineEdges(machine: AnyStateMachine, withLabels: boolean): MachineEdge[] {
  const edges = new Map<string, MachineEdge>();
  const visit = (node: StateNode) => {
    const transitions = [...[...node.transitions].flatMap(([eventType, definitions]) => definitions.map((definition) => ({ eventType, definition }))), ...(node.always ?? []).map((definition) => ({ eventType: '', definition }))];
    for (const { eventType, definition } of transitions) {
      for (const target of (definition.target ?? []) as StateNode[]) {
        const id = `${node.id}->${target.id}`;
        const edge = edges.get(id) ?? { id, source: node.id, target: target.id, events: [], label: '', lines: [] };
        if (!edge.events.includes(eventType)) edge.events.push(eventType);
        edges.set(id, edge);
      }
    }
    childrenOf(node).forEach(visit);
  };
  visit(machine.root);
  return [...edges.values()].map((edge) => {
    const labels = [...new Set(edge.events.map(eventLabel))];
    const label = labels.length > 2 ? `${labels.slice(0, 2).join(', ')} +${labels.length - 2}` : labels.join(', ');
    return { ...edge, label, lines: withLabels ? [label] : [] };
  });
}

const pending = { true: new WeakMap<AnyStateMachine, Promise<MachineLayout>>(), false: new WeakMap<AnyStateMachine, Promise<MachineLayout>>() };
const done = { true: new WeakMap<AnyStateMachine, MachineLayout>(), false: new WeakMap<AnyStateMachine, MachineLayout>() };

/** The layout of a machine's chart, with or without room for edge labels, computed once per machine. */
export function layoutMachine(machine: AnyStateMachine, labels = true): Promise<MachineLayout> {
  let layout = pending[`${labels}`].get(machine);
  if (!layout) {
    layout = layoutChart(graphNode(machine.root, machine), machineEdges(machine, labels)).then((result) => {
      done[`${labels}`].set(machine, result);
      return result;
    });
    pending[`${labels}`].set(machine, layout);
  }
  return layout;
}

/** The layout of a machine already laid out, to draw it at once when it comes back on screen. */
export function laidOutMachine(machine: AnyStateMachine, labels = true): MachineLayout | undefined {
  return done[`${labels}`].get(machine);
}
