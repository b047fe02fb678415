import type { AnyStateMachine } from 'xstate';

/**
 * Lays a statechart out from the machine definition itself, in the browser, with no layout
 * library: each compound state places its children in columns by their distance (in transitions)
 * from its initial child, left to right, wrapping into bands below after a few columns; parallel
 * regions sit side by side. Sizes grow bottom-up, so a compound state wraps its children. Edges
 * join the boxes of a transition's source and targets, one edge per pair with its events as label.
 */

type StateNode = AnyStateMachine['root'];

export interface LaidNode {
  id: string;
  /** Path from the root, dot-separated ('' for the root). */
  path: string;
  label: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  depth: number;
  initial: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LaidEdge {
  id: string;
  source: string;
  target: string;
  /** Event types of the transitions this edge stands for, as raw XState types. */
  events: string[];
  label: string;
}

export interface ChartLayout {
  nodes: LaidNode[];
  edges: LaidEdge[];
  width: number;
  height: number;
}

const charWidth = 6.6;
const atomicHeight = 34;
const header = 24;
const pad = 12;
const gapX = 56;
const gapY = 16;
const columnsPerBand = 5;

/** A transition's event as a reader says it: `after 2000 ms`, `done: load`, `always`. */
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

function kindOf(node: StateNode): LaidNode['kind'] {
  if (node.type === 'parallel') return 'parallel';
  if (node.type === 'final') return 'final';
  if (node.type === 'history') return 'history';
  return Object.keys(node.states).length > 0 ? 'compound' : 'atomic';
}

/** Every transition of a node, eventless ones included, as (event type, target nodes). */
function transitionsOf(node: StateNode): { eventType: string; targets: StateNode[] }[] {
  const result: { eventType: string; targets: StateNode[] }[] = [];
  for (const [eventType, definitions] of node.transitions) {
    for (const definition of definitions) result.push({ eventType, targets: (definition.target ?? []) as StateNode[] });
  }
  for (const definition of node.always ?? []) result.push({ eventType: '', targets: (definition.target ?? []) as StateNode[] });
  return result;
}

function descendantsOf(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => descendantsOf(child as StateNode))];
}

/** The child of `parent` that is `node` or holds it; undefined when `node` is outside `parent`. */
function childHolding(parent: StateNode, node: StateNode): StateNode | undefined {
  let current: StateNode | undefined = node;
  while (current && current.parent !== parent) current = current.parent as StateNode | undefined;
  return current;
}

/** Column (rank) of each child: its distance from the initial child, unreached ones after. */
function ranksOf(parent: StateNode, children: StateNode[]): Map<StateNode, number> {
  const ranks = new Map<StateNode, number>();
  if (parent.type === 'parallel') {
    children.forEach((child, index) => ranks.set(child, index));
    return ranks;
  }
  const next = new Map<StateNode, StateNode[]>();
  for (const child of children) {
    const targets = new Set<StateNode>();
    for (const node of descendantsOf(child)) {
      for (const { targets: nodes } of transitionsOf(node)) {
        for (const target of nodes) {
          const holder = childHolding(parent, target);
          if (holder && holder !== child) targets.add(holder);
        }
      }
    }
    next.set(child, [...targets]);
  }
  const initialKey = parent.initial?.target?.[0] ? childHolding(parent, parent.initial.target[0] as StateNode) : undefined;
  const starts = [initialKey ?? children[0], ...children];
  let base = 0;
  for (const start of starts) {
    if (!start || ranks.has(start)) continue;
    const queue: StateNode[] = [start];
    ranks.set(start, base);
    while (queue.length > 0) {
      const current = queue.shift()!;
      for (const target of next.get(current) ?? []) {
        if (ranks.has(target)) continue;
        ranks.set(target, ranks.get(current)! + 1);
        queue.push(target);
      }
    }
    base = Math.max(...ranks.values()) + 1;
  }
  return ranks;
}

interface Sized {
  node: StateNode;
  w: number;
  h: number;
  children: { sized: Sized; dx: number; dy: number }[];
}

function size(node: StateNode): Sized {
  const label = node.key;
  const labelWidth = label.length * charWidth + 28;
  const children = Object.values(node.states) as StateNode[];
  if (children.length === 0) return { node, w: Math.max(86, labelWidth), h: atomicHeight, children: [] };
  const sizedChildren = children.map(size);
  const ranks = ranksOf(node, children);
  const columns: Sized[][] = [];
  sizedChildren.forEach((sized) => {
    const rank = ranks.get(sized.node) ?? 0;
    (columns[rank] ??= []).push(sized);
  });
  const placed: Sized['children'] = [];
  let bandTop = header;
  let width = 0;
  const used = columns.filter((column) => column && column.length > 0);
  for (let start = 0; start < used.length; start += columnsPerBand) {
    let x = pad;
    let bandHeight = 0;
    for (const column of used.slice(start, start + columnsPerBand)) {
      const columnWidth = Math.max(...column.map((sized) => sized.w));
      let y = bandTop;
      for (const sized of column) {
        placed.push({ sized, dx: x, dy: y });
        y += sized.h + gapY;
      }
      bandHeight = Math.max(bandHeight, y - gapY - bandTop);
      x += columnWidth + gapX;
    }
    width = Math.max(width, x - gapX + pad);
    bandTop += bandHeight + gapY * 2;
  }
  return { node, w: Math.max(width, labelWidth + pad * 2), h: bandTop - gapY * 2 + pad, children: placed };
}

const layouts = new WeakMap<AnyStateMachine, ChartLayout>();

/** The layout of a machine's chart (computed once per machine). */
export function layoutMachine(machine: AnyStateMachine): ChartLayout {
  const cached = layouts.get(machine);
  if (cached) return cached;
  const nodes: LaidNode[] = [];
  const place = (sized: Sized, x: number, y: number, depth: number) => {
    const { node } = sized;
    const parent = node.parent as StateNode | undefined;
    const initialTarget = parent?.initial?.target?.[0] as StateNode | undefined;
    nodes.push({
      id: node.id,
      path: node.path.join('.'),
      label: depth === 0 ? machine.id : node.key,
      kind: kindOf(node),
      depth,
      initial: parent?.type !== 'parallel' && initialTarget !== undefined && childHolding(parent!, initialTarget) === node,
      x,
      y,
      w: sized.w,
      h: sized.h,
    });
    for (const child of sized.children) place(child.sized, x + child.dx, y + child.dy, depth + 1);
  };
  const root = size(machine.root);
  place(root, 0, 0, 0);

  const edges = new Map<string, LaidEdge>();
  for (const node of descendantsOf(machine.root)) {
    for (const { eventType, targets } of transitionsOf(node)) {
      for (const target of targets) {
        const id = `${node.id}->${target.id}`;
        const edge = edges.get(id) ?? { id, source: node.id, target: target.id, events: [], label: '' };
        if (!edge.events.includes(eventType)) edge.events.push(eventType);
        edges.set(id, edge);
      }
    }
  }
  for (const edge of edges.values()) {
    const labels = [...new Set(edge.events.map(eventLabel))];
    edge.label = labels.length > 2 ? `${labels.slice(0, 2).join(', ')} +${labels.length - 2}` : labels.join(', ');
  }
  const layout = { nodes, edges: [...edges.values()], width: root.w, height: root.h };
  layouts.set(machine, layout);
  return layout;
}
