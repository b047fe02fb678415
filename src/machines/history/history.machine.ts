import { assign, setup } from 'xstate';
import { defaultHistoryRange, historyRangeProblem } from '../../../contract/history.rules';
import { historyPageSize } from '../../../contract/history.schemas';
import { errorKeys } from '../../../contract/errors';
import { notify } from '../../services/notify';
import { observe } from '../observations';
import { historyActors } from './history.actors';
import type { ChronologyOutcome, ExportOutcome, HistoryContext, HistoryEvent, HistoryFilter, HistoryInput, PageOutcome, PageRequest, SitesOutcome } from './history.types';

/** Typing in the address search waits this long before asking the server. */
export const typingDelayMs = 400;

const blank: Record<keyof HistoryFilter, unknown> = {
  startDate: '',
  endDate: '',
  address: '',
  alertType: null,
  withTest: false,
  withCitizenResponderOnly: false,
  tag: null,
  selectedSite: null,
  order: 'desc',
};

function initialFilter(input: HistoryInput): HistoryFilter {
  return { ...(blank as unknown as HistoryFilter), ...defaultHistoryRange(), ...input.initialFilter };
}

const keyOf = (outcome: { ok: boolean; key?: string }) => outcome.key ?? errorKeys.serverError;
const request = ({ context }: { context: HistoryContext }): PageRequest => ({ filter: context.filter, page: context.page, limit: context.limit, lang: context.lang });

/**
 * The alert history screen (spec §2, §3, §4): the list with its filters, page and page size, the
 * chronology modal and the Excel export, each a region of its own. A filter or page-size change
 * goes back to page 0; a calendar range that breaks a rule of spec §5 is not asked for.
 */
