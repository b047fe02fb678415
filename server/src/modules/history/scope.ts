import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { historyDefaultMonths, historyMaxMonths, historyZone } from '../../../../contract/history.schemas';
import { historyErrorKeys } from '../../../../contract/history.errors';
import type { Db } from '../../db/database';
import { badRequest, forbidden } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { accountSubtree } from '../accounts/repo';

/** The account ids a history, call-back or dashboard question covers, and their names. */
export interface Scope {
  ids: number[];
  names: Map<number, string>;
}

/**
 * The accounts the caller may read (their account and its descendants), narrowed to `selectedSite`
 * and its descendants when one is chosen; a site outside the caller's subtree is refused (403).
 */
export async function resolveScope(db: Db, session: Session, selectedSite: number | undefined, refusedKey: string = historyErrorKeys.siteNotAllowed): Promise<Scope> {
  const tree = await accountSubtree(db, session.siteId);
  const names = new Map(tree.map((account) => [account.id, account.name]));
  if (selectedSite === undefined) return { ids: tree.map((account) => account.id), names };
  if (!names.has(selectedSite)) throw forbidden(refusedKey);
  const below = new Set([selectedSite]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const account of tree) {
      if (account.parentId !== null && below.has(account.parentId) && !below.has(account.id)) {
        below.add(account.id);
        grew = true;
      }
    }
  }
  return { ids: tree.filter((account) => below.has(account.id)).map((account) => account.id), names };
}

/** `column = ANY('{1,2,3}'::int[])`. */
export function inIds(column: SQL, ids: readonly number[]): SQL {
  return sql`${column} = ANY(${`{${ids.join(',')}}`}::int[])`;
}

/** A timestamp parameter that both drivers read alike: ISO text cast to timestamptz (null stays null). */
export function ts(value: Date | null): SQL {
  return value === null ? sql`NULL::timestamptz` : sql`${value.toISOString()}::timestamptz`;
}

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

/** ISO string of a timestamp column value, or null. */
export const isoOf = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());
