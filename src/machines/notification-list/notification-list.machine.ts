import { assertEvent, assign, setup } from 'xstate';
import { notificationErrors } from '../../../contract/notification.errors';
import { errorKeys } from '../../../contract/errors';
import { notificationPageSize, type NotificationItem } from '../../../contract/notification.schemas';
import { notify } from '../../services/notify';
import { observe } from '../observations';
import { notificationListActors } from './notification-list.actors';
import { afterDelete, afterDuplicate, deletable, itemOf, toggledKey, toggleOf, withItem } from './notification-list.rules';
import type { DeleteOutcome, ItemOutcome, NotificationListContext, NotificationListEvent, NotificationListQuery, PageOutcome, SiteOption, SitesOutcome } from './notification-list.types';

type Outcome = PageOutcome | ItemOutcome | DeleteOutcome | SitesOutcome;
const dataOf = <T>(outcome: { ok: true; data: T } | { ok: false }) => (outcome as { data: T }).data;
const keyOf = (outcome: Outcome, fallback: string) => (outcome.ok ? fallback : outcome.key);

/** What a page load sends, from the context. */
export function queryOf(context: NotificationListContext): NotificationListQuery {
  return { ...context.filter, limit: context.limit, page: context.pages };
}

const pendingId = (context: NotificationListContext) => ({ id: context.pending?.id ?? 0 });

/**
 * The admin notification list (spec §2, §4 "Notification statuses"): pages of 20 filtered by site,
 * OS and message type; refreshed by the button and by every REFRESH_NOTIFS; play or stop and
 * delete as the notification chart allows from each item's status; delete lowers the count and
 * steps back a page when it took the last item of a page above 0; duplicate puts the copy on top
 * and raises the count.
 */
