import type { Box, ChartLayout } from '../../src/components/statechart/chart-layout';

const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const inside = (inner: Box, outer: Box) => inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;

/**
 * What makes a laid-out chart hard to read, named: sibling states whose boxes overlap, an edge
 * label over a state's box (a label inside a container is fine, over its border or title is not),
 * two labels over each other. Empty when the chart reads cleanly.
 */
export function layoutProblems(layout: ChartLayout): string[] {
  const problems: string[] = [];
  const states = layout.states;
  for (const [index, a] of states.entries()) {
    for (const b of states.slice(index + 1)) {
      if (overlap(a, b) && !inside(a, b) && !inside(b, a)) problems.push(`states ${a.id} and ${b.id} overlap`);
    }
  }
  const titleBar = (box: Box) => ({ ...box, h: 28 });
  const labels = layout.edges.flatMap(({ edge, label }) => (label ? [{ id: edge.id, box: label }] : []));
  for (const [index, { id, box }] of labels.entries()) {
    for (const state of states) {
      const container = state.kind === 'compound' || state.kind === 'parallel' || state.depth === 0;
      if (!overlap(box, state)) continue;
      if (!container || !inside(box, state) || overlap(box, titleBar(state))) problems.push(`label of ${id} covers ${state.id}`);
    }
    for (const other of labels.slice(index + 1)) if (overlap(box, other.box)) problems.push(`labels of ${id} and ${other.id} overlap`);
  }
  return problems;
}
