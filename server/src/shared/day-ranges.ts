import { DateTime } from 'luxon';
import { historyDefaultMonths, historyMaxMonths, historyZone } from '../../../contract/history.schemas';
import { historyErrorKeys } from '../../../contract/history.errors';
import { badRequest } from '../errors';

/** A day range in Europe/Paris: `from` included, `to` excluded (the day after endDate). */
export interface DayRange {
  from: Date;
  to: Date;
  startDate: string;
  endDate: string;
}

const parseDay = (value: string): DateTime => {
  const parsed = DateTime.fromISO(value, { zone: historyZone });
  if (!parsed.isValid) throw badRequest(historyErrorKeys.invalidDate, { value });
  return parsed.startOf('day');
};

/** Today's start in Europe/Paris. */
export function startOfToday(now: Date = new Date()): DateTime {
  return DateTime.fromJSDate(now).setZone(historyZone).startOf('day');
}

/** The history's default start: four months back from the start of today (spec §4). */
export function defaultHistoryStart(now: Date = new Date()): DateTime {
  return startOfToday(now).minus({ months: historyDefaultMonths });
}

/**
 * The history range of a query (spec §4, §5): default four months back to today; the start may
 * not be older than 24 months and must not come after the end.
 */
export function historyRange(startDate: string | undefined, endDate: string | undefined, now: Date = new Date()): DayRange {
  const start = startDate ? parseDay(startDate) : defaultHistoryStart(now);
  const end = endDate ? parseDay(endDate) : startOfToday(now);
  const oldest = startOfToday(now).minus({ months: historyMaxMonths });
  if (start < oldest) throw badRequest(historyErrorKeys.startTooOld, { maxMonths: historyMaxMonths, oldest: oldest.toISODate() });
  if (start > end) throw badRequest(historyErrorKeys.startAfterEnd);
  return { from: start.toJSDate(), to: end.plus({ days: 1 }).toJSDate(), startDate: start.toISODate()!, endDate: end.toISODate()! };
}

/** A free range (indicators): no lower bound, default `defaultDays` back to today. */
export function freeRange(startDate: string | undefined, endDate: string | undefined, defaultStart: (today: DateTime) => DateTime, invalidKey: string, now: Date = new Date()): DayRange {
  const start = startDate ? parseDay(startDate) : defaultStart(startOfToday(now));
  const end = endDate ? parseDay(endDate) : startOfToday(now);
  if (start > end) throw badRequest(invalidKey);
  return { from: start.toJSDate(), to: end.plus({ days: 1 }).toJSDate(), startDate: start.toISODate()!, endDate: end.toISODate()! };
}
