import { chartText, edgePath, layoutChart, round as r, type ChartGraphEdge, type ChartGraphNode, type ChartLayout, type LaidState } from '../src/components/statechart/chart-layout';
import { transitionLabel, type ChartModel, type ChartState } from './statechart-model';

/**
 * Renders a chart to a self-contained SVG, without network or browser (mermaid-cli would need a
 * Chromium download), from the shared ELK layout: boxes for states, containers for compound and
 * parallel states, a dot for each initial state, a double border for final states, arrows labelled
 * with event, guard and delay. Transitions between the same two states share one arrow with one
 * line per transition.
 */
export async function renderSvg(chart: ChartModel): Promise<string> {
  const layout = await layoutChartModel(chart);
  const inRegion = new Set([chart.root, ...chart.states].filter((state) => state.type === 'parallel').flatMap((state) => state.children.map((child) => child.id)));
  const shapes = layout.states.map((state) => stateShape(state, inRegion.has(state.id), [chart.root, ...chart.states].find((candidate) => candidate.id === state.id)?.description));
  const arrows: string[] = [];
  const labels: string[] = [];
  for (const { edge, points, label } of layout.edges) {
    arrows.push(`<path d="${edgePath(points)}" class="edge" marker-end="url(#arrow)"/>`);
    if (label) {
      const text = edge.lines.map((line, index) => `<tspan x="${r(label.x + 3)}" y="${r(label.y + 10 + index * chartText.lineHeight)}">${escape(line)}</tspan>`).join('');
      labels.push(`<g><rect x="${r(label.x)}" y="${r(label.y)}" width="${r(label.w)}" height="${r(label.h)}" rx="3" class="label-bg"/><text class="label">${text}</text></g>`);
    }
  }
  for (const initial of layout.initials) {
    arrows.push(`<circle cx="${r(initial.x)}" cy="${r(initial.y)}" r="5" class="initial"/>`, `<path d="${edgePath(initial.points)}" class="edge" marker-end="url(#arrow)"/>`);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${r(layout.width)}" height="${r(layout.height)}" viewBox="0 0 ${r(layout.width)} ${r(layout.height)}" font-family="Helvetica, Arial, sans-serif">`,
    `<title>${escape(chart.id)} statechart</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#4a4a4a"/></marker></defs>',
    '<style>.edge{fill:none;stroke:#4a4a4a;stroke-width:1.2}.initial{fill:#222}.state{fill:#fff;stroke:#3b5b92;stroke-width:1.4}.box{stroke:#8a94a6;stroke-width:1.2}.region{fill:none;stroke:#8a94a6;stroke-dasharray:5 4}.name{font-size:12px;fill:#1c2a44}.title{font-size:12px;font-weight:bold;fill:#1c2a44}.label{font-size:10px;fill:#333}.label-bg{fill:#fff;fill-opacity:0.85}</style>',
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...shapes,
    ...arrows,
    ...labels,
    '</svg>',
    '',
  ].join('\n');
}

/** The shared layout of a chart, with the names and labels the docs print. */
export function layoutChartModel(chart: ChartModel): Promise<ChartLayout> {
  return layoutChart(graphNode(chart.root, chart), edgeGroups(chart));
}

/** The state tree as the layout takes it, with the names the docs print. */
function graphNode(state: ChartState, chart: ChartModel): ChartGraphNode {
  const label = state === chart.root ? chart.id : state.type === 'parallel' ? `${state.key} (parallel)` : state.type === 'history' ? `${state.key} (H)` : state.key;
  return { id: state.id, label, kind: state.type, initial: state.initial, children: state.children.map((child) => graphNode(child, chart)) };
}

/** Transitions grouped by (source, target); a targetless transition loops on its source. */
function edgeGroups(chart: ChartModel): ChartGraphEdge[] {
  const groups = new Map<string, ChartGraphEdge>();
  for (const transition of chart.transitions) {
    for (const to of transition.targets.length ? transition.targets : [transition.source]) {
      const id = `${transition.source}>${to}`;
      const group = groups.get(id) ?? { id, source: transition.source, target: to, lines: [] };
      const label = transitionLabel(transition, chart);
      if (!group.lines.includes(label)) group.lines.push(label);
      groups.set(id, group);
    }
  }
  return [...groups.values()];
}

function stateShape(state: LaidState, inRegion: boolean, description: string | undefined): string {
  const tooltip = description ? `<title>${escape(description)}</title>` : '';
  const box = `x="${r(state.x)}" y="${r(state.y)}" width="${r(state.w)}" height="${r(state.h)}"`;
  if (state.kind === 'compound' || state.kind === 'parallel' || state.depth === 0) {
    const fill = state.depth % 2 === 0 ? '#f6f8fb' : '#eaeff7';
    const frame = inRegion ? `<rect ${box} rx="8" class="region"/>` : `<rect ${box} rx="10" class="box" fill="${fill}"/>`;
    return `<g>${tooltip}${frame}<text x="${r(state.x + 10)}" y="${r(state.y + chartText.header / 2 + 5)}" class="title">${escape(state.label)}</text></g>`;
  }
  const inner = state.kind === 'final' ? `<rect x="${r(state.x + 3)}" y="${r(state.y + 3)}" width="${r(state.w - 6)}" height="${r(state.h - 6)}" rx="6" class="state"/>` : '';
  return `<g>${tooltip}<rect ${box} rx="8" class="state"/>${inner}<text x="${r(state.x + state.w / 2)}" y="${r(state.y + state.h / 2 + 4)}" text-anchor="middle" class="name">${escape(state.label)}</text></g>`;
}

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
