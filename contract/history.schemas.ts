import { z } from 'zod';
import { flag } from './http';
import { callbackFlags, contactStatus } from './callback.schemas';
import { contactStatuses } from './charts/callback.chart';
import { requestStatuses } from './charts/responder-request.chart';

/**
 * The alert history of spec §2, §3, §7: getAlertHistory with every filter, the chronology of one
 * alert, and exportAlertHistory. Field names the spec leaves open are chosen here;
 * docs/api-history.md describes them.
 */

/** Page size of the history (spec §9) and the sizes the table offers. */
export const historyPageSize = 20;
export const historyPageSizes = [10, 20, 50, 100] as const;
/** The default range starts this many months back, at the start of the day (spec §4). */
export const historyDefaultMonths = 4;
/** The start date may not be older than this many months (spec §5; docs/decisions.md says why 24). */
export const historyMaxMonths = 24;
/** Dates are read and shown in this zone (spec §9). */
export const historyZone = 'Europe/Paris';

/**
 * `tag` narrows the history to alerts with at least one responder in a call-back situation: a
 * contact status, or one of its flags. The dashboard's call actions link here with a tag.
 */
export const historyTags = [...contactStatuses, 'olderThan10Days', 'overdue', 'dueToday'] as const;
export type HistoryTag = (typeof historyTags)[number];

/** Query values arrive as text, and an empty filter as an empty string (spec §3 "all empty by default"). */
const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const day = z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional());
const optionalInt = z.preprocess(blank, z.coerce.number().int().optional());
const text = z.preprocess(blank, z.string().trim().max(200).optional());

/** The filters shared by the list and the export. */
const filterFields = {
  /** First day (YYYY-MM-DD, Europe/Paris); default four months back. */
  startDate: day,
  /** Last day, included; default today. */
  endDate: day,
  /** Part of the address or of the address details. */
  address: text,
  alertType: optionalInt,
  lang: z.preprocess(blank, z.string().max(10).default('fr')),
  order: z.preprocess(blank, z.enum(['asc', 'desc']).default('desc')),
  /** Include test alerts (test site, debug modes 1 and 3). */
  withTest: flag(false),
  /** Only alerts where at least one citizen responder set off. */
  withCitizenResponderOnly: flag(false),
  tag: z.preprocess(blank, z.enum(historyTags).optional()),
  /** One account of the caller's subtree; default the whole subtree. */
  selectedSite: z.preprocess(blank, z.coerce.number().int().positive().optional()),
};

/** GET /services/backoffice/alert/getAlertHistory */
export const historyQuery = z.object({
  ...filterFields,
  limit: z.preprocess(blank, z.coerce.number().int().min(1).max(100).default(historyPageSize)),
  /** One-based: the SPA's zero-based page plus one (spec §7, §9). */
  page: z.preprocess(blank, z.coerce.number().int().min(1).default(1)),
});
export type HistoryQuery = z.infer<typeof historyQuery>;
export type HistoryFilter = Omit<HistoryQuery, 'limit' | 'page'>;

/** A responder who set off on the alert, with their call-back. */
export const historyResponder = z.object({
  /** The request (responder on this alert): the post-intervention form's id. */
  id: z.number().int(),
  citizenResponderId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  status: z.enum(requestStatuses),
  contactStatus,
  recallAt: z.string().nullable(),
  flags: callbackFlags,
  /** Seconds from launch to the responder's acceptance. */
  departureSeconds: z.number().int().nullable(),
  formCompleted: z.boolean(),
});
export type HistoryResponder = z.infer<typeof historyResponder>;

/** One alert of the history. */
export const historyAlert = z.object({
  alertId: z.number().int(),
  alertType: z.number().int(),
  idSite: z.number().int(),
  siteName: z.string(),
  address: z.string(),
  addressInfo: z.string(),
  lat: z.number(),
  lon: z.number(),
  test: z.boolean(),
  debugMode: z.number().int(),
  creationDate: z.string(),
  /** Launch date. */
  date: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.enum(['user', 'auto']).nullable(),
  closedBy: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** Seconds from launch to close (null while open). */
  durationSeconds: z.number().int().nullable(),
  nbRequests: z.number().int(),
  nbRefused: z.number().int(),
  /** Responders who set off (accepted the alert). */
  nbDepartures: z.number().int(),
  /** Seconds from launch to the first acceptance. */
  firstDepartureSeconds: z.number().int().nullable(),
  /** The alert's call-back state: alertInProgress while open, else the most pressing of its responders' (none when nobody set off). */
  contactStatus: z.enum([...contactStatuses, 'none']),
  /** Responders by contact status. */
  callbackCounts: z.partialRecord(contactStatus, z.number().int()),
  responders: z.array(historyResponder),
});
export type HistoryAlert = z.infer<typeof historyAlert>;

export const historyPage = z.object({
  list: z.array(historyAlert),
  count: z.number().int(),
  /** The range applied (defaults resolved), YYYY-MM-DD. */
  startDate: z.string(),
  endDate: z.string(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type HistoryPage = z.infer<typeof historyPage>;

/** What one chronology line tells. */
export const chronologyKinds = [
  'created',
  'setUp',
  'launched',
  'offer',
  'answer',
  'progress',
  'addressChanged',
  'detailsChanged',
  'escalated',
  'responderStopped',
  'responderStarted',
  'closed',
  'autoClosed',
  'call',
] as const;
export type ChronologyKind = (typeof chronologyKinds)[number];

export const chronologyEntry = z.object({
  at: z.string(),
  kind: z.enum(chronologyKinds),
  actor: z.object({ type: z.enum(['user', 'responder', 'bot', 'system']), id: z.number().int().nullable(), name: z.string().nullable() }),
  responder: z.object({ requestId: z.number().int(), citizenResponderId: z.number().int(), name: z.string() }).nullable(),
  /** answer and progress: the responder's new status; call: the call's outcome. */
  status: z.string().nullable(),
  /** Figures and places of the line (nbRequests, from/to addresses, movedKm, recallAt...). */
  details: z.record(z.string(), z.unknown()),
});
export type ChronologyEntry = z.infer<typeof chronologyEntry>;

/** GET /services/backoffice/alert/getAlertChronology/{alertId} */
export const chronology = z.object({ alert: historyAlert, entries: z.array(chronologyEntry) });
export type Chronology = z.infer<typeof chronology>;

export const chronologyParams = z.object({ alertId: z.coerce.number().int().positive() });

/** Export formats; anything else is "unknown export type". */
export const historyExportTypes = ['xlsx'] as const;

/** POST /services/backoffice/alert/exportAlertHistory (spec §7), plus withTest as the list has it. */
export const historyExportBody = z.object({
  type: z.string().max(20).default('xlsx'),
  ...filterFields,
});
export type HistoryExportBody = z.infer<typeof historyExportBody>;
