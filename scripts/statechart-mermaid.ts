import { transitionLabel, type ChartModel, type ChartState, type ChartTransition } from './statechart-model';

/**
 * Mermaid `stateDiagram-v2` source of a chart. Mermaid cannot draw an edge between states of two
 * different composite states, so each edge is drawn between the two siblings that contain its
 * ends, inside their common parent, and the label names the real end when it was lifted.
 */
export function toMermaid(chart: ChartModel): string {
  const byId = new Map<string, ChartState>();
  const index = (state: ChartState) => {
    byId.set(state.id, state);
    state.children.forEach(index);
  };
  index(chart.root);
  const edges = new Map<string, string[]>();
  for (const transition of chart.transitions) {
    for (const edge of liftedEdges(transition, chart, byId)) edges.set(edge.container, [...(edges.get(edge.container) ?? []), edge.line]);
  }
  const lines = ['stateDiagram-v2', ...body(chart.root, edges, 1)];
  return `${lines.join('\n')}\n`;
}

/** Mermaid id of a state: its path, safe for the parser (the root is the diagram itself). */
export function mermaidId(state: ChartState): string {
  return `s_${state.path.join('__').replace(/\W/g, '_')}`;
}

function body(container: ChartState, edges: Map<string, string[]>, depth: number): string[] {
  const pad = '  '.repeat(depth);
  const lines: string[] = [];
  const regions = container.type === 'parallel';
  container.children.forEach((child, position) => {
    if (regions && position > 0) lines.push(`${pad}--`);
    lines.push(`${pad}state "${text(child.type === 'history' ? `${child.key} (history)` : child.key)}" as ${mermaidId(child)}`);
    if (child.children.length) {
      lines.push(`${pad}state ${mermaidId(child)} {`, ...body(child, edges, depth + 1), `${pad}}`);
    }
  });
  if (container.initial) lines.push(`${pad}[*] --> ${mermaidId(container.children.find((child) => child.id === container.initial)!)}`);
  for (const child of container.children) if (child.type === 'final') lines.push(`${pad}${mermaidId(child)} --> [*]`);
  lines.push(...(edges.get(container.id) ?? []).map((line) => `${pad}${line}`));
  return lines;
}

/** One line per target, placed in the deepest state that strictly contains both ends. */
function liftedEdges(transition: ChartTransition, chart: ChartModel, byId: Map<string, ChartState>) {
  const source = byId.get(transition.source)!;
  const targets = transition.targets.length ? transition.targets.map((id) => byId.get(id)!) : [source];
  return targets.map((target) => {
    let common = 0;
    while (common < source.path.length - 1 && common < target.path.length - 1 && source.path[common] === target.path[common]) common += 1;
    const container = ancestorAt(source, common, byId);
    const from = ancestorAt(source, common + 1, byId);
    const to = ancestorAt(target, common + 1, byId);
    const notes = [from !== source ? `from ${source.path.slice(common).join('.')}` : '', to !== target ? `to ${target.path.slice(common).join('.')}` : ''].filter(Boolean);
    const label = `${transitionLabel(transition, chart)}${notes.length ? ` (${notes.join(', ')})` : ''}`;
    return { container: container.id, line: `${mermaidId(from)} --> ${mermaidId(to)} : ${text(label)}` };
  });
}

/** The ancestor of `state` whose path has `length` segments (the state itself when shorter). */
function ancestorAt(state: ChartState, length: number, byId: Map<string, ChartState>): ChartState {
  if (state.path.length <= length) return state;
  let node = state;
  while (node.path.length > length) node = parentOf(node, byId);
  return node;
}

function parentOf(state: ChartState, byId: Map<string, ChartState>): ChartState {
  for (const candidate of byId.values()) if (candidate.children.includes(state)) return candidate;
  throw new Error(`no parent for ${state.id}`);
}

/** Characters Mermaid reads as syntax in labels (`;` ends a statement, `#` starts an entity, quotes end a name). */
function text(value: string): string {
  return value.replace(/;/g, ',').replace(/[#"{}]/g, '').replace(/\s+/g, ' ').trim();
}
