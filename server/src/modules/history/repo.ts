import { sql, type SQL } from 'drizzle-orm';
import { contactStatuses, type ContactStatus } from '../../../../contract/charts/callback.chart';
import type { RequestStatus } from '../../../../contract/charts/responder-request.chart';
import type { HistoryFilter, HistoryTag } from '../../../../contract/history.schemas';
import { rowsOf, type Db } from '../../db/database';
import { contactStatusOf, staleSql } from '../callbacks/face';
import { inIds, ts } from '../../shared/sql-values';
import { startOfToday, type DayRange } from '../../shared/day-ranges';

/** An alerts row with what the history shows beside it. */
export interface HistoryAlertRow {
  id: number;
  alert_type: number;
  id_site: number;
  address: string;
  address_info: string;
  lat: number;
  lon: number;
  test: boolean;
  debug_mode: number;
  created_at: Date;
  launched_at: Date | null;
  closed_at: Date | null;
  close: number;
  close_reason: 'user' | 'auto' | null;
  closed_by: number | null;
  closer_first: string | null;
  closer_last: string | null;
  nb_requests: number;
  nb_refused: number;
}

/** A responder who set off on an alert, with their call-back. */
export interface DepartureRow {
  id: number;
  alert_id: number;
  responder_id: number;
  status: RequestStatus;
  first_name: string;
  last_name: string;
  phone: string;
  contact_status: ContactStatus;
  recall_at: Date | null;
  accepted_at: Date | null;
}

