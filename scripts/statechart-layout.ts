import type { ChartModel, ChartState } from './statechart-model';

/**
 * A small layered layout for statecharts, enough to draw our charts offline and deterministically:
 * each compound state lays its children out left to right in layers (longest path from its
 * initial state, cycles broken where a depth-first walk meets them, barycentre ordering within a
 * layer); parallel regions stack vertically; sizes are computed bottom-up so nested states become
 * containers.
 */

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** Absolute rectangle of every state, the root included. */
  rects: Map<string, Rect>;
  /** Initial markers: the dot's centre and the state it points to. */
  initials: Array<{ x: number; y: number; target: string }>;
}

interface Block {
  state: ChartState;
  w: number;
  h: number;
  children: Array<{ block: Block; x: number; y: number }>;
  init?: { x: number; y: number; target: string };
}

export const HEADER = 26;
const PAD = 16;
const NODE_GAP = 22;
const INIT = 12;

/** Approximate width of `text` in a sans-serif font of `size` px (no font metrics offline). */
export function textWidth(text: string, size = 12): number {
  return Math.ceil(text.length * size * 0.6);
}

/** Lays out `chart`; `labelWidth` gives the width of the widest label leaving a state, to space layers. */
export function layoutChart(chart: ChartModel, labelWidth: (stateId: string) => number): ChartLayout {
  const edges = siblingEdges(chart);
  const root = blockOf(chart.root, edges, labelWidth);
  const rects = new Map<string, Rect>();
  const initials: ChartLayout['initials'] = [];
  const place = (block: Block, x: number, y: number) => {
    rects.set(block.state.id, { x, y, w: block.w, h: block.h });
    if (block.init) initials.push({ x: x + block.init.x, y: y + block.init.y, target: block.init.target });
    for (const child of block.children) place(child.block, x + child.x, y + child.y);
  };
  // Self-loops and their labels stick out above and to the right: leave room for them.
  const margin = { top: 56, side: 20, right: 160 };
  place(root, margin.side, margin.top);
  return { width: root.w + margin.side + margin.right, height: root.h + margin.top + margin.side + 40, rects, initials };
}

function blockOf(state: ChartState, edges: Map<string, Array<[string, string]>>, labelWidth: (id: string) => number): Block {
  const titleWidth = textWidth(state.key, 12) + 2 * PAD;
  if (!state.children.length) return { state, w: Math.max(90, textWidth(state.key) + 28), h: 36, children: [] };
  const blocks = state.children.map((child) => blockOf(child, edges, labelWidth));
  if (state.type === 'parallel') {
    const width = Math.max(titleWidth, ...blocks.map((block) => block.w));
    let y = HEADER;
    const children = blocks.map((block) => {
      const placed = { block: { ...block, w: width }, x: PAD, y };
      y += block.h + NODE_GAP / 2;
      return placed;
    });
    return { state, w: width + 2 * PAD, h: y - NODE_GAP / 2 + PAD, children };
  }
  return layered(state, blocks, edges.get(state.id) ?? [], labelWidth, titleWidth);
}

function layered(state: ChartState, blocks: Block[], edges: Array<[string, string]>, labelWidth: (id: string) => number, titleWidth: number): Block {
  const INITIAL = '#initial';
  const nodes = [...(state.initial ? [INITIAL] : []), ...blocks.map((block) => block.state.id)];
  const links = [...(state.initial ? [[INITIAL, state.initial] as [string, string]] : []), ...edges];
  const layerOf = assignLayers(nodes, links);
  const layers: string[][] = [];
  for (const node of nodes) (layers[layerOf.get(node)!] ??= []).push(node);
  orderLayers(layers, links);

  const size = (node: string) => (node === INITIAL ? { w: INIT, h: INIT } : blocks.find((block) => block.state.id === node)!);
  const layerWidths = layers.map((layer) => Math.max(...layer.map((node) => size(node).w)));
  const gaps = layers.map((layer) => Math.min(260, Math.max(56, ...layer.map((node) => (node === INITIAL ? 0 : labelWidth(node) + 28)))));
  const layerHeights = layers.map((layer) => layer.reduce((sum, node) => sum + size(node).h, 0) + NODE_GAP * (layer.length - 1));
  const contentHeight = Math.max(...layerHeights);
  const children: Block['children'] = [];
  let init: Block['init'];
  let x = PAD;
  layers.forEach((layer, index) => {
    let y = HEADER + (contentHeight - layerHeights[index]!) / 2;
    for (const node of layer) {
      const { w, h } = size(node);
      const left = x + (layerWidths[index]! - w) / 2;
      if (node === INITIAL) init = { x: left + w / 2, y: y + h / 2, target: state.initial! };
      else children.push({ block: blocks.find((block) => block.state.id === node)!, x: left, y });
      y += h + NODE_GAP;
    }
    x += layerWidths[index]! + (index < layers.length - 1 ? gaps[index]! : 0);
  });
  return { state, w: Math.max(titleWidth, x + PAD), h: HEADER + contentHeight + PAD, children, init };
}

