import { sql } from 'drizzle-orm';
import { alertChart, alertRefusalKey, alertStateOf, type AlertEvent } from '../../../../contract/charts/alert.chart';
import { engagedStatuses, requestRefusalKey, responderRequestChart, type RequestEvent, type RequestStatus } from '../../../../contract/charts/responder-request.chart';
import { nextState } from '../../../../contract/charts/transition';
import { rowsOf, type Db } from '../../db/database';
import { conflict } from '../../errors';
import { enqueueAlertPush } from './push-messages';
import { logEvent, refreshCounts, type Actor, type AlertRow } from './repo';
import type { AlertSettings } from './settings';

/** A request row (one responder on one alert). */
export interface RequestRow {
  id: number;
  alert_id: number;
  responder_id: number;
  status: RequestStatus;
  mission: 'victim' | 'aed';
  aed_id: number | null;
  aed_name: string | null;
  aed_address: string | null;
  aed_lat: number | null;
  aed_lon: number | null;
  distance: number;
  duration: number;
  rank: number;
  refusal_reason: string | null;
  status_history: { status: RequestStatus; at: string; by: string }[];
  created_at: Date;
  updated_at: Date;
}

/** One request of an alert, by its id or by its responder; `forUpdate` locks it. */
export async function findRequest(db: Db, alertId: number, by: { id: number } | { responderId: number }, forUpdate = false): Promise<RequestRow | undefined> {
  const match = 'id' in by ? sql`id = ${by.id}` : sql`responder_id = ${by.responderId}`;
  const [row] = await rowsOf<RequestRow>(db, sql`SELECT * FROM alert_requests WHERE alert_id = ${alertId} AND ${match}${forUpdate ? sql` FOR UPDATE` : sql``}`);
  return row;
}

/** Refuses (409 with the chart's key) an alert event its chart does not allow in the alert's state. */
export function checkAlertEvent(alert: AlertRow, event: AlertEvent['type']): string {
  const state = alertStateOf(alert.status);
  const next = nextState(alertChart, state, { type: event } as AlertEvent);
  if (next === undefined) throw conflict(alertRefusalKey(state, event), { state, event });
  return next;
}

const actorLabel = (actor: Actor) => ('id' in actor ? `${actor.type}:${actor.id}` : actor.type);

/**
 * Moves a request along the responder-request chart: refuses with 409 and the chart's key when the
 * transition does not exist, otherwise writes the new status, appends it to the request's history
 * and to the alert's chronology. Runs in the caller's transaction.
 */
export async function moveRequest(db: Db, request: RequestRow, event: RequestEvent['type'], actor: Actor, extra: { refusalReason?: string } = {}): Promise<RequestStatus> {
  const next = nextState(responderRequestChart, request.status, { type: event } as RequestEvent) as RequestStatus | undefined;
  if (next === undefined) throw conflict(requestRefusalKey(request.status, event), { status: request.status, event });
  await db.execute(sql`UPDATE alert_requests SET status = ${next}, updated_at = now(),
      refusal_reason = coalesce(${extra.refusalReason ?? null}, refusal_reason),
      status_history = status_history || jsonb_build_array(jsonb_build_object('status', ${next}::text, 'at', now(), 'by', ${actorLabel(actor)}::text))
    WHERE id = ${request.id}`);
  await logEvent(db, request.alert_id, 'requestStatus', actor, { requestId: request.id, responderId: request.responder_id, from: request.status, to: next, event });
  // A responder's interventions are the alerts they set off for: counted once, on the first dispatch.
  if (next === 'dispatched' && !request.status_history.some((entry) => entry.status === 'dispatched')) {
    await db.execute(sql`UPDATE responders SET interventions_count = interventions_count + 1, updated_at = now() WHERE id = ${request.responder_id}`);
  }
  request.status_history = [...request.status_history, { status: next, at: new Date().toISOString(), by: actorLabel(actor) }];
  request.status = next;
  return next;
}

/**
 * After a responder dropped out of an open alert: stand-by responders take the free places, oldest
 * first, up to ALERT_ENOUGH_RESPONDERS engaged. Returns the promoted request ids (pushed PROMOTED).
 */
export async function promoteStandBy(db: Db, alert: AlertRow, settings: AlertSettings): Promise<number[]> {
  if (alert.close !== 0) return [];
  const [{ engaged }] = await rowsOf<{ engaged: number }>(
    db,
    sql`SELECT count(*)::int AS engaged FROM alert_requests WHERE alert_id = ${alert.id} AND status = ANY(${`{${engagedStatuses.join(',')}}`}::text[])`,
  );
  const free = settings.ALERT_ENOUGH_RESPONDERS - engaged;
  if (free <= 0) return [];
  const waiting = await rowsOf<RequestRow>(
    db,
    sql`SELECT * FROM alert_requests WHERE alert_id = ${alert.id} AND status = 'waiting' ORDER BY updated_at, id LIMIT ${free} FOR UPDATE`,
  );
  for (const request of waiting) await moveRequest(db, request, 'request.promote', { type: 'system' });
  if (waiting.length > 0) await enqueueAlertPush(db, { id: alert.id, alertType: alert.alert_type }, 'PROMOTED', { requestIds: waiting.map((request) => request.id) });
  return waiting.map((request) => request.id);
}

/** Keeps the alert's counts right and stand-by filled after any request change. */
export async function afterRequestChange(db: Db, alert: AlertRow, settings: AlertSettings): Promise<void> {
  await promoteStandBy(db, alert, settings);
  await refreshCounts(db, alert.id);
}
