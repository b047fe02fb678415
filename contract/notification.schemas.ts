import { z } from 'zod';
import { notificationStatuses } from './charts/notification.chart';
import { targetingFilter } from './notification.filter';

/**
 * Push notifications composed by staff (spec §2 "Notifications", §3 "Notification", §7), under
 * /services/backoffice/admin/notification/.
 */

/** Notification admin page size (spec §9). */
export const notificationPageSize = 20;

export const osDevices = ['all', 'ios', 'android', 'web'] as const;
export const osDevice = z.enum(osDevices);
export const sendingTypes = ['single', 'multiple'] as const;
export const sendingType = z.enum(sendingTypes);
export const distributions = ['immediate', 'programmed'] as const;
export const distribution = z.enum(distributions);
/** What the message is about; the list filter `type` is this field. */
export const messageTypes = ['information', 'training', 'event', 'survey', 'appUpdate'] as const;
export const messageType = z.enum(messageTypes);
/**
 * Engagement of a responder, from their intervention count: new (none yet), occasional (1 to 4),
 * regular (5 or more); all for everyone.
 */
export const engagementLevels = ['all', 'new', 'occasional', 'regular'] as const;
export const engagementLevel = z.enum(engagementLevels);
/** Responder account status targeted (spec §4 "Responder validation"), or all. */
export const targetAccountStatus = z.enum(['all', 'activated', 'refused', 'waiting']);
export const messageLanguage = z.enum(['fr', 'en', 'de']);

const phonePrefix = z.string().regex(/^\+[0-9]{1,4}$/, 'error.notification.phone-prefix');
const buildVersion = z.string().regex(/^[0-9]{1,9}$/, 'error.notification.build-version');
const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** Who receives a notification: the targeting half of the form, also sent to getPotentialCitizens. */
export const targeting = z.object({
  /** The application (site) whose responders are targeted; must be the caller's account or below. */
  idSite: z.coerce.number().int().positive(),
  osDevice,
  sendingType,
  /** The target phone of a single send (a device udid from getNoCitizen). */
  udid: z.string().trim().min(1).max(200).nullish(),
  engagementLevel: engagementLevel.default('all'),
  accountStatus: targetAccountStatus.default('activated'),
  phonePrefix: phonePrefix.nullish(),
  /** The additional targeting filter: structured conditions, never SQL. */
  filter: targetingFilter.default([]),
  language: messageLanguage,
  /** Lowest app build that should receive the message (devices reporting an older build are left out). */
  buildVersion: buildVersion.nullish(),
});
export type Targeting = z.infer<typeof targeting>;

/** POST postAdminNotification: creates a notification, or updates a draft when `id` is given. */
export const notificationBody = targeting.extend({
  id: z.number().int().positive().optional(),
  /** Save without sending: the notification stays a draft (which cannot be immediate). */
  draft: z.boolean().default(false),
  /** Title (called description in the list). */
  title: z.string().trim().min(1).max(120),
  /** Messages per delivery batch ("fake batch" number), above 0. */
  fakeBatch: z.number().int().min(1).max(10_000),
  messageType,
  message: z.string().trim().min(1).max(1000),
  url: httpUrl.nullish(),
  distribution,
  /** Sending date of a programmed distribution (ISO 8601 with offset). */
  programmedDate: z.iso.datetime({ offset: true }).nullish(),
});
export type NotificationBody = z.infer<typeof notificationBody>;

/** Play, stop, delete and duplicate as the chart allows them from the current status. */
export const notificationActions = z.object({
  play: z.boolean(),
  stop: z.boolean(),
  delete: z.boolean(),
  duplicate: z.boolean(),
  edit: z.boolean(),
});

/** One row of the admin list; also the answer of every call that changes a notification. */
export const notificationItem = z.object({
  id: z.number().int(),
  title: z.string(),
  idSite: z.number().int(),
  siteName: z.string(),
  osDevice,
  sendingType,
  udid: z.string().nullable(),
  engagementLevel,
  accountStatus: targetAccountStatus,
  phonePrefix: z.string().nullable(),
  filter: targetingFilter,
  fakeBatch: z.number().int(),
  messageType,
  language: messageLanguage,
  message: z.string(),
  url: z.string().nullable(),
  buildVersion: z.string().nullable(),
  distribution,
  programmedDate: z.string().nullable(),
  /** draft, planned, activated, stopped, sent, sentBlocked. */
  status: z.enum(notificationStatuses),
  /** The list's five statuses: draft, planned, inProgress (activated or stopped), sent, sentBlocked. */
  statusGroup: z.enum(['draft', 'planned', 'inProgress', 'sent', 'sentBlocked']),
  /** Messages queued in the outbox (one per recipient device). */
  recipients: z.number().int(),
  /** Messages handed over to the push services. */
  sentCount: z.number().int(),
  failedCount: z.number().int(),
  pendingCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  actions: notificationActions,
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET getAdminNotifications: page is the zero-based page plus 1 (spec §7, §9). */
export const listQuery = z.object({
  idSite: z.coerce.number().int().positive().optional(),
  osDevice: osDevice.optional(),
  /** The message type. */
  type: messageType.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(notificationPageSize),
  page: z.coerce.number().int().min(1).default(1),
});

export const notificationList = z.object({ list: z.array(notificationItem), count: z.number().int() });
export type NotificationPage = z.infer<typeof notificationList>;

export const idBody = z.object({ id: z.coerce.number().int().positive() });
export const idParams = z.object({ id: z.coerce.number().int().positive() });
export const idQuery = z.object({ id: z.coerce.number().int().positive() });

export const deleted = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** POST getPotentialCitizens: how many responders and devices the targeting reaches now. */
export const potentialCitizens = z.object({ citizens: z.number().int(), devices: z.number().int() });

/** GET getNoCitizen: responders' devices for a single send, by name, e-mail, phone or udid. */
export const noCitizenQuery = z.object({
  filter: z.string().trim().min(2).max(100),
  idSite: z.coerce.number().int().positive(),
  osDevice: osDevice.default('all'),
});
export const citizenDevice = z.object({
  udid: z.string(),
  responderId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  os: z.string(),
  buildVersion: z.string().nullable(),
  accountStatus: z.string(),
});

/** POST launchTestNotificationPush: the form's message sent to one tester's phone. */
export const testNotificationBody = z.object({
  idTester: z.number().int().positive(),
  idSite: z.coerce.number().int().positive(),
  osDevice,
  language: messageLanguage,
  buildVersion,
  message: z.string().trim().min(1).max(1000),
  title: z.string().trim().min(1).max(120).optional(),
  messageType: messageType.optional(),
  url: httpUrl.nullish(),
});

/** What a test send did: one outbox message to the tester's phone; status is the push service's answer within 3 s. */
export const testQueued = z.object({ queued: z.number().int(), udid: z.string(), status: z.enum(['sent', 'pending']) });
