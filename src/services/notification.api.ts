import type { z } from 'zod';
import { notificationEndpoints as endpoints } from '../../contract/notification.endpoints';
import type { FilterCondition } from '../../contract/notification.filter';
import type { citizenDevice, NotificationBody, potentialCitizens, Targeting, testNotificationBody, testQueued } from '../../contract/notification.schemas';
import { call } from './http';

/**
 * The push notification calls of spec §7, as contract/notification.endpoints.ts declares them, one
 * function each. No React, no state: the notification machines call these from their actors.
 */

/** What the list asks for: page is zero-based here, sent as page + 1 (spec §9). */
export interface NotificationListQuery {
  idSite: number | null;
  osDevice: string | null;
  type: string | null;
  limit: number;
  page: number;
}

/** A responder's phone found for a single send (getNoCitizen). */
export type CitizenDevice = z.output<typeof citizenDevice>;
/** Responders and phones a targeting reaches now. */
export type PotentialCitizens = z.output<typeof potentialCitizens>;
/** The test send of the add form (launchTestNotificationPush). */
export type TestNotificationBody = z.input<typeof testNotificationBody>;
export type TestQueued = z.output<typeof testQueued>;

type ListQuery = z.input<(typeof endpoints.getAdminNotifications)['query']>;

/** Drops the empty filters: the server reads an absent key as "any". */
function listParams(query: NotificationListQuery): ListQuery {
  const params: ListQuery = { limit: query.limit, page: query.page + 1 };
  if (query.idSite !== null) params.idSite = query.idSite;
  if (query.osDevice) params.osDevice = query.osDevice as ListQuery['osDevice'];
  if (query.type) params.type = query.type as ListQuery['type'];
  return params;
}

export const getAdminNotifications = (query: NotificationListQuery, signal?: AbortSignal) => call(endpoints.getAdminNotifications, { query: listParams(query) }, { signal });

/** Stops an activated send or plays a stopped or blocked one; answers the notification. */
export const playOrStopNotification = (id: number, signal?: AbortSignal) => call(endpoints.playOrStopNotification, { body: { id } }, { signal });

export const deleteAdminNotification = (id: number, signal?: AbortSignal) => call(endpoints.deleteAdminNotification, { params: { id } }, { signal });

/** A draft copy of a notification, first in the list. */
export const duplicateDraft = (id: number, signal?: AbortSignal) => call(endpoints.duplicateDraft, { body: { id } }, { signal });

export const getDraftNotification = (id: number, signal?: AbortSignal) => call(endpoints.getDraftNotification, { query: { id } }, { signal });

export const getPotentialCitizens = (targeting: Targeting, signal?: AbortSignal) => call(endpoints.getPotentialCitizens, { body: targeting }, { signal });

/** Phones for a single send by name, phone, e-mail or udid (2 to 100 characters). */
export const getNoCitizen = (query: z.input<(typeof endpoints.getNoCitizen)['query']>, signal?: AbortSignal) => call(endpoints.getNoCitizen, { query }, { signal });

/**
 * Creates a notification (sent now, programmed, or a draft), or updates the draft `body.id`. The
 * form sends the fields it has; the server names any that is missing or invalid.
 */
export const postAdminNotification = (body: Partial<NotificationBody> & { filter: FilterCondition[] }, signal?: AbortSignal) =>
  call(endpoints.postAdminNotification, { body: body as z.input<(typeof endpoints.postAdminNotification)['body']> }, { signal });

export const launchTestNotificationPush = (body: TestNotificationBody, signal?: AbortSignal) => call(endpoints.launchTestNotificationPush, { body }, { signal });
