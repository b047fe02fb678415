import { assertEvent, assign, setup } from 'xstate';
import { observe } from '../observations';
import { aedErrorKeys } from '../../../contract/aed.errors';
import type { AccountWithAedCount, AedListItem, AedListResponse, AedMapData } from '../../../contract/aed-list.schemas';
import { notify } from '../../services/notify';
import { aedListActors } from './aed-list.actors';
import {
  accountsFromTree,
  emptyAccounts,
  entriesOf,
  hasGeoDaeFilter,
  listWithout,
  mergeFilters,
  recomputeCounts,
  removeFilter,
  sortFilters,
  swapBack,
  swapInManaged,
  totalForSelection,
  withoutOneAed,
  withoutTemporary,
  withTemporary,
} from './aed-list.rules';
import {
  defaultAdminTag,
  temporaryAccountId,
  type AccountId,
  type AedListContext,
  type AedListEvent,
  type AedListInput,
  type ExportOutcome,
  type FilterEntry,
  type ListQuery,
  type ManagedAccountsOutcome,
  type MapQuery,
} from './aed-list.types';

/** AED list page size (spec §9). */
export const aedPageSize = 50;

type Outcome<T> = { ok: true; data: T } | { ok: false; key: string; status?: number };
const dataOf = <T>(outcome: Outcome<T>) => (outcome as { data: T }).data;
/** The notice of a saved export: a GeoDAE declaration of every AED says how many were not ready. */
function exportedNotice(outcome: ExportOutcome): { type: 'success'; key: string; values?: Record<string, number> } {
  const notReady = outcome.ok && !(outcome.data instanceof Blob) ? outcome.data.notReady : 0;
  return notReady > 0 ? { type: 'success', key: 'aed.export.geodae-not-ready', values: { count: notReady } } : { type: 'success', key: 'aed.export.done' };
}

const keyOf = (outcome: Outcome<unknown>, fallback: string) => (outcome.ok ? fallback : outcome.key);

/** What the list and export calls send. */
export function listQueryOf(context: AedListContext): ListQuery {
  return {
    filter: context.filter,
    idSelected: context.accounts.idSelected,
    withChild: context.accounts.withChild,
    order: context.order,
    orderSort: context.orderSort,
    limit: context.limit,
    page: context.pages,
    lang: context.lang,
  };
}

function mapQueryOf(context: AedListContext): MapQuery {
  return { filter: context.filter, idSelected: context.accounts.idSelected, withChild: context.accounts.withChild, viewport: context.viewport!, lang: context.lang, fit: context.fitPending };
}

/** The filter change an event asks for, with the geoDAE flag that follows it. */
function filterAfter(context: AedListContext, event: AedListEvent): Pick<AedListContext, 'filter' | 'accounts'> {
  let filter: FilterEntry[] = context.filter;
  if (event.type === 'filter.add') filter = mergeFilters(context.filter, event.entries);
  if (event.type === 'filter.remove') filter = removeFilter(context.filter, event.entry);
  if (event.type === 'filter.clear') filter = [];
  return { filter, accounts: { ...context.accounts, geoDAE: hasGeoDaeFilter(filter) } };
}

/** Changing what is shown: the list is asked again and shows as loading. */
const loadingAeds = (context: AedListContext) => ({ ...context.aeds, aedLoading: true });

/**
 * The AED list (spec §2, §4 "AED list"): accounts with counts are loaded first, then the list or
 * the map. Changing the view empties the list; choosing an account resets the page and shows the
 * account's own count (totalLevel with its children) until the list answers; page, limit, order
 * and filter changes reload (all but the page go back to page 0); filters merge by slot and sort
 * ALL, TAG, ADVANCED; each load recomputes the account counts; deleting an AED takes it out of
 * the page, the totals and its account, and steps back a page when it was the page's last one.
 * '0' is every account, '-1' a temporary account, and a DEFAULT_ADMIN account can swap in the
 * accounts it manages.
 */
