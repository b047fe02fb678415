import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';

/**
 * The one statechart layout, shared by the generated docs (scripts/statechart-svg.ts) and the live
 * inspector (statechart-diagram.tsx): ELK's layered algorithm over the whole hierarchy at once
 * (compound and parallel states are compound nodes), orthogonal edges, and edge labels placed by
 * ELK as boxes of their own so they never cover a state or another label. ELK is loaded on the
 * first layout only, so no screen pays for it until a chart is drawn.
 */

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartGraphNode {
  id: string;
  /** Name drawn in the box (a compound state's title). */
  label: string;
  kind: StateKind;
  /** Id of the initial child, drawn as a dot with an arrow to it. */
  initial?: string;
  children: ChartGraphNode[];
}

/** One arrow per (source, target) pair; `lines` are its label, one line per transition. */
export interface ChartGraphEdge {
  id: string;
  source: string;
  target: string;
  lines: string[];
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface LaidState extends Box {
  id: string;
  label: string;
  kind: StateKind;
  /** 0 for the chart's root. */
  depth: number;
}

export interface LaidEdge<E extends ChartGraphEdge = ChartGraphEdge> {
  edge: E;
  /** Start, bend points and end, in drawing coordinates. */
  points: Point[];
  /** Where the label box goes (absent for an edge without label lines). */
  label?: Box;
}

export interface LaidInitial {
  /** The dot's centre. */
  x: number;
  y: number;
  target: string;
  points: Point[];
}

export interface ChartLayout<E extends ChartGraphEdge = ChartGraphEdge> {
  width: number;
  height: number;
  /** Parents before their children, so drawing in order keeps children on top. */
  states: LaidState[];
  edges: Array<LaidEdge<E>>;
  initials: LaidInitial[];
}

/** Text sizes both renderers use, so the boxes ELK sizes fit what is drawn. */
export const chartText = { name: 12, label: 10, lineHeight: 12, header: 28 };

/** Approximate width of `text` in Helvetica/Arial of `size` px (no font metrics offline; both renderers use that font). */
export function textWidth(text: string, size: number): number {
  return Math.ceil(text.length * size * 0.52);
}

/** Size of the box of an edge label of `lines`, a little wider than its longest line. */
const labelSize = (lines: string[]) => ({ width: Math.max(...lines.map((line) => textWidth(line, chartText.label))) + 6, height: lines.length * chartText.lineHeight + 2 });

const INITIAL_DOT = 10;
const initialId = (parent: string) => `${parent}#initial`;

/** Whole-chart options: one layered layout across the hierarchy, coordinates relative to the chart. */
const rootOptions: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.padding': '[top=12,left=12,bottom=12,right=12]',
};

/**
 * Options ELK reads per graph, so every compound state carries them. Top to bottom keeps the alert
 * chart near 1,600 px wide (left to right made it 4,500); a depth-first cycle breaking follows the
 * flow from the initial state; merged edges and tight channels keep the many return arrows narrow.
 * (ELK 0.12 fails on the model-order options in nested graphs, so they are left out.)
 */
const graphOptions: Record<string, string> = {
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.layered.nodePlacement.strategy': 'LINEAR_SEGMENTS',
  'elk.layered.mergeEdges': 'true',
  'elk.layered.spacing.nodeNodeBetweenLayers': '30',
  'elk.layered.spacing.edgeNodeBetweenLayers': '10',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '5',
  'elk.spacing.nodeNode': '16',
  'elk.spacing.edgeNode': '8',
  'elk.spacing.edgeEdge': '5',
  'elk.spacing.edgeLabel': '3',
  'elk.spacing.labelLabel': '4',
  'elk.edgeLabels.placement': 'CENTER',
};

function elkNode(node: ChartGraphNode): ElkNode {
  if (!node.children.length) {
    return { id: node.id, width: Math.max(90, textWidth(node.label, chartText.name) + 28), height: 36 };
  }
  const children = node.children.map(elkNode);
  if (node.initial) {
    children.unshift({ id: initialId(node.id), width: INITIAL_DOT, height: INITIAL_DOT, layoutOptions: { 'elk.layered.layering.layerConstraint': 'FIRST' } });
  }
  return {
    id: node.id,
    children,
    layoutOptions: {
      ...graphOptions,
      'elk.padding': `[top=${chartText.header + 6},left=14,bottom=14,right=14]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${textWidth(node.label, chartText.name) + 28}, ${chartText.header + 20})`,
    },
  };
}

