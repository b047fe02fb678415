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
  /** Answers of the map and of the summary that said "being computed" since the last change of filters or view. */
  mapTries: number;
  summaryTries: number;
  /** Tries before saying it is late (coveragePollTries unless the input says otherwise). */
  pollTries: number;
}

/** While a band is being computed, the map and the summary ask again every `coveragePollMs`, at most `coveragePollTries` times. */
export const coveragePollMs = 2000;
export const coveragePollTries = 30;

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
  pollTries?: number;
}

const keyOf = (outcome: { ok: boolean; key?: string }) => outcome.key ?? errorKeys.serverError;
/** Shown when the band is still being computed after every try. */
export const stillComputingKey = 'coverage.computing.late';
const dataOf = <T>(outcome: Result<T>) => (outcome as { data: T }).data;

// Each state of a region loads again by a transition to its sibling `loading` (re-entered when it is
// the current one), which leaves the region and the other regions as they are.
// A reload starts the tries again.
const summaryReload = { 'filters.changed': { target: 'loading', reenter: true, actions: 'restartSummaryTries' } } as const;
const mapReload = {
  'filters.changed': { target: 'loading', reenter: true, actions: 'restartMapTries' },
  'view.move': { target: 'loading', reenter: true, actions: ['keepView', 'restartMapTries'] },
} as const;

/**
 * The coverage-gap map (Dashboards): filters (account, weekdays or weekends, hour), the layer shown,
 * the map's cells for its current view, the summary (worst gaps, candidate places), a cell's
 * explanation and the candidates' export, each in a region of its own. A change of filters loads the
 * summary and the map again and closes the explanation; a move of the map loads its cells only.
 * A band not computed yet (or computed again) is answered "being computed" at once by the server:
 * the map and the summary then wait in `computing` (what is cached, if any, shown) and ask again
 * every coveragePollMs, at most coveragePollTries times, after which they say it is late.
 */
export const coverageMachine = setup({
  types: {} as { context: CoverageContext; events: CoverageEvent; input: CoverageInput },
  actors: coverageActors,
  delays: { poll: coveragePollMs },
  guards: {
    ok: (_, params: { outcome: { ok: boolean } }) => params.outcome.ok,
    /** An answer that is not the final one: computing, or stale while computed again. */
    computing: (_, params: { outcome: Result<{ state: string }> }) => params.outcome.ok && dataOf(params.outcome).state !== 'ready',
    mapMayRetry: ({ context }) => context.mapTries < context.pollTries,
    summaryMayRetry: ({ context }) => context.summaryTries < context.pollTries,
  },
  actions: {
    restartMapTries: assign({ mapTries: 0 }),
    restartSummaryTries: assign({ summaryTries: 0 }),
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
    mapTries: 0,
    summaryTries: 0,
    pollTries: input.pollTries ?? coveragePollTries,
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
              {
                guard: { type: 'computing', params: ({ event }) => ({ outcome: event.output }) },
                target: 'computing',
                actions: assign({ summary: ({ event }) => dataOf(event.output), error: null, summaryTries: ({ context }) => context.summaryTries + 1 }),
              },
              { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: assign({ summary: ({ event }) => dataOf(event.output), error: null }) },
              { target: 'failed', actions: assign({ summary: null, error: ({ event }) => keyOf(event.output) }) },
            ],
            onError: { target: 'failed', actions: assign({ error: errorKeys.serverError }) },
          },
        },
        computing: {
          tags: ['computing'],
          on: summaryReload,
          after: { poll: [{ guard: 'summaryMayRetry', target: 'loading' }, { target: 'late' }] },
        },
        late: { on: summaryReload },
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
              {
                guard: { type: 'computing', params: ({ event }) => ({ outcome: event.output }) },
                target: 'computing',
                actions: assign({ map: ({ event }) => dataOf(event.output), error: null, mapTries: ({ context }) => context.mapTries + 1 }),
              },
              { guard: { type: 'ok', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: assign({ map: ({ event }) => dataOf(event.output), error: null }) },
              { target: 'failed', actions: assign({ map: null, error: ({ event }) => keyOf(event.output) }) },
            ],
            onError: { target: 'failed', actions: assign({ error: errorKeys.serverError }) },
          },
        },
        computing: {
          tags: ['computing'],
          on: mapReload,
          after: { poll: [{ guard: 'mapMayRetry', target: 'loading' }, { target: 'late', actions: assign({ error: stillComputingKey }) }] },
        },
        late: { tags: ['late'], on: mapReload },
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
