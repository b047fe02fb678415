import type { AnyMachineSnapshot } from 'xstate';
import type { CoverageCellDetail, CoverageMap, CoverageSummary } from '../../contract/coverage.schemas';
import { coverageMachine } from '../../src/machines/coverage/coverage.machine';
import { failure, ok } from './audit-log.fixtures';
import { definePathModel, type EventSamples } from './kit';

const grid = { south: 45, west: 3, cellMetres: 200, metresPerLon: 78_000, cols: 10, rows: 10 };
const readyMap: CoverageMap = { state: 'ready', computedAt: '2026-11-28T07:00:00.000Z', grid, level: 0, targetSeconds: 480, instants: 3, cells: [[1, 1, 200, 458, 1]] };
const computingMap: CoverageMap = { state: 'computing', computedAt: null, grid: null, level: 0, targetSeconds: 480, instants: 0, cells: [] };
const readySummary: CoverageSummary = { state: 'ready', computedAt: '2026-11-28T07:00:00.000Z', instants: 3, targetSeconds: 480, cells: 1, gapCells: 0, worst: [], candidates: [] };
const staleSummary: CoverageSummary = { ...readySummary, state: 'stale' };
const cell: CoverageCellDetail = {
  state: 'ready',
  ix: 1,
  iy: 1,
  lat: 45.001,
  lon: 3.001,
  responderSeconds: 200,
  aedSeconds: 1093,
  alerts: 1,
  gap: true,
  instants: 3,
  instantsWithResponder: 3,
  fetchedAed: null,
  nearestAeds: [],
  reasons: ['nearestAedsClosed'],
};

/**
 * Model of the coverage map's machine for `npm run test:paths` and coverage.model.test.ts: every
 * event, and every answer of its calls (figures, "being computed", stale, a refusal, a crash). One
 * try before "late" keeps the state space small.
 */
export const coverageEvents = {
  'filters.change': [{ type: 'filters.change', filters: { hour: 3 } }],
  'filters.changed': [{ type: 'filters.changed' }],
  'layer.choose': [{ type: 'layer.choose', layer: 'gaps' }],
  'view.move': [{ type: 'view.move', view: { south: 45, west: 3, north: 45.1, east: 3.1 } }],
  'cell.pick': [{ type: 'cell.pick', point: { lat: 45.001, lon: 3.001 } }],
  'cell.close': [{ type: 'cell.close' }],
  'candidates.export': [{ type: 'candidates.export' }],
} satisfies EventSamples<typeof coverageMachine>;

/**
 * Only the state: the guards read the answers and the tries, and with one try the tries follow from
 * the state (a region's `loading` is entered with none, its `computing` with the one it used, and
 * every other state is left by a reload that clears them).
 */
const serializeState = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.value);

export const pathModel = definePathModel({
  machine: coverageMachine,
  input: { lang: 'en', pollTries: 1 },
  events: coverageEvents,
  actors: {
    loadSites: { done: [ok([]), failure('error.network')], error: [new Error('boom')] },
    loadSummary: { done: [ok(readySummary), ok(staleSummary), failure('error.coverage.site-not-allowed', 403)], error: [new Error('boom')] },
    loadMap: { done: [ok(readyMap), ok(computingMap), failure('error.network')], error: [new Error('boom')] },
    loadCell: { done: [ok(cell), failure('error.coverage.outside-area', 404)], error: [new Error('boom')] },
    exportCandidates: { done: [ok(true as const), failure('error.network')], error: [new Error('boom')] },
  },
  serializeState,
  // Five parallel regions (about 500 states), each tried with every event and every answer.
  limit: 50_000,
  // With one try, the two "ask again" transitions (computing → loading while tries remain) are never
  // taken: 42 of 44. More tries multiply the parallel regions' states past any limit; those two are
  // taken in coverage.journeys.test.ts ("asks again until its figures come").
  threshold: { states: 100, transitions: 95 },
});
