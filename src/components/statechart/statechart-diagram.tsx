import { useEffect, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { chartText, edgePath } from './chart-layout';
import { laidOutMachine, layoutMachine } from './machine-chart';
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

/**
 * A statechart drawn from its machine: nested boxes for the states, arrows for the transitions
 * labelled with their events, the active states highlighted with the time of their current stay,
 * the edges of the last event marked. Every state box carries `data-state` (its path) and
 * `data-active`, which is what tests and assistive tools read.
 */
export function StatechartDiagram({ machine, active, lastEvent, times, now, title, testId, labels = true }: StatechartDiagramProps) {
  // ELK lays out asynchronously (and is loaded on the first chart): draw once the layout is ready.
  const layout = laidOutMachine(machine, labels);
  const [, setLaidOut] = useState(0);
  useEffect(() => {
    if (layout) return;
    let current = true;
    void layoutMachine(machine, labels).then(() => current && setLaidOut((count) => count + 1));
    return () => {
      current = false;
    };
  }, [machine, labels, layout]);
  if (!layout) return <div className="statechart statechart--loading" data-testid={testId} role="img" aria-label={title} aria-busy="true" />;
  const activeSet = new Set(active);
  const pathOf = (id: string) => machine.getStateNodeById(id).path.join('.');
  const markerId = `arrow-${machine.id.replace(/[^\w-]/g, '')}`;
  return (
    <svg
      className="statechart"
      data-testid={testId}
      data-machine={machine.id}
      role="img"
      aria-label={title}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
    >
      <defs>
        <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" className="statechart__arrow" />
        </marker>
      </defs>
      {layout.states.map((node) => {
        const path = node.depth === 0 ? '' : pathOf(node.id);
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
            data-state={path || '(root)'}
            data-active={isActive ? 'true' : 'false'}
          >
            <title>{`${path || machine.id}${total !== undefined ? ` · ${formatDuration(total)}` : ''}`}</title>
            <rect x={node.x} y={node.y} width={node.w} height={node.h} rx={compound ? 10 : 8} />
            {node.kind === 'final' && <rect className="statechart__final" x={node.x + 3} y={node.y + 3} width={node.w - 6} height={node.h - 6} rx={6} />}
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
      {layout.initials.map((initial) => (
        <g key={`${initial.target}#initial`} className="statechart__edge">
          <circle className="statechart__initial" cx={initial.x} cy={initial.y} r={4} />
          <path d={edgePath(initial.points)} markerEnd={`url(#${markerId})`} />
        </g>
      ))}
      {layout.edges.map(({ edge, points, label }) => {
        const recent = lastEvent !== undefined && edge.events.includes(lastEvent) && (activeSet.has(edge.target) || activeSet.has(edge.source));
        return (
          <g key={edge.id} className={`statechart__edge${recent ? ' is-recent' : ''}`} data-events={edge.events.join(' ')}>
            <path d={edgePath(points)} markerEnd={`url(#${markerId})`} />
            {labels && label ? (
              <text x={label.x + label.w / 2} y={label.y + chartText.lineHeight - 2} textAnchor="middle" className="statechart__edge-label">
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
