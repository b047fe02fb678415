import { fromCallback, fromPromise } from 'xstate';
import { getAccountList } from '../../services/account.api';
import * as api from '../../services/notification.api';
import { subscribe } from '../../services/realtime';
import type { DeleteOutcome, ItemOutcome, NotificationListQuery, PageOutcome, SiteOption, SitesOutcome } from './notification-list.types';

/**
 * The applications (sites) a notification may target: the caller's account and its descendants,
 * except external registers, which have no responders.
 */
export async function loadSites(signal: AbortSignal): Promise<SitesOutcome> {
  const outcome = await getAccountList(signal);
  if (!outcome.ok) return outcome;
  const sites: SiteOption[] = outcome.data.filter((account) => account.kind !== 'external').map((account) => ({ id: account.id, name: account.name }));
  return { ok: true, data: sites };
}

/** The notification list's I/O; tests replace them with `.provide({ actors })`. */
export const notificationListActors = {
  loadPage: fromPromise<PageOutcome, NotificationListQuery>(({ input, signal }) => api.getAdminNotifications(input, signal)),
  loadSites: fromPromise<SitesOutcome>(({ signal }) => loadSites(signal)),
  toggle: fromPromise<ItemOutcome, { id: number }>(({ input, signal }) => api.playOrStopNotification(input.id, signal)),
  remove: fromPromise<DeleteOutcome, { id: number }>(({ input, signal }) => api.deleteAdminNotification(input.id, signal)),
  duplicate: fromPromise<ItemOutcome, { id: number }>(({ input, signal }) => api.duplicateDraft(input.id, signal)),
  /** Every REFRESH_NOTIFS of the account becomes `list.refresh`. */
  listenRefresh: fromCallback<{ type: 'list.refresh' }>(({ sendBack }) => subscribe('REFRESH_NOTIFS', () => sendBack({ type: 'list.refresh' }))),
};
