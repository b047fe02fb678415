import { sql, type SQL } from 'drizzle-orm';
import type { ContactStatus } from '../../../../contract/charts/callback.chart';
import { staleAfterDays } from '../../../../contract/callback.schemas';
import { rowsOf, type Db } from '../../db/database';
import { inIds, ts } from '../../shared/sql-values';

/**
 * SQL of the call-backs. A responder is called back after an alert when they set off (accepted
 * at some point: their status history holds `dispatched`). Until staff call, no row exists and
 * the status is derived: alertInProgress while the alert is open, toDo once it is closed.
 */

/** The request `q` set off on its alert. */
export const setOff = (alias = 'q'): SQL => sql.raw(`${alias}.status_history @> '[{"status":"dispatched"}]'::jsonb`);

/** When request `q` first accepted (its first `dispatched`). */
export const acceptedAt = (alias = 'q'): SQL =>
  sql.raw(`(SELECT min((e->>'at')::timestamptz) FROM jsonb_array_elements(${alias}.status_history) e WHERE e->>'status' = 'dispatched')`);

/** The contact status of request `q` on alert `a`, with its call-back `c` left-joined. */
export const contactStatusOf = (alert = 'a', callback = 'c'): SQL =>
  sql.raw(`(CASE WHEN ${alert}.close = 0 THEN 'alertInProgress' ELSE coalesce(${callback}.status, 'toDo') END)`);

/**
 * Whether a call-back waits more than 10 days (spec §9): to do or unanswered 10 days after the
 * alert closed, or a recall 10 days past its date. Same rule as flagsOf in contract/callback.schemas.ts.
 */
export const staleSql = (status: SQL, alert = 'a', callback = 'c'): SQL =>
  sql`((${status} IN ('toDo', 'noAnswer') AND ${sql.raw(`${alert}.closed_at`)} < now() - make_interval(days => ${staleAfterDays}))
    OR (${status} IN ('recall', 'recallFragile') AND ${sql.raw(`${callback}.recall_at`)} < now() - make_interval(days => ${staleAfterDays})))`;

/** Order in which an alert's call-backs matter: the alert shows the first one present. */
export const pressingOrder: readonly ContactStatus[] = ['toDo', 'noAnswer', 'recall', 'recallFragile', 'done', 'refusal'];

/** The alert-level status of some responder statuses: the most pressing, none without any. */
export function alertContactStatus(isOpen: boolean, statuses: ContactStatus[]): ContactStatus | 'none' {
  if (isOpen) return 'alertInProgress';
  return pressingOrder.find((status) => statuses.includes(status)) ?? 'none';
}

/** The request and its alert, locked for the call's transaction. */
export interface CallTarget {
  request_id: number;
  alert_id: number;
  responder_id: number;
  id_site: number;
  close: number;
  closed_at: Date | null;
  set_off: boolean;
  callback_id: number | null;
  callback_status: ContactStatus | null;
  recall_at: Date | null;
  first_call_at: Date | null;
}

/** The call target of request `requestId` if its alert is in `siteIds`; `lock` locks the alert row. */
export async function findTarget(db: Db, requestId: number, siteIds: number[], lock = false): Promise<CallTarget | undefined> {
  const [row] = await rowsOf<CallTarget>(
    db,
    sql`SELECT q.id AS request_id, q.alert_id, q.responder_id, a.id_site, a.close, a.closed_at, ${setOff()} AS set_off,
               c.id AS callback_id, c.status AS callback_status, c.recall_at, c.first_call_at
          FROM alert_requests q JOIN alerts a ON a.id = q.alert_id LEFT JOIN callbacks c ON c.request_id = q.id
         WHERE q.id = ${requestId} AND ${inIds(sql`a.id_site`, siteIds)}${lock ? sql` FOR UPDATE OF a` : sql``}`,
  );
  return row;
}

/** Creates the call-back row of a request on its first call; answers its id. */
export async function ensureCallback(db: Db, target: CallTarget): Promise<number> {
  if (target.callback_id !== null) return target.callback_id;
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO callbacks (request_id, alert_id, responder_id, id_site, status) VALUES (${target.request_id}, ${target.alert_id}, ${target.responder_id}, ${target.id_site}, 'toDo')
        ON CONFLICT (request_id) DO UPDATE SET updated_at = callbacks.updated_at RETURNING id`,
  );
  return row.id;
}

/** Writes one call; answers false (and writes nothing) when this draft was already recorded. */
export async function insertCall(
  db: Db,
  call: { callbackId: number; userId: number; outcome: string; recallAt: Date | null; note: string; draftId: string; minutesAfterClose: number | null },
): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO callback_calls (callback_id, user_id, outcome, recall_at, note, draft_id, minutes_after_close)
        VALUES (${call.callbackId}, ${call.userId}, ${call.outcome}, ${ts(call.recallAt)}, ${call.note}, ${call.draftId}, ${call.minutesAfterClose})
        ON CONFLICT (callback_id, draft_id) DO NOTHING RETURNING id`,
  );
  return rows.length === 1;
}