export const historyMachine = setup({
  types: {} as { context: HistoryContext; events: HistoryEvent; input: HistoryInput },
  actors: historyActors,
  guards: {
    loaded: (_, params: { outcome: PageOutcome }) => params.outcome.ok,
    sitesLoaded: (_, params: { outcome: SitesOutcome }) => params.outcome.ok,
    chronologyLoaded: (_, params: { outcome: ChronologyOutcome }) => params.outcome.ok,
    exported: (_, params: { outcome: ExportOutcome }) => params.outcome.ok,
    rangeValid: ({ context }) => historyRangeProblem(context.filter.startDate, context.filter.endDate) === null,
    pageExists: ({ context }, params: { page: number }) => params.page >= 0 && params.page * context.limit < Math.max(context.count, 1),
  },
  actions: {
    applyChanges: assign(({ context }, params: { changes: Partial<HistoryFilter> }) => ({ filter: { ...context.filter, ...params.changes }, page: 0 })),
    applyAddress: assign(({ context }, params: { address: string }) => ({ filter: { ...context.filter, address: params.address }, page: 0 })),
    blankKey: assign(({ context }, params: { key: keyof HistoryFilter }) => ({ filter: { ...context.filter, [params.key]: blank[params.key] }, page: 0 })),
    keepSites: assign((_, params: { outcome: SitesOutcome }) => ({ sites: (params.outcome as Extract<SitesOutcome, { ok: true }>).data })),
    setPage: assign((_, params: { page: number }) => ({ page: params.page })),
    setLimit: assign((_, params: { limit: number }) => ({ limit: params.limit, page: 0 })),
    toggleOrder: assign(({ context }) => ({ filter: { ...context.filter, order: context.filter.order === 'desc' ? ('asc' as const) : ('desc' as const) }, page: 0 })),
    keepPage: assign((_, params: { outcome: PageOutcome }) => {
      const page = (params.outcome as Extract<PageOutcome, { ok: true }>).data;
      return { list: page.list, count: page.count, loadError: null };
    }),
    keepLoadError: assign((_, params: { key: string }) => ({ loadError: params.key })),
    checkRange: assign(({ context }) => ({ rangeError: historyRangeProblem(context.filter.startDate, context.filter.endDate) })),
    openModal: assign((_, params: { alertId: number }) => ({ openModal: params.alertId, chronology: null, chronologyError: null })),
    closeModal: assign({ openModal: null, chronology: null, chronologyError: null }),
    keepChronology: assign((_, params: { outcome: ChronologyOutcome }) => ({ chronology: (params.outcome as Extract<ChronologyOutcome, { ok: true }>).data, chronologyError: null })),
    keepChronologyError: assign((_, params: { key: string }) => ({ chronologyError: params.key })),
    keepExportError: assign((_, params: { key: string }) => ({ exportError: params.key })),
    clearExportError: assign({ exportError: null }),
    announce: (_, params: { type: 'error' | 'success'; key: string }) => notify({ type: params.type, key: params.key, life: params.type === 'error' ? 5000 : undefined }),
  },
  delays: { typing: typingDelayMs },
}).createMachine({
  id: 'history',
  context: ({ input }) => ({
    lang: input.lang,
    sites: [],
    filter: initialFilter(input),
    page: 0,
    limit: historyPageSize,
    list: [],
    count: 0,
    loadError: null,
    rangeError: null,
    openModal: null,
    chronology: null,
    chronologyError: null,
    exportError: null,
  }),
  // The accounts of the site filter, loaded once; without them the filter offers "all my accounts" only.
  invoke: { src: 'loadSites', onDone: { guard: { type: 'sitesLoaded', params: ({ event }) => ({ outcome: event.output }) }, actions: { type: 'keepSites', params: ({ event }) => ({ outcome: event.output }) } } },
  type: 'parallel',
  states: {
    // The count line over the table, whatever the list's state.
    list: {
      meta: observe({ shown: ['history-entries'] }),
      initial: 'checking',
      on: {
        'filter.change': { target: '.checking', actions: { type: 'applyChanges', params: ({ event }) => ({ changes: event.changes }) } },
        'filter.type': { target: '.typing', actions: { type: 'applyAddress', params: ({ event }) => ({ address: event.address }) } },
        'filter.delete': { target: '.checking', actions: { type: 'blankKey', params: ({ event }) => ({ key: event.key }) } },
        'limit.change': { target: '.checking', actions: { type: 'setLimit', params: ({ event }) => ({ limit: event.limit }) } },
        'order.toggle': { target: '.checking', actions: 'toggleOrder' },
        'history.refresh': '.checking',
      },
      states: {
        // Every change passes here: a range that breaks spec §5 waits to be fixed instead of being sent.
        checking: {
          entry: 'checkRange',
          always: [{ guard: 'rangeValid', target: 'loading' }, { target: 'invalid' }],
        },
        // The address is being typed: ask once the typing pauses.
        typing: { meta: observe({ absent: ['history-entries-error'] }), after: { typing: 'checking' } },
        loading: {
          meta: observe({ absent: ['history-entries-error'], calls: ['history.getAlertHistory'] }),
          invoke: {
            src: 'loadPage',
            input: request,
            onDone: [
              { guard: { type: 'loaded', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: { type: 'keepPage', params: ({ event }) => ({ outcome: event.output }) } },
              {
                target: 'failed',
                actions: [
                  { type: 'keepLoadError', params: ({ event }) => ({ key: keyOf(event.output) }) },
                  { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) },
                ],
              },
            ],
            onError: { target: 'failed', actions: { type: 'keepLoadError', params: { key: errorKeys.serverError } } },
          },
        },
        // The count line tells which alerts of how many the page shows.
        ready: {
          meta: observe({ messages: ['history.entries'], absent: ['history-entries-error'] }),
          on: { 'page.change': { guard: { type: 'pageExists', params: ({ event }) => ({ page: event.page }) }, target: 'loading', actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) } } },
        },
        // The load error over the table, with its retry.
        failed: { meta: observe({ shown: ['history-entries-error'], enabled: ['history.retry'] }) },
        // The range's problem under the calendar; nothing is asked, nor exported.
        invalid: { meta: observe({ absent: ['history-entries-error'], disabled: ['history.export'] }) },
      },
    },
    // The dialog opens over the history page.
    chronology: {
      meta: observe({ shown: ['alert-history'] }),
      initial: 'closed',
      states: {
        closed: { meta: observe({ absent: ['chronology-dialog'] }), on: { 'chronology.open': { target: 'loading', actions: { type: 'openModal', params: ({ event }) => ({ alertId: event.alertId }) } } } },
        loading: {
          meta: observe({ shown: ['chronology-dialog'], messages: ['history.chronology.loading'], calls: ['history.getAlertChronology'] }),
          invoke: {
            src: 'loadChronology',
            input: ({ context }) => ({ alertId: context.openModal! }),
            onDone: [
              { guard: { type: 'chronologyLoaded', params: ({ event }) => ({ outcome: event.output }) }, target: 'open', actions: { type: 'keepChronology', params: ({ event }) => ({ outcome: event.output }) } },
              { target: 'failed', actions: { type: 'keepChronologyError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
            ],
            onError: { target: 'failed', actions: { type: 'keepChronologyError', params: { key: errorKeys.serverError } } },
          },
          on: { 'chronology.close': { target: 'closed', actions: 'closeModal' } },
        },
        // The alert's timeline.
        open: {
          meta: observe({ shown: ['chronology-dialog'], messages: ['history.chronology.launched'] }),
          on: {
            'chronology.close': { target: 'closed', actions: 'closeModal' },
            'chronology.open': { target: 'loading', actions: { type: 'openModal', params: ({ event }) => ({ alertId: event.alertId }) } },
          },
        },
        failed: { meta: observe({ shown: ['chronology-dialog'], enabled: ['history.retry'] }), on: { 'chronology.retry': 'loading', 'chronology.close': { target: 'closed', actions: 'closeModal' } } },
      },
    },
    export: {
      meta: observe({ shown: ['history-export'] }),
      initial: 'idle',
      states: {
        // The export button, on while the range may be asked.
        idle: { meta: observe({ shown: ['history-export'] }), on: { 'export.start': { guard: 'rangeValid', target: 'exporting', actions: 'clearExportError' } } },
        // The file is built on the server and downloaded (30 s time-out, spec §9).
        exporting: {
          meta: observe({ disabled: ['history.export'], calls: ['history.exportAlertHistory'] }),
          invoke: {
            src: 'exportFile',
            input: request,
            onDone: [
              { guard: { type: 'exported', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: { type: 'announce', params: { type: 'success', key: 'history.export.done' } } },
              {
                target: 'idle',
                actions: [
                  { type: 'keepExportError', params: ({ event }) => ({ key: keyOf(event.output) }) },
                  { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output) }) },
                ],
              },
            ],
            onError: { target: 'idle', actions: [{ type: 'keepExportError', params: { key: 'error.history.export-failed' } }, { type: 'announce', params: { type: 'error', key: 'error.history.export-failed' } }] },
          },
        },
      },
    },
  },
});