export const notificationListMachine = setup({
  types: {} as { context: NotificationListContext; events: NotificationListEvent },
  actors: notificationListActors,
  guards: {
    succeeded: (_, params: { outcome: Outcome }) => params.outcome.ok,
    /** News arrived during the load: its answer may already be old. */
    succeededButStale: ({ context }, params: { outcome: Outcome }) => params.outcome.ok && context.refresh,
    refreshPending: ({ context }) => context.refresh,
    canToggle: ({ context, event }) => {
      assertEvent(event, 'notification.toggle');
      const item = itemOf(context.list, event.id);
      return item !== undefined && toggleOf(item.status) !== null;
    },
    canDelete: ({ context, event }) => {
      assertEvent(event, 'notification.delete');
      const item = itemOf(context.list, event.id);
      return item !== undefined && deletable(item.status);
    },
    canDuplicate: ({ context, event }) => {
      assertEvent(event, 'notification.duplicate');
      return itemOf(context.list, event.id) !== undefined;
    },
    /** The deleted item was the last of a page above 0: the previous page is loaded. */
    emptiesPage: ({ context }, params: { outcome: DeleteOutcome }) => params.outcome.ok && context.list.length === 1 && context.pages > 0,
  },
  actions: {
    startLoading: assign({ loading: true, refresh: false, errorKey: null }),
    markQuiet: assign({ quiet: true }),
    markRefresh: assign({ refresh: true }),
    keepPage: assign((_, params: { outcome: PageOutcome }) => {
      const page = dataOf(params.outcome);
      return { list: page.list, count: page.count, loading: false, quiet: false };
    }),
    keepFailure: assign((_, params: { key: string }) => ({ loading: false, quiet: false, errorKey: params.key })),
    keepSites: assign((_, params: { sites: SiteOption[] }) => ({ sites: params.sites })),
    changeFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.change');
      return { filter: { ...context.filter, ...event.filter }, pages: 0, quiet: false };
    }),
    changePage: assign(({ event }) => {
      assertEvent(event, 'page.change');
      return { pages: Math.max(0, event.page), quiet: false };
    }),
    keepPending: assign(({ event }) => {
      assertEvent(event, ['notification.toggle', 'notification.delete', 'notification.duplicate']);
      const action = event.type === 'notification.toggle' ? 'toggle' : event.type === 'notification.delete' ? 'delete' : 'duplicate';
      return { pending: { id: event.id, action } as const };
    }),
    forgetPending: assign({ pending: null }),
    replaceItem: assign(({ context }, params: { item: NotificationItem }) => ({ list: withItem(context.list, params.item), pending: null })),
    removeItem: assign(({ context }) => ({ ...afterDelete(context, context.pending?.id ?? 0), pending: null })),
    prependCopy: assign(({ context }, params: { copy: NotificationItem }) => ({ ...afterDuplicate(context, params.copy, context.limit), pending: null })),
    announce: (_, params: { type: 'success' | 'error'; key: string }) => notify({ type: params.type, key: params.key, life: params.type === 'error' ? 5000 : undefined }),
  },
}).createMachine({
  id: 'notificationList',
  meta: observe({ shown: ['notification-list', 'notification-count', 'notification-refresh'], calls: ['account.getAccountList'] }),
  context: {
    list: [],
    count: 0,
    loading: true,
    quiet: false,
    filter: { idSite: null, osDevice: null, type: null },
    pages: 0,
    limit: notificationPageSize,
    refresh: false,
    sites: [],
    errorKey: null,
    pending: null,
  },
  invoke: [
    { src: 'listenRefresh' },
    {
      src: 'loadSites',
      // Without the sites the filter offers none; the list itself still works.
      onDone: { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, actions: { type: 'keepSites', params: ({ event }) => ({ sites: dataOf(event.output) }) } },
    },
  ],
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      meta: observe({ absent: ['notification-list-failed'], calls: ['notification.getAdminNotifications'] }),
      entry: 'startLoading',
      invoke: {
        src: 'loadPage',
        input: ({ context }) => queryOf(context),
        onDone: [
          {
            guard: { type: 'succeededButStale', params: ({ event }) => ({ outcome: event.output }) },
            target: 'loading',
            reenter: true,
            actions: [{ type: 'keepPage', params: ({ event }) => ({ outcome: event.output }) }, 'markQuiet'],
          },
          { guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: { type: 'keepPage', params: ({ event }) => ({ outcome: event.output }) } },
          { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ key: keyOf(event.output, errorKeys.serverError) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'keepFailure', params: { key: errorKeys.serverError } } },
      },
      on: {
        'list.refresh': { actions: 'markRefresh' },
        'filter.change': { target: 'loading', reenter: true, actions: 'changeFilter' },
        'page.change': { target: 'loading', reenter: true, actions: 'changePage' },
      },
    },
    idle: {
      meta: observe({ absent: ['notification-list-failed'] }),
      // A refresh asked while an action ran.
      always: { guard: 'refreshPending', target: 'loading', actions: 'markQuiet' },
      on: {
        'list.refresh': { target: 'loading', actions: 'markQuiet' },
        'filter.change': { target: 'loading', actions: 'changeFilter' },
        'page.change': { target: 'loading', actions: 'changePage' },
        'notification.toggle': { guard: 'canToggle', target: 'toggling', actions: 'keepPending' },
        'notification.delete': { guard: 'canDelete', target: 'deleting', actions: 'keepPending' },
        'notification.duplicate': { guard: 'canDuplicate', target: 'duplicating', actions: 'keepPending' },
      },
    },
    failed: {
      meta: observe({ shown: ['notification-list-failed'], enabled: ['notification.common.retry'], messages: ['notification.list.load-failed'] }),
      on: {
        'list.refresh': 'loading',
        'filter.change': { target: 'loading', actions: 'changeFilter' },
        'page.change': { target: 'loading', actions: 'changePage' },
      },
    },
    toggling: {
      tags: ['busy'],
      meta: observe({ disabled: ['notification.duplicate.action'], calls: ['notification.playOrStopNotification'] }),
      invoke: {
        src: 'toggle',
        input: ({ context }) => pendingId(context),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: [
              { type: 'replaceItem', params: ({ event }) => ({ item: dataOf(event.output) }) },
              { type: 'announce', params: ({ event }) => ({ type: 'success' as const, key: toggledKey(dataOf(event.output)) }) },
            ],
          },
          // Someone else changed it meanwhile: the refresh shows its real status.
          { target: 'idle', actions: ['forgetPending', 'markRefresh', { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, notificationErrors.cannotToggle) }) }] },
        ],
        onError: { target: 'idle', actions: ['forgetPending', { type: 'announce', params: { type: 'error', key: notificationErrors.cannotToggle } }] },
      },
      on: { 'list.refresh': { actions: 'markRefresh' } },
    },
    deleting: {
      tags: ['busy'],
      meta: observe({ disabled: ['notification.duplicate.action'], calls: ['notification.deleteAdminNotification'] }),
      invoke: {
        src: 'remove',
        input: ({ context }) => pendingId(context),
        onDone: [
          {
            guard: { type: 'emptiesPage', params: ({ event }) => ({ outcome: event.output }) },
            target: 'loading',
            actions: ['removeItem', { type: 'announce', params: { type: 'success', key: 'notification.delete.done' } }],
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: ['removeItem', { type: 'announce', params: { type: 'success', key: 'notification.delete.done' } }],
          },
          { target: 'idle', actions: ['forgetPending', 'markRefresh', { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, notificationErrors.cannotDelete) }) }] },
        ],
        onError: { target: 'idle', actions: ['forgetPending', { type: 'announce', params: { type: 'error', key: notificationErrors.cannotDelete } }] },
      },
      on: { 'list.refresh': { actions: 'markRefresh' } },
    },
    duplicating: {
      tags: ['busy'],
      meta: observe({ disabled: ['notification.duplicate.action'], calls: ['notification.duplicateDraft'] }),
      invoke: {
        src: 'duplicate',
        input: ({ context }) => pendingId(context),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: [{ type: 'prependCopy', params: ({ event }) => ({ copy: dataOf(event.output) }) }, { type: 'announce', params: { type: 'success', key: 'notification.duplicate.done' } }],
          },
          { target: 'idle', actions: ['forgetPending', { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: keyOf(event.output, notificationErrors.notFound) }) }] },
        ],
        onError: { target: 'idle', actions: ['forgetPending', { type: 'announce', params: { type: 'error', key: notificationErrors.notFound } }] },
      },
      on: { 'list.refresh': { actions: 'markRefresh' } },
    },
  },
});
