import type { SnapshotFrom } from 'xstate';
import type { NotificationItem } from '../../../contract/notification.schemas';
import type { notificationListMachine } from './notification-list.machine';
import { deletable, editable, toggleOf } from './notification-list.rules';

export type NotificationListSnapshot = SnapshotFrom<typeof notificationListMachine>;

/** What the table area shows (the `snapshotToState` of the Expensify split). */
export type NotificationListPhase = 'loading' | 'refreshing' | 'ready' | 'failed';

export function phaseOf(snapshot: NotificationListSnapshot): NotificationListPhase {
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('loading')) return snapshot.context.quiet ? 'refreshing' : 'loading';
  return 'ready';
}

export const itemsOf = (snapshot: NotificationListSnapshot) => snapshot.context.list;
export const countOf = (snapshot: NotificationListSnapshot) => snapshot.context.count;
export const filterOf = (snapshot: NotificationListSnapshot) => snapshot.context.filter;
export const pageOf = (snapshot: NotificationListSnapshot) => snapshot.context.pages;
export const limitOf = (snapshot: NotificationListSnapshot) => snapshot.context.limit;
export const sitesOf = (snapshot: NotificationListSnapshot) => snapshot.context.sites;
export const errorKeyOf = (snapshot: NotificationListSnapshot) => snapshot.context.errorKey;
export const pendingOf = (snapshot: NotificationListSnapshot) => snapshot.context.pending;
export const isBusy = (snapshot: NotificationListSnapshot) => snapshot.hasTag('busy');

/** An item's actions: what the chart offers from its status, and whether the machine takes it now (not while another runs). */
export interface ItemActions {
  toggle: 'play' | 'stop' | null;
  canToggle: boolean;
  delete: boolean;
  canDelete: boolean;
  canDuplicate: boolean;
  /** A draft opens in the add form. */
  edit: boolean;
}

export function actionsOf(snapshot: NotificationListSnapshot, item: NotificationItem): ItemActions {
  return {
    toggle: toggleOf(item.status),
    canToggle: snapshot.can({ type: 'notification.toggle', id: item.id }),
    delete: deletable(item.status),
    canDelete: snapshot.can({ type: 'notification.delete', id: item.id }),
    canDuplicate: snapshot.can({ type: 'notification.duplicate', id: item.id }),
    edit: editable(item.status),
  };
}
