import { HEADER, layoutChart, textWidth, type Rect } from './statechart-layout';
import { transitionLabel, type ChartModel, type ChartState } from './statechart-model';

/**
 * Renders a chart to a self-contained SVG, without network or browser (mermaid-cli would need a
 * Chromium download): boxes for states, containers for compound and parallel states, a dot for
 * each initial state, a double border for final states, arrows labelled with event, guard and
 * delay. Transitions between the same two states share one arrow with one line per transition.
 */
export function renderSvg(chart: ChartModel): string {
  const all = [chart.root, ...chart.states];
  const byId = new Map(all.map((state) => [state.id, state]));
  const groups = edgeGroups(chart);
  const widest = new Map<string, number>();
  for (const group of groups) widest.set(group.from, Math.max(widest.get(group.from) ?? 0, ...group.labels.map((label) => textWidth(label, 10))));
  const layout = layoutChart(chart, (id) => widest.get(id) ?? 0);
  const rect = (id: string) => layout.rects.get(id)!;

  const shapes = all.filter((state) => state.type !== 'history' || layout.rects.has(state.id)).map((state) => stateShape(state, rect(state.id), depthOf(state), byId));
  const arrows: string[] = [];
  const labels: string[] = [];
  const taken: Rect[] = all.filter((state) => !state.children.length).map((state) => rect(state.id));
  for (const group of groups) {
    const bothWays = groups.some((other) => other.from === group.to && other.to === group.from && group.from !== group.to);
    const obstacles = all.filter((state) => !state.children.length && state.id !== group.from && state.id !== group.to).map((state) => rect(state.id));
    const geometry = edgeGeometry(rect(group.from), rect(group.to), group.from === group.to, bothWays, obstacles);
    arrows.push(`<path d="${geometry.path}" class="edge" marker-end="url(#arrow)"/>`);
    labels.push(labelBox(group.labels, geometry.candidates, geometry.anchorLeft, taken));
  }
  for (const initial of layout.initials) {
    const end = clip(rect(initial.target), initial.x, initial.y);
    arrows.push(`<circle cx="${r(initial.x)}" cy="${r(initial.y)}" r="5" class="initial"/>`, `<path d="M${r(initial.x + 5)},${r(initial.y)} L${r(end.x)},${r(end.y)}" class="edge" marker-end="url(#arrow)"/>`);
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

interface EdgeGroup {
  from: string;
  to: string;
  labels: string[];
}

/** Transitions grouped by (source, target); a targetless transition loops on its source. */
function edgeGroups(chart: ChartModel): EdgeGroup[] {
  const groups = new Map<string, EdgeGroup>();
  for (const transition of chart.transitions) {
    for (const to of transition.targets.length ? transition.targets : [transition.source]) {
      const key = `${transition.source}>${to}`;
      const group = groups.get(key) ?? { from: transition.source, to, labels: [] };
      const label = transitionLabel(transition, chart);
      if (!group.labels.includes(label)) group.labels.push(label);
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

function stateShape(state: ChartState, box: Rect, depth: number, byId: Map<string, ChartState>): string {
  const tooltip = state.description ? `<title>${escape(state.description)}</title>` : '';
  const parent = [...byId.values()].find((candidate) => candidate.children.includes(state));
  const inRegion = parent?.type === 'parallel';
  if (state.children.length || depth === 0) {
    const fill = depth % 2 === 0 ? '#f6f8fb' : '#eaeff7';
    const frame = inRegion ? `<rect x="${r(box.x)}" y="${r(box.y)}" width="${r(box.w)}" height="${r(box.h)}" rx="8" class="region"/>` : `<rect x="${r(box.x)}" y="${r(box.y)}" width="${r(box.w)}" height="${r(box.h)}" rx="10" class="box" fill="${fill}"/>`;
    const title = depth === 0 ? state.id : state.type === 'parallel' ? `${state.key} (parallel)` : state.key;
    return `<g>${tooltip}${frame}<text x="${r(box.x + 10)}" y="${r(box.y + HEADER / 2 + 5)}" class="title">${escape(title)}</text></g>`;
  }
  const outer = `<rect x="${r(box.x)}" y="${r(box.y)}" width="${r(box.w)}" height="${r(box.h)}" rx="8" class="state"/>`;
  const inner = state.type === 'final' ? `<rect x="${r(box.x + 3)}" y="${r(box.y + 3)}" width="${r(box.w - 6)}" height="${r(box.h - 6)}" rx="6" class="state"/>` : '';
  const name = state.type === 'history' ? `${state.key} (H)` : state.key;
  return `<g>${tooltip}${outer}${inner}<text x="${r(box.x + box.w / 2)}" y="${r(box.y + box.h / 2 + 4)}" text-anchor="middle" class="name">${escape(name)}</text></g>`;
}

/**
 * Arrow path and label positions between two boxes: a loop, a containment stub, or a curve that
 * bends away from the states it would otherwise cross.
 */
function edgeGeometry(from: Rect, to: Rect, self: boolean, bothWays: boolean, obstacles: Rect[]) {
  if (self) {
    const x = from.x + from.w;
    const y = from.y;
    return { path: `M${r(x - 18)},${r(y)} C${r(x - 18)},${r(y - 26)} ${r(x + 26)},${r(y + 18)} ${r(x)},${r(y + 18)}`, candidates: [{ x: x + 8, y: y - 6 }], anchorLeft: true };
  }
  if (contains(from, to) || contains(to, from)) {
    const inner = contains(from, to) ? to : from;
    const outer = contains(from, to) ? from : to;
    const x = inner.x + Math.min(24, inner.w / 3);
    const top = { x, y: outer.y + HEADER - 2 };
    const [start, end] = contains(from, to) ? [top, { x, y: inner.y }] : [{ x, y: inner.y }, top];
    return { path: `M${r(start.x)},${r(start.y)} L${r(end.x)},${r(end.y)}`, candidates: [{ x: x + 6, y: (top.y + inner.y) / 2 }], anchorLeft: true };
  }
  const a = { x: from.x + from.w / 2, y: from.y + from.h / 2 };
  const b = { x: to.x + to.w / 2, y: to.y + to.h / 2 };
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  // Edges going back (right to left) arc below the forward ones; a pair in both directions splits apart.
  const backwards = b.x < a.x - 1;
  const base = backwards ? Math.min(70, 22 + Math.abs(b.x - a.x) * 0.1) : bothWays ? 16 : 0;
  const curve = (bend: number) => {
    const control = { x: (a.x + b.x) / 2 + ((b.y - a.y) / length) * bend, y: (a.y + b.y) / 2 - ((b.x - a.x) / length) * bend };
    const start = clip(from, control.x, control.y);
    const end = clip(to, control.x, control.y);
    const at = (t: number) => ({ x: (1 - t) ** 2 * start.x + 2 * (1 - t) * t * control.x + t ** 2 * end.x, y: (1 - t) ** 2 * start.y + 2 * (1 - t) * t * control.y + t ** 2 * end.y });
    return { control, start, end, at };
  };
  const crosses = (candidate: ReturnType<typeof curve>) => Array.from({ length: 19 }, (_, index) => candidate.at((index + 1) / 20)).some((point) => obstacles.some((box) => inside(point, box)));
  const bends = [base, base + 40, base - 40, base + 80, base - 80, base + 130, base - 130];
  const { control, start, end, at } = bends.map(curve).find((candidate) => !crosses(candidate)) ?? curve(base);
  return { path: `M${r(start.x)},${r(start.y)} Q${r(control.x)},${r(control.y)} ${r(end.x)},${r(end.y)}`, candidates: [0.5, 0.35, 0.65, 0.25, 0.75].map(at), anchorLeft: false };
}

/**
 * A label at the first candidate point (along its arrow, then nudged up or down) where it covers
 * no state and no other label; `taken` grows with each label placed.
 */
function labelBox(lines: string[], candidates: Array<{ x: number; y: number }>, anchorLeft: boolean, taken: Rect[]): string {
  const width = Math.max(...lines.map((line) => textWidth(line, 10))) + 6;
  const height = lines.length * 12 + 2;
  const boxAt = (point: { x: number; y: number }, nudge: number): Rect => ({ x: anchorLeft ? point.x : point.x - width / 2, y: point.y - height / 2 + nudge, w: width, h: height });
  const options = [0, -14, 14, -28, 28].flatMap((nudge) => candidates.map((point) => boxAt(point, nudge)));
  const chosen = options.find((option) => !taken.some((other) => overlaps(option, other))) ?? options[0]!;
  taken.push(chosen);
  const left = chosen.x;
  const top = chosen.y;
  const text = lines.map((line, index) => `<tspan x="${r(left + 3)}" y="${r(top + 10 + index * 12)}">${escape(line)}</tspan>`).join('');
  return `<g><rect x="${r(left)}" y="${r(top)}" width="${r(width)}" height="${r(height)}" rx="3" class="label-bg"/><text class="label">${text}</text></g>`;
}

/** Where the segment from the centre of `box` towards (x, y) leaves the box. */
function clip(box: Rect, x: number, y: number): { x: number; y: number } {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const dx = x - cx;
  const dy = y - cy;
  if (!dx && !dy) return { x: cx, y: box.y };
  const scale = Math.min(dx ? box.w / 2 / Math.abs(dx) : Infinity, dy ? box.h / 2 / Math.abs(dy) : Infinity);
  return { x: cx + dx * scale, y: cy + dy * scale };
}

function inside(point: { x: number; y: number }, box: Rect): boolean {
  return point.x > box.x - 3 && point.x < box.x + box.w + 3 && point.y > box.y - 3 && point.y < box.y + box.h + 3;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h && (inner.w < outer.w || inner.h < outer.h);
}

function depthOf(state: ChartState): number {
  return state.path.length;
}

const r = (value: number) => Math.round(value * 10) / 10;

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