/** A contact status's bit in alerts.callback_mask: its place in contactStatuses (SQL callback_status_bit, migration 0022). */
const callbackStatusBit = (status: ContactStatus) => 1 << contactStatuses.indexOf(status);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Alerts with at least one responder in the tag's call-back situation. Every departure of a closed
 * alert has its call-back row (modules/callbacks/sync.ts, run before the list), and the alert keeps
 * the statuses of its call-backs as bits (callback_mask, kept by triggers, carried by the
 * history's covering index): a status tag reads the alert row alone. The tags that depend on the
 * time (older than 10 days, overdue, due today) look the call-backs up; "alert in progress" reads
 * the open alerts' requests.
 */
function tagCondition(tag: HistoryTag, siteIds: number[]): SQL {
  if (tag === 'alertInProgress') return sql`a.close = 0 AND EXISTS (SELECT 1 FROM alert_requests q WHERE q.alert_id = a.id AND q.accepted_at IS NOT NULL)`;
  if (tag !== 'olderThan10Days' && tag !== 'overdue' && tag !== 'dueToday') return sql`(a.callback_mask & ${callbackStatusBit(tag)}) <> 0`;
  const recall = sql`c.status IN ('recall', 'recallFragile')`;
  const today = startOfToday();
  const condition =
    tag === 'olderThan10Days'
      ? staleSql(sql`c.status`, 'ca', 'c')
      : tag === 'overdue'
        ? sql`${recall} AND c.recall_at < now()`
        : sql`${recall} AND c.recall_at >= ${ts(today.toJSDate())} AND c.recall_at < ${ts(today.plus({ days: 1 }).toJSDate())}`;
  const join = tag === 'olderThan10Days' ? sql` JOIN alerts ca ON ca.id = c.alert_id` : sql``;
  return sql`a.id IN (SELECT c.alert_id FROM callbacks c${join} WHERE ${inIds(sql`c.id_site`, siteIds)} AND ${condition})`;
}

/** The WHERE of the history list, its count and its export (alias `a` for alerts). */
export function historyWhere(siteIds: number[], range: DayRange, filter: HistoryFilter): SQL {
  const where: SQL[] = [inIds(sql`a.id_site`, siteIds), sql`a.launched_at IS NOT NULL`, sql`a.created_at >= ${ts(range.from)}`, sql`a.created_at < ${ts(range.to)}`];
  if (!filter.withTest) where.push(sql`NOT a.test`);
  if (filter.alertType !== undefined) where.push(sql`a.alert_type = ${filter.alertType}`);
  if (filter.address) {
    const pattern = `%${escapeLike(filter.address)}%`;
    where.push(sql`(a.address ILIKE ${pattern} OR a.address_info ILIKE ${pattern})`);
  }
  // Requests that set off, counted on the alert by a trigger (migration 0022).
  if (filter.withCitizenResponderOnly) where.push(sql`a.nb_departures > 0`);
  if (filter.tag) where.push(tagCondition(filter.tag, siteIds));
  return sql.join(where, sql` AND `);
}

const alertColumns = sql`a.id, a.alert_type, a.id_site, a.address, a.address_info, a.lat, a.lon, a.test, a.debug_mode, a.created_at, a.launched_at, a.closed_at, a.close,
  a.close_reason, a.closed_by, u.first_name AS closer_first, u.last_name AS closer_last, a.nb_requests, a.nb_refused`;

/**
 * One page of alerts, in creation order: the page's ids first (read from the history's covering
 * index, so a deep page skips index entries, not rows), then those rows.
 */
export async function historyPage(db: Db, where: SQL, order: 'asc' | 'desc', limit: number, offset: number): Promise<HistoryAlertRow[]> {
  const direction = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  return rowsOf<HistoryAlertRow>(
    db,
    sql`SELECT ${alertColumns}
          FROM (SELECT a.id, a.created_at FROM alerts a WHERE ${where} ORDER BY a.created_at ${direction}, a.id ${direction} LIMIT ${limit} OFFSET ${offset}) page
          JOIN alerts a ON a.id = page.id LEFT JOIN users u ON u.id = a.closed_by
         ORDER BY page.created_at ${direction}, page.id ${direction}`,
  );
}

export async function historyCount(db: Db, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM alerts a WHERE ${where}`);
  return row.count;
}

/** The ordered ids of every alert of the filter (the export reads rows batch by batch after). */
export async function historyIds(db: Db, where: SQL, order: 'asc' | 'desc'): Promise<number[]> {
  const direction = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  const rows = await rowsOf<{ id: number }>(db, sql`SELECT a.id FROM alerts a WHERE ${where} ORDER BY a.created_at ${direction}, a.id ${direction}`);
  return rows.map((row) => row.id);
}

/** Alerts by id (any order). */
export async function alertsById(db: Db, ids: number[]): Promise<HistoryAlertRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<HistoryAlertRow>(db, sql`SELECT ${alertColumns} FROM alerts a LEFT JOIN users u ON u.id = a.closed_by WHERE ${inIds(sql`a.id`, ids)}`);
}

/** The responders who set off on some alerts, with their call-back status, first accepted first. */
export async function departuresOf(db: Db, alertIds: number[]): Promise<DepartureRow[]> {
  if (alertIds.length === 0) return [];
  return rowsOf<DepartureRow>(
    db,
    sql`SELECT q.id, q.alert_id, q.responder_id, q.status, r.first_name, r.last_name, r.phone, ${contactStatusOf()} AS contact_status, c.recall_at,
               q.accepted_at
          FROM alert_requests q JOIN alerts a ON a.id = q.alert_id JOIN responders r ON r.id = q.responder_id LEFT JOIN callbacks c ON c.request_id = q.id
         WHERE ${inIds(sql`q.alert_id`, alertIds)} AND q.accepted_at IS NOT NULL
         ORDER BY q.alert_id, accepted_at NULLS LAST, q.id`,
  );
}

/** A line of the alert's event log with the names of who acted and of the responder concerned. */
export interface EventRow {
  id: number;
  at: Date;
  kind: string;
  actor_type: 'user' | 'responder' | 'bot' | 'system';
  actor_id: number | null;
  payload: Record<string, unknown>;
  user_name: string | null;
  actor_responder_name: string | null;
  request_id: number | null;
  responder_id: number | null;
  responder_name: string | null;
}

export async function eventsOf(db: Db, alertId: number): Promise<EventRow[]> {
  return rowsOf<EventRow>(
    db,
    sql`SELECT e.id, e.at, e.kind, e.actor_type, e.actor_id, e.payload,
               CASE WHEN e.actor_type = 'user' THEN trim(u.first_name || ' ' || u.last_name) END AS user_name,
               CASE WHEN e.actor_type IN ('responder', 'bot') THEN trim(ar.first_name || ' ' || ar.last_name) END AS actor_responder_name,
               (e.payload->>'requestId')::int AS request_id, r.id AS responder_id, trim(r.first_name || ' ' || r.last_name) AS responder_name
          FROM alert_events e
          LEFT JOIN users u ON e.actor_type = 'user' AND u.id = e.actor_id
          LEFT JOIN responders ar ON e.actor_type IN ('responder', 'bot') AND ar.id = e.actor_id
          LEFT JOIN responders r ON r.id = (e.payload->>'responderId')::int
         WHERE e.alert_id = ${alertId} ORDER BY e.at, e.id`,
  );
}

/** The offers of an alert: each request's first entry (the responder was alerted). */
export async function offersOf(db: Db, alertId: number) {
  return rowsOf<{ id: number; responder_id: number; name: string; at: Date; mission: string; distance: number; duration: number; rank: number; aed_name: string | null }>(
    db,
    sql`SELECT q.id, q.responder_id, trim(r.first_name || ' ' || r.last_name) AS name, coalesce((q.status_history->0->>'at')::timestamptz, q.created_at) AS at,
               q.mission, q.distance, q.duration, q.rank, q.aed_name
          FROM alert_requests q JOIN responders r ON r.id = q.responder_id WHERE q.alert_id = ${alertId} ORDER BY at, q.rank`,
  );
}

/** The call-back calls of an alert. */
export async function callsOf(db: Db, alertId: number) {
  return rowsOf<{ at: Date; outcome: string; recall_at: Date | null; note: string | null; user_id: number | null; user_name: string | null; request_id: number; responder_id: number; responder_name: string }>(
    db,
    sql`SELECT k.at, k.outcome, k.recall_at, k.note, k.user_id, trim(u.first_name || ' ' || u.last_name) AS user_name, c.request_id, c.responder_id,
               trim(r.first_name || ' ' || r.last_name) AS responder_name
          FROM callback_calls k JOIN callbacks c ON c.id = k.callback_id JOIN responders r ON r.id = c.responder_id LEFT JOIN users u ON u.id = k.user_id
         WHERE c.alert_id = ${alertId} ORDER BY k.at, k.id`,
  );
}
