import { DateTime } from 'luxon';
import { historyErrorKeys } from './history.errors';
import { historyDefaultMonths, historyMaxMonths, historyZone } from './history.schemas';

/** Today in Europe/Paris (YYYY-MM-DD). */
export function historyToday(now: number = Date.now()): string {
  return DateTime.fromMillis(now).setZone(historyZone).toISODate()!;
}

/** The default range of the history: four months back from the start of today, to today (spec §4). */
export function defaultHistoryRange(now: number = Date.now()): { startDate: string; endDate: string } {
  const today = DateTime.fromMillis(now).setZone(historyZone).startOf('day');
  return { startDate: today.minus({ months: historyDefaultMonths }).toISODate()!, endDate: today.toISODate()! };
}

/** The oldest start the history accepts (spec §5): 24 months back from today. */
export function oldestHistoryStart(now: number = Date.now()): string {
  return DateTime.fromMillis(now).setZone(historyZone).startOf('day').minus({ months: historyMaxMonths }).toISODate()!;
}

/**
 * What is wrong with a calendar range (spec §5: valid dates, start before end, start not older
 * than the limit), as a message key; null when it may be asked. Blank dates take the defaults.
 */
export function historyRangeProblem(startDate: string, endDate: string, now: number = Date.now()): string | null {
  const start = startDate ? DateTime.fromISO(startDate, { zone: historyZone }) : null;
  const end = endDate ? DateTime.fromISO(endDate, { zone: historyZone }) : null;
  if ((start && !start.isValid) || (end && !end.isValid)) return historyErrorKeys.invalidDate;
  if (start && startDate < oldestHistoryStart(now)) return historyErrorKeys.startTooOld;
  const effectiveStart = startDate || defaultHistoryRange(now).startDate;
  const effectiveEnd = endDate || historyToday(now);
  if (effectiveStart > effectiveEnd) return historyErrorKeys.startAfterEnd;
  return null;
}