/** Longest-path layers over the graph without the edges a depth-first walk finds going back. */
function assignLayers(nodes: string[], links: Array<[string, string]>): Map<string, number> {
  const next = new Map(nodes.map((node) => [node, links.filter(([from]) => from === node).map(([, to]) => to)]));
  const mark = new Map<string, 'open' | 'done'>();
  const back = new Set<string>();
  const walk = (node: string) => {
    mark.set(node, 'open');
    for (const to of next.get(node) ?? []) {
      if (mark.get(to) === 'open') back.add(`${node}>${to}`);
      else if (!mark.has(to)) walk(to);
    }
    mark.set(node, 'done');
  };
  nodes.forEach((node) => mark.has(node) || walk(node));
  const forward = links.filter(([from, to]) => from !== to && !back.has(`${from}>${to}`));
  const layer = new Map<string, number>();
  const layerOf = (node: string): number => {
    if (!layer.has(node)) layer.set(node, Math.max(0, ...forward.filter(([, to]) => to === node).map(([from]) => layerOf(from) + 1)));
    return layer.get(node)!;
  };
  nodes.forEach(layerOf);
  return layer;
}

/** A few barycentre sweeps, down then up, to reduce crossings; ties keep definition order. */
function orderLayers(layers: string[][], links: Array<[string, string]>): void {
  const neighbours = (node: string, before: boolean) => links.filter((link) => link[before ? 1 : 0] === node).map((link) => link[before ? 0 : 1]);
  for (let sweep = 0; sweep < 4; sweep++) {
    const down = sweep % 2 === 0;
    const indices = layers.map((_, index) => index);
    for (const index of down ? indices.slice(1) : indices.slice(0, -1).reverse()) {
      const reference = layers[down ? index - 1 : index + 1]!;
      const current = layers[index]!;
      const weight = (node: string) => {
        const positions = neighbours(node, down).map((other) => reference.indexOf(other)).filter((position) => position >= 0);
        return positions.length ? positions.reduce((a, b) => a + b, 0) / positions.length : current.indexOf(node);
      };
      const weights = new Map(current.map((node) => [node, weight(node)]));
      const before = new Map(current.map((node, position) => [node, position]));
      current.sort((a, b) => weights.get(a)! - weights.get(b)! || before.get(a)! - before.get(b)!);
    }
  }
}

/** For every compound state, its transitions between two of its children (ends lifted to those children). */
function siblingEdges(chart: ChartModel): Map<string, Array<[string, string]>> {
  const all = [chart.root, ...chart.states];
  const byPath = new Map(all.map((state) => [state.path.join('\u0000'), state]));
  const byId = new Map(all.map((state) => [state.id, state]));
  const result = new Map<string, Array<[string, string]>>();
  for (const transition of chart.transitions) {
    const source = byId.get(transition.source)!;
    for (const target of transition.targets.map((id) => byId.get(id)!)) {
      let common = 0;
      while (common < source.path.length - 1 && common < target.path.length - 1 && source.path[common] === target.path[common]) common += 1;
      const from = byPath.get(source.path.slice(0, common + 1).join('\u0000'));
      const to = byPath.get(target.path.slice(0, common + 1).join('\u0000'));
      const container = byPath.get(source.path.slice(0, common).join('\u0000'));
      if (!from || !to || !container || from === to) continue;
      result.set(container.id, [...(result.get(container.id) ?? []), [from.id, to.id]]);
    }
  }
  return result;
}