/** Moves the call-back to the call's outcome. */
export async function updateCallback(db: Db, callbackId: number, change: { status: ContactStatus; recallAt: Date | null; userId: number }): Promise<void> {
  await db.execute(sql`UPDATE callbacks SET status = ${change.status}, recall_at = ${ts(change.recallAt)}, attempts = attempts + 1,
      first_call_at = coalesce(first_call_at, now()), last_call_at = now(), last_call_by = ${change.userId}, updated_at = now()
    WHERE id = ${callbackId}`);
}

/** Saves the interview answers (and technical issues) of a call-back. */
export async function saveInterview(db: Db, callbackId: number, answers: unknown, technicalIssues: unknown, userId: number): Promise<void> {
  await db.execute(sql`INSERT INTO interviews (callback_id, answers, technical_issues, interviewer_id)
      VALUES (${callbackId}, ${JSON.stringify(answers)}::jsonb, ${technicalIssues === null ? null : JSON.stringify(technicalIssues)}::jsonb, ${userId})
    ON CONFLICT (callback_id) DO UPDATE SET answers = excluded.answers,
      technical_issues = coalesce(excluded.technical_issues, interviews.technical_issues), interviewer_id = excluded.interviewer_id, updated_at = now(),
      completed_at = now()`);
}

/** Saves only the technical issues (a call that is not an interview may still report them). */
export async function saveTechnicalIssues(db: Db, callbackId: number, technicalIssues: unknown, userId: number): Promise<void> {
  await db.execute(sql`INSERT INTO interviews (callback_id, technical_issues, interviewer_id) VALUES (${callbackId}, ${JSON.stringify(technicalIssues)}::jsonb, ${userId})
    ON CONFLICT (callback_id) DO UPDATE SET technical_issues = excluded.technical_issues, updated_at = now()`);
}

/**
 * Keeps alerts.contact_status (the alert-level call-back status the alert calls show) in step:
 * the most pressing status of its responders, done when every call-back is over, toDo otherwise.
 */
export async function refreshAlertContactStatus(db: Db, alertId: number): Promise<void> {
  const rows = await rowsOf<{ status: ContactStatus }>(
    db,
    sql`SELECT DISTINCT ${contactStatusOf()} AS status FROM alert_requests q JOIN alerts a ON a.id = q.alert_id LEFT JOIN callbacks c ON c.request_id = q.id
         WHERE q.alert_id = ${alertId} AND ${setOff()}`,
  );
  const [alert] = await rowsOf<{ close: number }>(db, sql`SELECT close FROM alerts WHERE id = ${alertId}`);
  const status = alertContactStatus(alert.close === 0, rows.map((row) => row.status));
  await db.execute(sql`UPDATE alerts SET contact_status = ${status === 'none' ? 'done' : status} WHERE id = ${alertId}`);
}

/** Counts of the call actions: per status of the call-backs still open, total, waiting more than 10 days, due today. */
export async function callActionCounts(db: Db, siteIds: number[], since: Date, todayStart: Date, tomorrowStart: Date) {
  const status = sql.raw('c.status');
  return rowsOf<{ status: ContactStatus; total: number; stale: number; today: number }>(
    db,
    sql`SELECT c.status, count(*)::int AS total, count(*) FILTER (WHERE ${staleSql(status)})::int AS stale,
               count(*) FILTER (WHERE c.recall_at >= ${ts(todayStart)} AND c.recall_at < ${ts(tomorrowStart)})::int AS today
          FROM callbacks c JOIN alerts a ON a.id = c.alert_id
         WHERE ${inIds(sql`c.id_site`, siteIds)} AND c.status IN ('toDo', 'noAnswer', 'recall', 'recallFragile')
           AND a.launched_at IS NOT NULL AND NOT a.test AND a.created_at >= ${ts(since)}
         GROUP BY 1`,
  );
}
