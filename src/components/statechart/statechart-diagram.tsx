import { useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { layoutMachine, type LaidNode } from './statechart-layout';
import './statechart.css';

/** Time spent in a state: total of past stays, and the start of the current one. */
export interface StateDuration {
  totalMs: number;
  enteredAt?: number;
}

interface StatechartDiagramProps {
  machine: AnyStateMachine;
  /** Ids of the active state nodes. */
  active: readonly string[];
  /** Type of the last event the actor received: its edges are marked. */
  lastEvent?: string;
  /** Time spent per state node id, with `now` to count the current stay. */
  times?: Record<string, StateDuration>;
  now?: number;
  /** Accessible name of the drawing. */
  title: string;
  testId?: string;
  /** Event labels on the edges (off for small drawings, where they would cover the boxes). */
  labels?: boolean;
}

/** Short duration: 850 ms, 12 s, 3 min 05 s, 1 h 02 min. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** Where an edge leaves or reaches a box: compound boxes by their title bar. */
const anchorY = (node: LaidNode) => node.y + (node.kind === 'atomic' || node.kind === 'final' ? node.h / 2 : 12);

function edgePath(source: LaidNode, target: LaidNode): { d: string; labelX: number; labelY: number } {
  if (source.id === target.id) {
    const x = source.x + source.w - 18;
    const y = source.y;
    return { d: `M ${x} ${y} C ${x} ${y - 22}, ${x + 34} ${y - 22}, ${source.x + source.w} ${y + 8}`, labelX: x + 10, labelY: y - 20 };
  }
  const sy = anchorY(source);
  const ty = anchorY(target);
  let p0: [number, number];
  let p3: [number, number];
  let c1: [number, number];
  let c2: [number, number];
  if (target.x >= source.x + source.w) {
    p0 = [source.x + source.w, sy];
    p3 = [target.x, ty];
    const dx = Math.max(24, (p3[0] - p0[0]) / 2);
    c1 = [p0[0] + dx, p0[1]];
    c2 = [p3[0] - dx, p3[1]];
  } else if (target.x + target.w <= source.x) {
    p0 = [source.x, sy];
    p3 = [target.x + target.w, ty];
    const dx = Math.max(24, (p0[0] - p3[0]) / 2);
    c1 = [p0[0] - dx, p0[1] + 30];
    c2 = [p3[0] + dx, p3[1] + 30];
  } else if (target.y >= source.y + source.h) {
    p0 = [source.x + source.w / 2, source.y + source.h];
    p3 = [target.x + target.w / 2, target.y];
    c1 = [p0[0], p0[1] + 12];
    c2 = [p3[0], p3[1] - 12];
  } else if (target.y + target.h <= source.y) {
    p0 = [source.x + source.w / 2 + 8, source.y];
    p3 = [target.x + target.w / 2 + 8, target.y + target.h];
    c1 = [p0[0], p0[1] - 12];
    c2 = [p3[0], p3[1] + 12];
  } else {
    // One box holds the other: join the title bars.
    p0 = [source.x + source.w - 4, source.y + 6];
    p3 = [target.x + target.w - 4, target.y + 6];
    c1 = [p0[0] + 24, p0[1]];
    c2 = [p3[0] + 24, p3[1]];
  }
  const labelX = (p0[0] + 3 * c1[0] + 3 * c2[0] + p3[0]) / 8;
  const labelY = (p0[1] + 3 * c1[1] + 3 * c2[1] + p3[1]) / 8;
  return { d: `M ${p0[0]} ${p0[1]} C ${c1[0]} ${c1[1]}, ${c2[0]} ${c2[1]}, ${p3[0]} ${p3[1]}`, labelX, labelY };
}

const margin = 28;
/** Approximate width of a character of an edge label (9.5 px text). */
const labelCharWidth = 5.4;

/**
 * A statechart drawn from its machine: nested boxes for the states, arrows for the transitions
 * labelled with their events, the active states highlighted with the time of their current stay,
 * the edges of the last event marked. Every state box carries `data-state` (its path) and
 * `data-active`, which is what tests and assistive tools read.
 */
export function StatechartDiagram({ machine, active, lastEvent, times, now, title, testId, labels = true }: StatechartDiagramProps) {
  const layout = useMemo(() => layoutMachine(machine), [machine]);
  const byId = useMemo(() => new Map(layout.nodes.map((node) => [node.id, node])), [layout]);
  const activeSet = new Set(active);
  const edges = useMemo(
    () =>
      layout.edges.flatMap((edge) => {
        const source = byId.get(edge.source);
        const target = byId.get(edge.target);
        return source && target ? [{ edge, ...edgePath(source, target) }] : [];
      }),
    [layout, byId],
  );
  // The drawing's bounds: the boxes, and the edge labels that stick out of them.
  const bounds = useMemo(() => {
    const box = { minX: -margin / 2, minY: -margin, maxX: layout.width + margin / 2, maxY: layout.height + margin / 2 };
    for (const { edge, labelX, labelY } of labels ? edges : []) {
      const half = (edge.label.length * labelCharWidth) / 2;
      box.minX = Math.min(box.minX, labelX - half - 4);
      box.maxX = Math.max(box.maxX, labelX + half + 4);
      box.minY = Math.min(box.minY, labelY - 14);
      box.maxY = Math.max(box.maxY, labelY + 6);
    }
    return box;
  }, [edges, layout, labels]);
  const markerId = `arrow-${machine.id.replace(/[^\w-]/g, '')}`;
  return (
    <svg
      className="statechart"
      data-testid={testId}
      data-machine={machine.id}
      role="img"
      aria-label={title}
      viewBox={`${bounds.minX} ${bounds.minY} ${bounds.maxX - bounds.minX} ${bounds.maxY - bounds.minY}`}
      width={bounds.maxX - bounds.minX}
      height={bounds.maxY - bounds.minY}
    >
      <defs>
        <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" className="statechart__arrow" />
        </marker>
      </defs>
      {layout.nodes.map((node) => {
        const time = times?.[node.id];
        const stay = time?.enteredAt !== undefined && now !== undefined ? now - time.enteredAt : undefined;
        const isActive = activeSet.has(node.id);
        const compound = node.kind === 'compound' || node.kind === 'parallel';
        const total = time ? time.totalMs + (stay ?? 0) : undefined;
        return (
          <g
            key={node.id}
            className={`statechart__state statechart__state--${node.kind}${isActive ? ' is-active' : ''}`}
            data-testid="chart-state"
            data-state={node.path || '(root)'}
            data-active={isActive ? 'true' : 'false'}
          >
            <title>{`${node.path || machine.id}${total !== undefined ? ` · ${formatDuration(total)}` : ''}`}</title>
            <rect x={node.x} y={node.y} width={node.w} height={node.h} rx={compound ? 10 : 8} />
            {node.kind === 'final' && <rect className="statechart__final" x={node.x + 3} y={node.y + 3} width={node.w - 6} height={node.h - 6} rx={6} />}
            {node.initial && <circle className="statechart__initial" cx={node.x - 6} cy={anchorY(node)} r={4} />}
            <text x={node.x + (compound ? 10 : node.w / 2)} y={compound ? node.y + 16 : node.y + (isActive && stay !== undefined ? 14 : 21)} textAnchor={compound ? 'start' : 'middle'} className="statechart__label">
              {node.label}
              {compound && isActive && stay !== undefined ? ` · ${formatDuration(stay)}` : ''}
            </text>
            {!compound && isActive && stay !== undefined && (
              <text x={node.x + node.w / 2} y={node.y + 27} textAnchor="middle" className="statechart__time">
                {formatDuration(stay)}
              </text>
            )}
          </g>
        );
      })}
      {edges.map(({ edge, d, labelX, labelY }) => {
        const recent = lastEvent !== undefined && edge.events.includes(lastEvent) && (activeSet.has(edge.target) || activeSet.has(edge.source));
        return (
          <g key={edge.id} className={`statechart__edge${recent ? ' is-recent' : ''}`} data-events={edge.events.join(' ')}>
            <path d={d} markerEnd={`url(#${markerId})`} />
            {labels ? (
              <text x={labelX} y={labelY - 3} textAnchor="middle" className="statechart__edge-label">
                {edge.label}
              </text>
            ) : (
              <title>{edge.label}</title>
            )}
          </g>
        );
      })}
    </svg>
  );
}
