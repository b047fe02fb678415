import { notificationChart, type NotificationStatus } from '../../../contract/charts/notification.chart';
import { allows, nextState } from '../../../contract/charts/transition';
import type { NotificationItem } from '../../../contract/notification.schemas';

/**
 * The list rules of spec §4 "Notification statuses", pure. What an item may do is asked of the
 * notification chart (the server asks the same chart before writing).
 */

/** Play or stop as the chart allows from a status: stop when the toggle leads to stopped, play when it leads to activated. */
export function toggleOf(status: NotificationStatus): 'play' | 'stop' | null {
  const next = nextState(notificationChart, status, { type: 'notification.toggle' });
  if (next === undefined) return null;
  return next === 'stopped' ? 'stop' : 'play';
}

/** Whether the chart lets a notification in `status` be deleted. */
export function deletable(status: NotificationStatus): boolean {
  return allows(notificationChart, status, { type: 'notification.delete' });
}

/** Whether a notification in `status` can still be edited in the form: the chart lets it be saved as a draft again. */
export function editable(status: NotificationStatus): boolean {
  return allows(notificationChart, status, { type: 'notification.saveDraft', distribution: 'programmed' });
}

export const itemOf = (list: NotificationItem[], id: number) => list.find((item) => item.id === id);

/** The page with the item replaced by its new version (after play or stop). */
export function withItem(list: NotificationItem[], item: NotificationItem): NotificationItem[] {
  return list.map((other) => (other.id === item.id ? item : other));
}

/** Delete: out of the page, one fewer in the count; back a page when it was the last item of a page above 0. */
export function afterDelete(state: { list: NotificationItem[]; count: number; pages: number }, id: number) {
  const list = state.list.filter((item) => item.id !== id);
  if (list.length === state.list.length) return state;
  const stepBack = list.length === 0 && state.pages > 0;
  return { list, count: Math.max(0, state.count - 1), pages: stepBack ? state.pages - 1 : state.pages };
}

/** Duplicate: the copy on top of the page (which keeps its size), one more in the count. */
export function afterDuplicate(state: { list: NotificationItem[]; count: number }, copy: NotificationItem, limit: number) {
  return { list: [copy, ...state.list.filter((item) => item.id !== copy.id)].slice(0, limit), count: state.count + 1 };
}

/** The success message of a play or stop, from the status it led to. */
export const toggledKey = (item: NotificationItem) => (item.status === 'stopped' ? 'notification.stop.done' : 'notification.play.done');