/** The transitions' edges, with the edges of the initial dots and, undrawn, between parallel regions. */
function elkEdges(root: ChartGraphNode, edges: ChartGraphEdge[]): ElkExtendedEdge[] {
  const structural: ElkExtendedEdge[] = [];
  const visit = (node: ChartGraphNode) => {
    if (node.initial) structural.push({ id: initialId(node.id), sources: [initialId(node.id)], targets: [node.initial] });
    // Undrawn edges from one region to the next stack a parallel state's regions one under another.
    if (node.kind === 'parallel') node.children.slice(1).forEach((region, index) => structural.push({ id: `${region.id}#after`, sources: [node.children[index]!.id], targets: [region.id] }));
    node.children.forEach(visit);
  };
  visit(root);
  return [
    ...structural,
    ...edges.map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target], labels: edge.lines.length ? [{ id: `${edge.id}#label`, text: edge.lines.join('\n'), ...labelSize(edge.lines) }] : [] })),
  ];
}

type ElkConstructor = typeof import('elkjs/lib/elk-api').default;

let engine: Promise<InstanceType<ElkConstructor>> | undefined;

/** ELK, loaded once on first use (its own chunk in the SPA). */
function elk(): Promise<InstanceType<ElkConstructor>> {
  engine ??= import('elkjs/lib/elk.bundled.js').then((module) => {
    const ELK = ((module as { default?: ElkConstructor }).default ?? module) as ElkConstructor;
    return new ELK();
  });
  return engine;
}

/** Lays out the chart whose root state is `root`, with one arrow per edge. */
export async function layoutChart<E extends ChartGraphEdge>(root: ChartGraphNode, edges: E[]): Promise<ChartLayout<E>> {
  const graph: ElkNode = { id: '#chart', layoutOptions: { ...graphOptions, ...rootOptions }, children: [elkNode(root)], edges: elkEdges(root, edges) };
  const laid = await (await elk()).layout(graph);

  const boxes = new Map<string, Box>();
  const collect = (node: ElkNode) => {
    boxes.set(node.id, { x: node.x ?? 0, y: node.y ?? 0, w: node.width ?? 0, h: node.height ?? 0 });
    (node.children ?? []).forEach(collect);
  };
  (laid.children ?? []).forEach(collect);
  const elkEdgesById = new Map<string, ElkExtendedEdge>();
  const gather = (node: ElkNode) => {
    for (const edge of node.edges ?? []) elkEdgesById.set(edge.id, edge);
    (node.children ?? []).forEach(gather);
  };
  gather(laid);

  const states: LaidState[] = [];
  const initials: LaidInitial[] = [];
  const place = (node: ChartGraphNode, depth: number) => {
    states.push({ id: node.id, label: node.label, kind: node.kind, depth, ...boxes.get(node.id)! });
    if (node.initial) {
      const dot = boxes.get(initialId(node.id))!;
      initials.push({ x: dot.x + dot.w / 2, y: dot.y + dot.h / 2, target: node.initial, points: pointsOf(elkEdgesById.get(initialId(node.id))) });
    }
    node.children.forEach((child) => place(child, depth + 1));
  };
  place(root, 0);

  const laidEdges = edges.map((edge) => {
    const elkEdge = elkEdgesById.get(edge.id);
    const label = elkEdge?.labels?.[0];
    return { edge, points: pointsOf(elkEdge), label: label ? { x: label.x ?? 0, y: label.y ?? 0, w: label.width ?? 0, h: label.height ?? 0 } : undefined };
  });
  return { width: laid.width ?? 0, height: laid.height ?? 0, states, edges: laidEdges, initials };
}

function pointsOf(edge: ElkExtendedEdge | undefined): Point[] {
  const section = edge?.sections?.[0];
  if (!section) return [];
  return [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(({ x, y }) => ({ x, y }));
}

/** SVG path of a laid edge: straight segments through ELK's bend points. */
export function edgePath(points: Point[]): string {
  return points.map((point, index) => `${index ? 'L' : 'M'}${round(point.x)},${round(point.y)}`).join(' ');
}

/** One decimal is plenty for a drawing and keeps generated files stable. */
export const round = (value: number) => Math.round(value * 10) / 10;
