import { DateTime } from 'luxon';
import { z } from 'zod';
import { contactStatuses, type ContactStatus } from './charts/callback.chart';

/**
 * Call contact status of each responder after each alert, its flags, and the call actions of the
 * referent dashboard (spec §3 "Call actions dashboard", §4, §7 getCallActions, §9 "older than 10
 * days"). docs/api-history.md describes the fields.
 */

/** A call-back waiting more than this many days is flagged (spec §9 "unprocessed-call bucket"). */
export const staleAfterDays = 10;

/** Dates are shown and "today" is decided in this zone (spec §9). */
export const callbackZone = 'Europe/Paris';

export const contactStatus = z.enum(contactStatuses);

/** The flags of spec §4, as the history list and the form show them. */
export const callbackFlags = z.object({
  /** Waiting more than 10 days: to do or unanswered 10 days after the alert closed, or a recall 10 days past its date. */
  olderThan10Days: z.boolean(),
  /** A recall whose date has passed. */
  overdue: z.boolean(),
  /** A recall due today (Europe/Paris). */
  dueToday: z.boolean(),
});
export type CallbackFlags = z.infer<typeof callbackFlags>;

export interface FlagInput {
  contactStatus: ContactStatus;
  /** When the alert closed (ISO). */
  closedAt: string | null;
  recallAt: string | null;
}

/** The instants the flags compare with, computed once for a whole list. */
export interface FlagClock {
  now: number;
  /** Ten days before now (Europe/Paris days). */
  staleBefore: number;
  todayStart: number;
  tomorrowStart: number;
}

export function flagClock(now: Date = new Date()): FlagClock {
  const current = DateTime.fromJSDate(now).setZone(callbackZone);
  const today = current.startOf('day');
  return { now: now.getTime(), staleBefore: current.minus({ days: staleAfterDays }).toMillis(), todayStart: today.toMillis(), tomorrowStart: today.plus({ days: 1 }).toMillis() };
}

/** The flags of one call-back; one definition for the server's lists and the SPA. */
export function flagsOf(item: FlagInput, clock: FlagClock = flagClock()): CallbackFlags {
  const isRecall = item.contactStatus === 'recall' || item.contactStatus === 'recallFragile';
  const recall = item.recallAt ? Date.parse(item.recallAt) : null;
  const closed = item.closedAt ? Date.parse(item.closedAt) : null;
  const waiting = item.contactStatus === 'toDo' || item.contactStatus === 'noAnswer';
  return {
    olderThan10Days: (waiting && closed !== null && closed < clock.staleBefore) || (isRecall && recall !== null && recall < clock.staleBefore),
    overdue: isRecall && recall !== null && recall < clock.now,
    dueToday: isRecall && recall !== null && recall >= clock.todayStart && recall < clock.tomorrowStart,
  };
}

const bucket = z.object({
  total: z.number().int(),
  /** Waiting more than 10 days (see callbackFlags.olderThan10Days). */
  moreThan10days: z.number().int(),
});

/** GET /services/backoffice/alert/getCallActions?selectedSite */
export const callActionsQuery = z.object({ selectedSite: z.coerce.number().int().positive().optional() });

/** The call actions of the referent dashboard, over the alerts since `startDate`. */
export const callActions = z.object({
  toDo: bucket,
  recall: bucket,
  noAnswer: bucket,
  /** Recalls (both kinds) due today. */
  countRecallToday: z.number().int(),
  /** Start of the window counted (YYYY-MM-DD): the history's default start, so a click lands on the same figures. */
  startDate: z.string(),
});
export type CallActions = z.infer<typeof callActions>;
