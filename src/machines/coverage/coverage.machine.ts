import { assign, raise, setup } from 'xstate';
import type { AccountSummary } from '../../../contract/auth.schemas';
import type { CoverageCellDetail, CoverageMap, CoverageSummary } from '../../../contract/coverage.schemas';
import { errorKeys } from '../../../contract/errors';
import type { CoverageLayer, CoverageView } from '../../../contract/coverage.grid';
import type { CoverageFilters } from '../../services/coverage.api';
import type { Result } from '../../services/http';
import { coverageActors } from './coverage.actors';


export interface CoverageContext {
  filters: CoverageFilters;
  layer: CoverageLayer;
  lang: string;
  /** The map's bounds, once it has some. */
  view: CoverageView | null;
  sites: AccountSummary[];
  summary: CoverageSummary | null;
  map: CoverageMap | null;
  cell: CoverageCellDetail | null;
  error: string | null;
  cellError: string | null;
  exportError: string | null;
}

export type CoverageEvent =
  | { type: 'filters.change'; filters: Partial<CoverageFilters> }
  | { type: 'layer.choose'; layer: CoverageLayer }
  | { type: 'view.move'; view: CoverageView }
  | { type: 'cell.pick'; point: { lat: number; lon: number } }
  | { type: 'cell.close' }
  | { type: 'candidates.export' }
  /** Raised once the new filters are kept. */
  | { type: 'filters.changed' };

export interface CoverageInput {
  lang: string;
  /** Defaults: weekdays at 14:00. */
  filters?: Partial<CoverageFilters>;
}

const keyOf = (outcome: { ok: boolean; key?: string }) => outcome.key ?? errorKeys.serverError;
const dataOf = <T>(outcome: Result<T>) => (outcome as { data: T }).data;

// Each state of a region loads again by a transition to its sibling `loading` (re-entered when it is
// the current one), which leaves the region and the other regions as they are.
const summaryReload = { 'filters.changed': { target: 'loading', reenter: true } } as const;
const mapReload = {
  'filters.changed': { target: 'loading', reenter: true },
  'view.move': { target: 'loading', reenter: true, actions: 'keepView' },
} as const;

/**
 * The coverage-gap map (Dashboards): filters (account, weekdays or weekends, hour), the layer shown,
 * the map's cells for its current view, the summary (worst gaps, candidate places), a cell's
 * explanation and the candidates' export, each in a region of its own. A change of filters loads the
 * summary and the map again and closes the explanation; a move of the map loads its cells only.
 */
export const coverageMachine = setup({
  types: {} as { context: CoverageContext; events: CoverageEvent; input: CoverageInput },
  actors: coverageActors,
  guards: {
    ok: (_, params: { outcome: { ok: boolean } }) => params.outcome.ok,
  },
  actions: {
    changeFilters: assign(({ context, event }) => (event.type === 'filters.change' ? { filters: { ...context.filters, ...event.filters } } : {})),
    keepView: assign(({ context, event }) => ({ view: event.type === 'view.move' ? event.view : context.view })),
  },
}).createMachine({
  id: 'coverage',
  type: 'parallel',
  context: ({ input }) => ({
    filters: { selectedSite: null, weekend: false, hour: 14, ...input.filters },
    layer: 'aed',
    lang: input.lang,
    view: null,
    sites: [],
    summary: null,
    map: null,
    cell: null,
    error: null,
    cellError: null,
    exportError: null,
  }),
  on: {
    'layer.choose': { actions: assign({ layer: ({ event }) => event.layer }) },
    // The filters are kept first; the regions then load again on the event raised after.
    'filters.change': { actions: ['changeFilters', raise({ type: 'filters.changed' })] },
  },
  states: {
    sites: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadSites',
            onDone: [{ guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'done', actions: assign({ sites: ({ event }) => dataOf(event.output) }) }, { target: 'done' }],
            onError: 'done',
          },
        },
        done: {},
      },
    },
    summary: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          on: summaryReload,
          invoke: {
            src: 'loadSummary',
            input: ({ context }) => context.filters,
            onDone: [
              { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: assign({ summary: ({ event }) => dataOf(event.output), error: null }) },
              { target: 'failed', actions: assign({ summary: null, error: ({ event }) => keyOf(event.output) }) },
            ],
            onError: { target: 'failed', actions: assign({ error: errorKeys.serverError }) },
          },
        },
        ready: { on: summaryReload },
        failed: { on: summaryReload },
      },
    },
    map: {
      initial: 'waiting',
      states: {
        waiting: { on: mapReload },
        loading: {
          tags: ['loading'],
          on: mapReload,
          invoke: {
            src: 'loadMap',
            input: ({ context }) => ({ filters: context.filters, view: context.view }),
            onDone: [
              { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: assign({ map: ({ event }) => dataOf(event.output) }) },
              { target: 'failed', actions: assign({ map: null, error: ({ event }) => keyOf(event.output) }) },
            ],
            onError: { target: 'failed', actions: assign({ error: errorKeys.serverError }) },
          },
        },
        ready: { on: mapReload },
        failed: { on: mapReload },
      },
    },
    cell: {
      initial: 'closed',
      on: {
        'cell.pick': { target: '.loading', reenter: true },
        'cell.close': { target: '.closed', actions: assign({ cell: null, cellError: null }) },
        'filters.changed': { target: '.closed', actions: assign({ cell: null, cellError: null }) },
      },
      states: {
        closed: {},
        loading: {
          invoke: {
            src: 'loadCell',
            input: ({ context, event }) => ({ filters: context.filters, point: (event as Extract<CoverageEvent, { type: 'cell.pick' }>).point }),
            onDone: [
              { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'open', actions: assign({ cell: ({ event }) => dataOf(event.output), cellError: null }) },
              { target: 'failed', actions: assign({ cell: null, cellError: ({ event }) => keyOf(event.output) }) },
            ],
            onError: { target: 'failed', actions: assign({ cellError: errorKeys.serverError }) },
          },
        },
        open: {},
        failed: {},
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'candidates.export': 'exporting' } },
        exporting: {
          tags: ['exporting'],
          invoke: {
            src: 'exportCandidates',
            input: ({ context }) => ({ filters: context.filters, lang: context.lang }),
            onDone: [
              { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: assign({ exportError: null }) },
              { target: 'idle', actions: assign({ exportError: ({ event }) => keyOf(event.output) }) },
            ],
            onError: { target: 'idle', actions: assign({ exportError: errorKeys.serverError }) },
          },
        },
      },
    },
  },
});
