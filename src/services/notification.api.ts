import type { FilterCondition } from '../../contract/notification.filter';
import type { NotificationBody, NotificationItem, Targeting } from '../../contract/notification.schemas';
import { call, type Result } from './http';

/**
 * The push notification calls of spec §7 (/services/backoffice/admin/notification/...), one
 * function each. No React, no state: the notification machines call these from their actors.
 */

const base = '/services/backoffice/admin/notification';

/** What the list asks for: page is zero-based here, sent as page + 1 (spec §9). */
export interface NotificationListQuery {
  idSite: number | null;
  osDevice: string | null;
  type: string | null;
  limit: number;
  page: number;
}

export interface NotificationPage {
  list: NotificationItem[];
  count: number;
}

/** A responder's phone found for a single send (getNoCitizen). */
export interface CitizenDevice {
  udid: string;
  responderId: number;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  os: string;
  buildVersion: string | null;
  accountStatus: string;
}

/** Responders and phones a targeting reaches now. */
export interface PotentialCitizens {
  citizens: number;
  devices: number;
}

/** The test send of the add form (launchTestNotificationPush). */
export interface TestNotificationBody {
  idTester: number;
  idSite: number;
  osDevice: string;
  language: string;
  buildVersion: string;
  message: string;
  title?: string;
  messageType?: string;
  url?: string | null;
}

export interface TestQueued {
  queued: number;
  udid: string;
  status: 'sent' | 'pending';
}

/** Drops the empty filters: the server reads an absent key as "any". */
function listParams(query: NotificationListQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { limit: query.limit, page: query.page + 1 };
  if (query.idSite !== null) params.idSite = query.idSite;
  if (query.osDevice) params.osDevice = query.osDevice;
  if (query.type) params.type = query.type;
  return params;
}

export function getAdminNotifications(query: NotificationListQuery, signal?: AbortSignal): Promise<Result<NotificationPage>> {
  return call<NotificationPage>(`${base}/getAdminNotifications`, { query: listParams(query), signal });
}

/** Stops an activated send or plays a stopped or blocked one; answers the notification. */
export function playOrStopNotification(id: number, signal?: AbortSignal): Promise<Result<NotificationItem>> {
  return call<NotificationItem>(`${base}/playOrStopNotification`, { method: 'POST', body: { id }, signal });
}

export function deleteAdminNotification(id: number, signal?: AbortSignal): Promise<Result<{ id: number; deleted: true }>> {
  return call<{ id: number; deleted: true }>(`${base}/deleteAdminNotification/${id}`, { method: 'DELETE', signal });
}

/** A draft copy of a notification, first in the list. */
export function duplicateDraft(id: number, signal?: AbortSignal): Promise<Result<NotificationItem>> {
  return call<NotificationItem>(`${base}/duplicateDraft`, { method: 'POST', body: { id }, signal });
}

export function getDraftNotification(id: number, signal?: AbortSignal): Promise<Result<NotificationItem>> {
  return call<NotificationItem>(`${base}/getDraftNotification`, { query: { id }, signal });
}

export function getPotentialCitizens(targeting: Targeting, signal?: AbortSignal): Promise<Result<PotentialCitizens>> {
  return call<PotentialCitizens>(`${base}/getPotentialCitizens`, { method: 'POST', body: targeting, signal });
}

/** Phones for a single send by name, phone, e-mail or udid (2 to 100 characters). */
export function getNoCitizen(query: { filter: string; idSite: number; osDevice: string }, signal?: AbortSignal): Promise<Result<CitizenDevice[]>> {
  return call<CitizenDevice[]>(`${base}/getNoCitizen`, { query, signal });
}

/** Creates a notification (sent now, programmed, or a draft), or updates the draft `body.id`. */
export function postAdminNotification(body: Partial<NotificationBody> & { filter: FilterCondition[] }, signal?: AbortSignal): Promise<Result<NotificationItem>> {
  return call<NotificationItem>(`${base}/postAdminNotification`, { method: 'POST', body, signal });
}

export function launchTestNotificationPush(body: TestNotificationBody, signal?: AbortSignal): Promise<Result<TestQueued>> {
  return call<TestQueued>(`${base}/launchTestNotificationPush`, { method: 'POST', body, signal });
}
