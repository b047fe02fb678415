import { sql, type SQL } from 'drizzle-orm';
import { historyZone } from '../../../../contract/history.schemas';
import { rowsOf, type Db } from '../../db/database';
import { nameOrder } from '../../db/name-order';
import { inIds, ts } from '../../shared/sql-values';

/** Figures of the departures of some alerts, grouped by `key` (a month, or one group for a total). */
export interface DepartureGroup {
  key: string;
  interventions: number;
  departures: number;
  rescuers: number;
  average_delay: number | null;
  since: Date | null;
}

const monthKey = sql.raw(`to_char(a.launched_at AT TIME ZONE '${historyZone}', 'YYYY-MM')`);

/**
 * Interventions (launched, non-test alerts), departures (responders who set off), distinct
 * responders and the mean delay from launch to each acceptance, per month or in total.
 */
export async function departureGroups(db: Db, siteIds: number[], from: Date | null, perMonth: boolean): Promise<DepartureGroup[]> {
  const key = perMonth ? monthKey : sql`'total'`;
  const since = from ? sql` AND a.launched_at >= ${ts(from)}` : sql``;
  const scope: SQL = sql`${inIds(sql`a.id_site`, siteIds)} AND a.launched_at IS NOT NULL AND NOT a.test${since}`;
  return rowsOf<DepartureGroup>(
    db,
    sql`WITH interventions AS (
          SELECT ${key} AS key, count(*)::int AS interventions, min(a.launched_at) AS since FROM alerts a WHERE ${scope} GROUP BY 1),
        departures AS (
          SELECT ${key} AS key, count(*)::int AS departures, count(DISTINCT q.responder_id)::int AS rescuers,
                 avg(extract(epoch FROM q.accepted_at - a.launched_at))::float8 AS average_delay
            FROM alerts a JOIN alert_requests q ON q.alert_id = a.id WHERE ${scope} AND q.accepted_at IS NOT NULL GROUP BY 1)
        SELECT i.key, i.interventions, coalesce(d.departures, 0) AS departures, coalesce(d.rescuers, 0) AS rescuers, d.average_delay, i.since
          FROM interventions i LEFT JOIN departures d ON d.key = i.key ORDER BY i.key`,
  );
}

/** The user's completed interviews, calls over 30 days and mean minutes from close to first call (30 days). */
export async function personalFigures(db: Db, userId: number, siteIds: number[]) {
  const [row] = await rowsOf<{ forms: number; calls: number; average_minutes: number | null }>(
    db,
    sql`SELECT
          (SELECT count(DISTINCT k.callback_id)::int FROM callback_calls k JOIN callbacks c ON c.id = k.callback_id
            WHERE k.user_id = ${userId} AND k.outcome = 'done' AND ${inIds(sql`c.id_site`, siteIds)}) AS forms,
          (SELECT count(*)::int FROM callback_calls k JOIN callbacks c ON c.id = k.callback_id
            WHERE k.user_id = ${userId} AND k.at >= now() - interval '30 days' AND ${inIds(sql`c.id_site`, siteIds)}) AS calls,
          (SELECT avg(k.minutes_after_close)::float8 FROM callback_calls k JOIN callbacks c ON c.id = k.callback_id
            WHERE k.user_id = ${userId} AND k.at >= now() - interval '30 days' AND ${inIds(sql`c.id_site`, siteIds)}
              AND NOT EXISTS (SELECT 1 FROM callback_calls earlier WHERE earlier.callback_id = k.callback_id AND (earlier.at, earlier.id) < (k.at, k.id))) AS average_minutes`,
  );
  return row;
}

/** One line per account of the admin tab. */
export async function accountFigures(db: Db, siteIds: number[], yearAgo: Date, callbacksSince: Date) {
  return rowsOf<{
    id: number;
    name: string;
    kind: string;
    parent_id: number | null;
    users: number;
    aeds: number;
    aeds_available: number;
    alerts_year: number;
    alerts_total: number;
    departures_year: number;
    responders: number;
    forms_completed: number;
    callbacks_pending: number;
  }>(
    db,
    sql`SELECT acc.id, acc.name, acc.kind, acc.parent_id,
          (SELECT count(*)::int FROM users u WHERE u.site_id = acc.id AND u.active) AS users,
          (SELECT count(*)::int FROM aeds d WHERE d.id_site = acc.id AND d.deleted_at IS NULL) AS aeds,
          (SELECT count(*)::int FROM aeds d WHERE d.id_site = acc.id AND d.deleted_at IS NULL AND d.status = 'available') AS aeds_available,
          (SELECT count(*)::int FROM alerts a WHERE a.id_site = acc.id AND a.launched_at >= ${ts(yearAgo)} AND NOT a.test) AS alerts_year,
          (SELECT count(*)::int FROM alerts a WHERE a.id_site = acc.id AND a.launched_at IS NOT NULL AND NOT a.test) AS alerts_total,
          (SELECT count(*)::int FROM alerts a JOIN alert_requests q ON q.alert_id = a.id
            WHERE a.id_site = acc.id AND a.launched_at >= ${ts(yearAgo)} AND NOT a.test AND q.accepted_at IS NOT NULL) AS departures_year,
          (SELECT count(*)::int FROM responders r WHERE r.id_site = acc.id AND r.account_status = 'activated') AS responders,
          (SELECT count(*)::int FROM callbacks c WHERE c.id_site = acc.id AND c.status = 'done') AS forms_completed,
          (SELECT count(*)::int FROM callbacks c JOIN alerts a ON a.id = c.alert_id
            WHERE c.id_site = acc.id AND c.status IN ('toDo', 'noAnswer', 'recall', 'recallFragile') AND a.launched_at IS NOT NULL AND NOT a.test
              AND a.created_at >= ${ts(callbacksSince)}) AS callbacks_pending
        FROM accounts acc WHERE ${inIds(sql`acc.id`, siteIds)} ORDER BY acc.parent_id NULLS FIRST, ${nameOrder(sql`acc.name`)}`,
  );
}
