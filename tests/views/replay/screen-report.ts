import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateNode } from 'xstate';
import type { ChartModel } from '../../../scripts/statechart-model';
import { declaresObservations } from '../../../src/machines/observations';

/**
 * What the rendered replays of one machine covered IN THE IMPLEMENTATION: the states whose declared
 * observations held on the screen, the transitions whose event was made to happen and led to a
 * screen showing the next state's observations, the single checks made, and the failures.
 */
export interface ScreenCoverage {
  states: string[];
  transitions: string[];
  /** States that declare observations (only those can be checked on a screen). */
  observable: Set<string>;
  statesObserved: Set<string>;
  transitionsReplayed: Set<string>;
  observations: number;
  paths: number;
  failures: Array<{ path: string; message: string }>;
  /** Event types sent to the screen's actor because the screen model has no gesture for them. */
  sentWithoutGesture: Set<string>;
}

export function emptyCoverage(chart: ChartModel, nodes: Map<string, AnyStateNode>): ScreenCoverage {
  const observable = new Set(chart.states.filter((state) => declaresObservations(nodes.get(state.id)?.meta)).map((state) => state.id));
  return {
    states: chart.states.map((state) => state.id),
    transitions: chart.transitions.map((transition) => transition.key),
    observable,
    statesObserved: new Set(),
    transitionsReplayed: new Set(),
    observations: 0,
    paths: 0,
    failures: [],
    sentWithoutGesture: new Set(),
  };
}

/** The JSON form `npm run test:paths` reads. */
export interface ScreenReport {
  machine: string;
  states: { observed: number; total: number; withoutObservations: string[]; missing: string[] };
  transitions: { replayed: number; total: number; missing: string[] };
  observations: number;
  paths: number;
  failures: Array<{ path: string; message: string }>;
  sentWithoutGesture: string[];
}

export function reportOfScreen(machine: string, coverage: ScreenCoverage): ScreenReport {
  return {
    machine,
    states: {
      observed: coverage.statesObserved.size,
      total: coverage.states.length,
      withoutObservations: coverage.states.filter((id) => !coverage.observable.has(id)),
      missing: coverage.states.filter((id) => coverage.observable.has(id) && !coverage.statesObserved.has(id)),
    },
    transitions: { replayed: coverage.transitionsReplayed.size, total: coverage.transitions.length, missing: coverage.transitions.filter((key) => !coverage.transitionsReplayed.has(key)) },
    observations: coverage.observations,
    paths: coverage.paths,
    failures: coverage.failures,
    sentWithoutGesture: [...coverage.sentWithoutGesture].sort(),
  };
}

/** Written only when `SCREEN_REPLAY_REPORTS` names a folder (`npm run test:paths` sets it). */
export function writeScreenReport(machine: string, coverage: ScreenCoverage): void {
  const folder = process.env.SCREEN_REPLAY_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${machine}.json`), `${JSON.stringify(reportOfScreen(machine, coverage), null, 2)}\n`);
}