export const aedListMachine = setup({
  types: {} as { context: AedListContext; events: AedListEvent; input: AedListInput },
  actors: aedListActors,
  guards: {
    succeeded: (_, params: { outcome: Outcome<unknown> }) => params.outcome.ok,
    isMapView: ({ context }) => context.view === 'map',
    hasViewport: ({ context }) => context.viewport !== null,
    /** The asynchronous select chose a DEFAULT_ADMIN account: its managed accounts are fetched first. */
    isDefaultAdminAccount: ({ context, event }) => event.type === 'account.selectAsync' && context.accounts.byId[event.id]?.tag === defaultAdminTag,
    isOnPage: ({ context, event }) => event.type === 'aed.delete' && context.aeds.list.some((item) => item.udid === event.udid),
    /** The deleted AED was the last of a page after the first: go back a page. */
    emptiesPage: ({ context }, params: { outcome: Outcome<unknown> }) => params.outcome.ok && context.aeds.list.length === 1 && context.pages > 0,
  },
  actions: {
    markAccountLoading: assign(({ context }) => ({ accounts: { ...context.accounts, accountLoading: true } })),
    keepAccounts: assign(({ context }, params: { tree: AccountWithAedCount[] }) => {
      const accounts = accountsFromTree(context.accounts, params.tree);
      return { accounts, aeds: { ...context.aeds, total: totalForSelection(accounts, accounts.idSelected, accounts.withChild) } };
    }),
    markAccountsFailed: assign(({ context }) => ({ accounts: { ...context.accounts, accountLoading: false }, errorKey: aedErrorKeys.accounts })),
    startLoading: assign(({ context }) => ({ aeds: loadingAeds(context), errorKey: null })),
    keepPage: assign(({ context }, params: { page: AedListResponse }) => ({
      aeds: { total: params.page.count.totalCount, list: params.page.list, aedLoading: false },
      accounts: recomputeCounts(context.accounts, params.page.count),
      ...entriesOf(context.pages, context.limit, params.page.list.length),
    })),
    keepMap: assign(({ context }, params: { map: AedMapData }) => ({
      map: params.map,
      aeds: { ...context.aeds, total: params.map.total, aedLoading: false },
      fitPending: false,
      // The map follows the filter: it fits the AEDs found, when there are any.
      mapFit: params.map.extent ? { extent: params.map.extent, key: (context.mapFit?.key ?? 0) + 1 } : context.mapFit,
    })),
    keepListFailure: assign(({ context }, params: { key: string }) => ({
      aeds: { ...context.aeds, aedLoading: false },
      // The public-app and external counts only come with a list answer.
      accounts: { ...context.accounts, isPublicError: true, isExternalError: true },
      errorKey: params.key,
    })),
    keepFailure: assign(({ context }, params: { key: string }) => ({ aeds: { ...context.aeds, aedLoading: false }, errorKey: params.key })),
    changeView: assign(({ context, event }) => {
      assertEvent(event, 'view.change');
      return { view: event.view, aeds: { ...context.aeds, list: [], aedLoading: true }, ...entriesOf(0, context.limit, 0) };
    }),
    selectAccount: assign(({ context, event }) => {
      assertEvent(event, ['account.select', 'account.selectAsync']);
      const withChild = event.type === 'account.select' ? event.withChild : context.accounts.withChild;
      const accounts = { ...context.accounts, idSelected: event.id, withChild };
      return { accounts, pages: 0, fitPending: true, aeds: { ...loadingAeds(context), total: totalForSelection(accounts, event.id, withChild) } };
    }),
    keepPendingAccount: assign(({ event }) => {
      assertEvent(event, 'account.selectAsync');
      return { pendingAccount: event.id };
    }),
    /** The DEFAULT_ADMIN account asked for, once its managed accounts are in. */
    selectPendingAccount: assign(({ context }) => {
      const accounts = { ...context.accounts, idSelected: context.pendingAccount ?? context.accounts.idSelected };
      return { accounts, pendingAccount: null, pages: 0, fitPending: true, aeds: { ...loadingAeds(context), total: totalForSelection(accounts, accounts.idSelected, accounts.withChild) } };
    }),
    swapBackAccounts: assign(({ context }) => ({ accounts: swapBack(context.accounts) })),
    swapInManagedAccounts: assign(({ context }, params: { outcome: ManagedAccountsOutcome }) => ({ accounts: swapInManaged(context.accounts, dataOf(params.outcome)) })),
    addTemporary: assign(({ context, event }) => {
      assertEvent(event, 'account.addTemporary');
      const accounts = { ...withTemporary(context.accounts, event.name), idSelected: temporaryAccountId as AccountId };
      return { accounts, pages: 0, fitPending: true, aeds: { ...loadingAeds(context), total: totalForSelection(accounts, temporaryAccountId, accounts.withChild) } };
    }),
    deleteTemporary: assign(({ context }) => {
      const wasSelected = context.accounts.idSelected === temporaryAccountId;
      const accounts = withoutTemporary(context.accounts);
      return { accounts, pages: wasSelected ? 0 : context.pages, aeds: { ...loadingAeds(context), total: wasSelected ? totalForSelection(accounts, accounts.idSelected, accounts.withChild) : context.aeds.total } };
    }),
    changePage: assign(({ event }) => {
      assertEvent(event, 'page.change');
      return { pages: Math.max(0, event.page) };
    }),
    changeLimit: assign(({ event }) => {
      assertEvent(event, 'limit.change');
      return { limit: event.limit, pages: 0 };
    }),
    changeOrder: assign(({ event }) => {
      assertEvent(event, 'order.change');
      return { order: event.order, orderSort: event.orderSort, pages: 0 };
    }),
    changeFilter: assign(({ context, event }) => ({ ...filterAfter(context, event), pages: 0, fitPending: true })),
    keepViewport: assign(({ event }) => {
      assertEvent(event, 'map.viewport');
      return { viewport: event.viewport };
    }),
    keepDeleting: assign(({ event }) => {
      assertEvent(event, 'aed.delete');
      return { deleting: event.udid };
    }),
    /** Spec §4: out of the page, one fewer in the total, the entry counters and the owning account. */
    removeAed: assign(({ context }) => {
      const { list, removed } = listWithout(context.aeds.list, context.deleting ?? '');
      if (!removed) return { deleting: null };
      return {
        deleting: null,
        aeds: { ...context.aeds, list, total: Math.max(0, context.aeds.total - 1) },
        accounts: withoutOneAed(context.accounts, (removed as AedListItem).idSite),
        ...entriesOf(context.pages, context.limit, list.length),
      };
    }),
    stepBack: assign(({ context }) => ({ pages: Math.max(0, context.pages - 1), aeds: loadingAeds(context) })),
    forgetDeleting: assign({ deleting: null }),
    announce: (_, params: { type: 'success' | 'error'; key: string; values?: Record<string, number> }) => notify({ type: params.type, key: params.key, values: params.values, life: params.type === 'error' ? 5000 : undefined }),
  },
}).createMachine({
  id: 'aedList',
  context: ({ input }) => ({
    lang: input.lang,
    aeds: { total: 0, list: [], aedLoading: true },
    accounts: { ...emptyAccounts(), geoDAE: hasGeoDaeFilter(input.filter ?? []) },
    view: input.view ?? 'list',
    filter: sortFilters(input.filter ?? []),
    pages: 0,
    limit: aedPageSize,
    entriesStart: 0,
    entriesEnd: 0,
    order: 'created',
    orderSort: 'desc',
    viewport: null,
    map: null,
    // A list opened with a filter shows its AEDs when the map first opens.
    fitPending: (input.filter ?? []).length > 0,
    mapFit: null,
    errorKey: null,
    deleting: null,
    pendingAccount: null,
  }),
  initial: 'loadingAccounts',
  states: {
    // The selector's accounts and counts come first: the list's counts are spread over them.
    loadingAccounts: {
      meta: observe({ shown: ['aed-list', 'account-selector'], absent: ['aed-accounts-failed'], calls: ['aed.getAccountListWithAedCount'] }),
      entry: 'markAccountLoading',
      invoke: {
        src: 'loadAccounts',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'showing',
            actions: { type: 'keepAccounts', params: ({ event }) => ({ tree: dataOf(event.output) }) },
          },
          { target: 'accountsFailed', actions: 'markAccountsFailed' },
        ],
        onError: { target: 'accountsFailed', actions: 'markAccountsFailed' },
      },
    },
    // Without its accounts the list cannot say whose AEDs it shows: offer to try again.
    accountsFailed: {
      meta: observe({ shown: ['aed-accounts-failed'], absent: ['aed-list'], enabled: ['aed.common.retry'] }),
      on: { 'accounts.retry': 'loadingAccounts' },
    },
    showing: {
      meta: observe({ shown: ['aed-list', 'account-selector'], absent: ['aed-accounts-failed'] }),
      type: 'parallel',
      states: {
        data: {
          meta: observe({ shown: ['aed-results'] }),
          initial: 'routing',
          on: {
            'view.change': { target: '.routing', actions: 'changeView' },
            'account.select': { target: '.routing', actions: ['swapBackAccounts', 'selectAccount'] },
            'account.selectAsync': [
              { guard: 'isDefaultAdminAccount', target: '.swappingAccounts', actions: 'keepPendingAccount' },
              { target: '.routing', actions: ['swapBackAccounts', 'selectAccount'] },
            ],
            'account.addTemporary': { target: '.routing', actions: 'addTemporary' },
            // Reloads either way: the counts of '0' are asked again when the selection falls back to it.
            'account.deleteTemporary': { target: '.routing', actions: 'deleteTemporary' },
            'page.change': { target: '.routing', actions: 'changePage' },
            'limit.change': { target: '.routing', actions: 'changeLimit' },
            'order.change': { target: '.routing', actions: 'changeOrder' },
            'filter.add': { target: '.routing', actions: 'changeFilter' },
            'filter.remove': { target: '.routing', actions: 'changeFilter' },
            'filter.clear': { target: '.routing', actions: 'changeFilter' },
            'list.reload': { target: '.routing' },
          },
          states: {
            routing: {
              always: [{ guard: 'isMapView', target: 'map' }, { target: 'list' }],
            },
            list: {
              meta: observe({ shown: ['aed-entries'], absent: ['aed-map-total'] }),
              initial: 'loading',
              states: {
                loading: {
                  meta: observe({ absent: ['aed-list-failed'], calls: ['aed.getAllList'] }),
                  tags: ['loading'],
                  entry: 'startLoading',
                  invoke: {
                    src: 'loadList',
                    input: ({ context }) => listQueryOf(context),
                    onDone: [
                      {
                        guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                        target: 'idle',
                        actions: { type: 'keepPage', params: ({ event }) => ({ page: dataOf(event.output) }) },
                      },
                      { target: 'failed', actions: { type: 'keepListFailure', params: ({ event }) => ({ key: keyOf(event.output, aedErrorKeys.list) }) } },
                    ],
                    onError: { target: 'failed', actions: { type: 'keepListFailure', params: { key: aedErrorKeys.list } } },
                  },
                },
                idle: {
                  meta: observe({ absent: ['aed-list-failed'] }),
                  on: { 'aed.delete': { guard: 'isOnPage', target: 'deleting', actions: 'keepDeleting' } },
                },
                failed: { meta: observe({ shown: ['aed-list-failed'], enabled: ['aed.common.retry'] }) },
                deleting: {
                  meta: observe({ calls: ['aed.softDelete'] }),
                  tags: ['busy'],
                  invoke: {
                    src: 'softDelete',
                    input: ({ context }) => ({ udid: context.deleting ?? '' }),
                    onDone: [
                      {
                        guard: { type: 'emptiesPage', params: ({ event }) => ({ outcome: event.output }) },
                        target: 'loading',
                        actions: ['removeAed', 'stepBack', { type: 'announce', params: { type: 'success', key: 'aed.delete.done' } }],
                      },
                      {
                        guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                        target: 'idle',
                        actions: ['removeAed', { type: 'announce', params: { type: 'success', key: 'aed.delete.done' } }],
                      },
                      {
                        target: 'idle',
                        actions: ['forgetDeleting', { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, aedErrorKeys.softDelete) }) }],
                      },
                    ],
                    onError: { target: 'idle', actions: ['forgetDeleting', { type: 'announce', params: { type: 'error', key: aedErrorKeys.softDelete } }] },
                  },
                },
              },
            },
            map: {
              meta: observe({ shown: ['aed-map-total'], absent: ['aed-entries'] }),
              initial: 'routing',
              on: { 'map.viewport': { target: '.loading', actions: 'keepViewport' } },
              states: {
                routing: { always: [{ guard: 'hasViewport', target: 'loading' }, { target: 'awaitingViewport' }] },
                // The map has not told its size and zoom yet.
                awaitingViewport: { tags: ['loading'], meta: observe({ absent: ['aed-list-failed'] }) },
                loading: {
                  meta: observe({ absent: ['aed-list-failed'], calls: ['aed.getAedsMap'] }),
                  tags: ['loading'],
                  entry: 'startLoading',
                  invoke: {
                    src: 'loadMap',
                    input: ({ context }) => mapQueryOf(context),
                    onDone: [
                      {
                        guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                        target: 'idle',
                        actions: { type: 'keepMap', params: ({ event }) => ({ map: dataOf(event.output) }) },
                      },
                      { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ key: keyOf(event.output, aedErrorKeys.map) }) } },
                    ],
                    onError: { target: 'failed', actions: { type: 'keepFailure', params: { key: aedErrorKeys.map } } },
                  },
                },
                idle: { meta: observe({ absent: ['aed-list-failed'] }) },
                failed: { meta: observe({ shown: ['aed-list-failed'], enabled: ['aed.common.retry'] }) },
              },
            },
            // A DEFAULT_ADMIN account was chosen in the asynchronous select: fetch the accounts it manages.
            swappingAccounts: {
              meta: observe({ calls: ['account.getSelectAccountList'] }),
              tags: ['loading'],
              invoke: {
                src: 'loadManagedAccounts',
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'routing',
                    actions: [{ type: 'swapInManagedAccounts', params: ({ event }) => ({ outcome: event.output }) }, 'selectPendingAccount'],
                  },
                  { target: 'routing', actions: [{ type: 'keepFailure', params: { key: aedErrorKeys.accounts } }, { type: 'announce', params: { type: 'error', key: aedErrorKeys.accounts } }] },
                ],
                onError: { target: 'routing', actions: { type: 'keepFailure', params: { key: aedErrorKeys.accounts } } },
              },
            },
          },
        },
        export: {
          meta: observe({ shown: ['aed-export'] }),
          initial: 'idle',
          states: {
            idle: { meta: observe({ enabled: ['aed.export.action'] }), on: { 'list.export': 'exporting' } },
            exporting: {
              meta: observe({ disabled: ['aed.export.action'], calls: ['aed.exportAeds'] }),
              tags: ['exporting'],
              invoke: {
                src: 'exportList',
                input: ({ context, event }) => ({ ...listQueryOf(context), format: (event.type === 'list.export' && event.format) || 'xlsx', allAeds: event.type === 'list.export' && !!event.allAeds }),
                onDone: [
                  { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: { type: 'announce', params: ({ event }) => exportedNotice(event.output) } },
                  { target: 'idle', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, aedErrorKeys.export) }) } },
                ],
                onError: { target: 'idle', actions: { type: 'announce', params: { type: 'error', key: aedErrorKeys.export } } },
              },
            },
          },
        },
      },
    },
  },
});
