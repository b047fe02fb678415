import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { notificationListMachine } from '../../src/machines/notification-list/notification-list.machine';
import type { NotificationListContext } from '../../src/machines/notification-list/notification-list.types';
import { definePathModel, type EventSamples } from './kit';
import { failure, notificationItem, notificationPage, sites } from './notification.fixtures';

/** Model of the notification list machine for `npm run test:paths` and notification-list.model.test.ts. */

/** Item 1 can be stopped (activated), item 2 played (stopped), item 3 deleted (planned). */
const activated = notificationItem(1, 'activated');
const stopped = notificationItem(2, 'stopped');
const planned = notificationItem(3, 'planned');

export const notificationListEvents = {
  'filter.change': [{ type: 'filter.change', filter: { osDevice: 'android' } }],
  'page.change': [{ type: 'page.change', page: 1 }],
  'list.refresh': [{ type: 'list.refresh' }],
  'notification.toggle': [
    { type: 'notification.toggle', id: 1 },
    // The chart refuses: a planned notification cannot be played.
    { type: 'notification.toggle', id: 3 },
  ],
  'notification.delete': [
    { type: 'notification.delete', id: 3 },
    // The chart refuses: stop it first.
    { type: 'notification.delete', id: 1 },
  ],
  'notification.duplicate': [{ type: 'notification.duplicate', id: 3 }],
} satisfies EventSamples<typeof notificationListMachine>;

/** What guards read: the state, the pending refresh, the page number and whether item 3 is alone on its page. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as NotificationListContext;
  return JSON.stringify({
    value: snapshot.value,
    refresh: context.refresh,
    firstPage: context.pages === 0,
    ids: context.list.map((item) => `${item.id}:${item.status}`).slice(0, 3),
    alone: context.list.length === 1,
    pending: context.pending?.id ?? null,
  });
}

export const pathModel = definePathModel({
  machine: notificationListMachine,
  events: notificationListEvents,
  actors: {
    loadPage: {
      done: [notificationPage([activated, stopped, planned], 23), notificationPage([planned], 21), failure('error.network', 0)],
      error: [new Error('boom')],
    },
    loadSites: { done: [{ ok: true, data: sites }] },
    toggle: { done: [{ ok: true, data: notificationItem(1, 'stopped') }, failure('error.notification.cannot-toggle', 409)], error: [new Error('boom')] },
    remove: { done: [{ ok: true, data: { id: 3, deleted: true } }, failure('error.notification.cannot-delete', 409)], error: [new Error('boom')] },
    duplicate: { done: [{ ok: true, data: notificationItem(40, 'draft') }, failure('error.notification.not-found', 404)], error: [new Error('boom')] },
  },
  provide: { actors: { listenRefresh: fromCallback<{ type: 'list.refresh' }>(() => undefined) } },
  serializeState,
});
