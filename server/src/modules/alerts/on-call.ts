import { sql } from 'drizzle-orm';
import { alertErrorKeys } from '../../../../contract/alert.errors';
import type { ResponderCard } from '../../../../contract/alert.schemas';
import { requestStatuses, type RequestStatus } from '../../../../contract/charts/responder-request.chart';
import type { AppContext } from '../../context';
import { rowsOf, statement, type Db } from '../../db/database';
import { notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { afterAlertChange } from './effects';
import { enqueueAlertPush } from './push-messages';
import * as repo from './repo';
import { afterRequestChange, checkAlertEvent, findRequest, moveRequest, type RequestRow } from './requests';
import { metresBetween } from '../../db/earth';
import { isoTimestamp } from '../../db/timestamps';
import { alertSettings, walking, type AlertSettings } from './settings';

interface CardRow extends RequestRow {
  first_name: string;
  last_name: string;
  age: number | null;
  gender: string | null;
  phone: string;
  email: string;
  carries_aed: boolean;
  trained_status: ResponderCard['trainedStatus'];
  skill: string | null;
  skill_speciality: string | null;
  interventions_count: number;
  certificated: boolean;
  pos_lat: number | null;
  pos_lon: number | null;
  reported_at: Date | null;
}

/** Order of the list: who is closest to helping first, then those still to answer, then the ones out. */
const displayOrder: RequestStatus[] = ['onSiteVictim', 'onTheWayVictim', 'onSiteAed', 'onTheWayAed', 'dispatched', 'waiting', 'available', 'stopped', 'withoutAedCancel', 'cancelled', 'refused', 'tooFar', 'tooLate', 'unavailable'];
const out = new Set<RequestStatus>(['stopped', 'withoutAedCancel', 'cancelled', 'refused', 'tooFar', 'tooLate', 'unavailable']);

/** Seconds of walking left for a responder in a status, via the AED while it is still to fetch. */
function remainingSeconds(settings: AlertSettings, row: CardRow, victim: { lat: number; lon: number }): number | null {
  if (out.has(row.status)) return null;
  if (row.status === 'onSiteVictim') return 0;
  const position = row.pos_lat === null || row.pos_lon === null ? undefined : { lat: row.pos_lat, lon: row.pos_lon };
  const aed = row.aed_lat === null || row.aed_lon === null ? undefined : { lat: row.aed_lat, lon: row.aed_lon };
  if (!position) return row.duration;
  const toAed = row.mission === 'aed' && aed && ['available', 'waiting', 'dispatched', 'onTheWayAed'].includes(row.status);
  if (toAed) return walking(settings, metresBetween(position, aed) + metresBetween(aed, victim)).seconds;
  if (row.status === 'onSiteAed' && aed) return walking(settings, metresBetween(aed, victim)).seconds;
  return walking(settings, metresBetween(position, victim)).seconds;
}

/** Where the victim is: what a card's distance and remaining time are measured to. */
type Victim = { lat: number; lon: number };

const cardColumns = `q.id, q.alert_id, q.responder_id, q.status, q.mission, q.aed_id, q.aed_name, q.aed_address, q.aed_lat, q.aed_lon, q.distance, q.duration,
  q.rank, q.refusal_reason, q.status_history, q.created_at, q.updated_at,
  r.first_name, r.last_name, r.age, r.gender, r.phone, r.email, r.carries_aed, r.trained_status, r.skill, r.skill_speciality,
  r.interventions_count, r.certificated, p.lat AS pos_lat, p.lon AS pos_lon, p.reported_at`;

/** The citizen responder cards of an alert (spec §3), every request of it, in display order. */
export async function cardsOf(db: Db, settings: AlertSettings, alert: Victim & { id: number }): Promise<ResponderCard[]> {
  const rows = await rowsOf<CardRow>(
    db,
    sql`SELECT ${sql.raw(cardColumns)}
          FROM alert_requests q
          JOIN responders r ON r.id = q.responder_id
          LEFT JOIN responder_positions p ON p.responder_id = q.responder_id
         WHERE q.alert_id = ${alert.id}`,
  );
  return cardsFrom(settings, alert, rows);
}

function cardsFrom(settings: AlertSettings, alert: Victim, rows: CardRow[]): ResponderCard[] {
  rows.sort((a, b) => displayOrder.indexOf(a.status) - displayOrder.indexOf(b.status) || a.rank - b.rank);
  return rows.map((row) => {
    const position = row.pos_lat === null || row.pos_lon === null ? undefined : { lat: row.pos_lat, lon: row.pos_lon };
    const aed = row.aed_id === null ? null : { id: row.aed_id, name: row.aed_name ?? '', address: row.aed_address ?? '', lat: row.aed_lat!, lon: row.aed_lon! };
    return {
      id: row.id,
      citizenResponderId: row.responder_id,
      firstName: row.first_name,
      lastName: row.last_name,
      age: row.age,
      gender: row.gender,
      distance: position ? Math.round(metresBetween(position, alert)) : row.distance,
      duration: remainingSeconds(settings, row, alert),
      phone: row.phone,
      email: row.email,
      aed: row.carries_aed,
      trainedStatus: row.trained_status,
      skill: row.skill,
      skillSpeciality: row.skill_speciality,
      nbInterventions: row.interventions_count,
      certificated: row.certificated,
      contact: 'phone',
      videoSessionId: null,
      videoToken: null,
      status: row.status,
      mission: row.mission,
      alertInfo: { lon: position?.lon ?? null, lat: position?.lat ?? null, positionDate: row.reported_at ? isoTimestamp(row.reported_at) : null, aed, status: row.status },
      statusHistory: row.status_history.filter((entry) => requestStatuses.includes(entry.status)),
      updateDate: isoTimestamp(row.updated_at),
    };
  });
}

async function visible(ctx: AppContext, session: Session, alertId: number): Promise<repo.AlertRow> {
  const alert = await repo.findAlert(ctx.database.db, alertId, { subtreeOf: session.siteId });
  if (!alert) throw notFound();
  return alert;
}

/**
 * The alert's victim (when the caller's subtree holds the alert) and its cards' rows, in one round
 * trip: one row per request, or one row without a request (id null) for an alert nobody was sent to.
 */
const onCallStatement = statement(`SELECT v.lat AS victim_lat, v.lon AS victim_lon, ${cardColumns}
    FROM alerts v
    LEFT JOIN (alert_requests q
               JOIN responders r ON r.id = q.responder_id
               LEFT JOIN responder_positions p ON p.responder_id = q.responder_id) ON q.alert_id = v.id
   WHERE v.id = $1
     AND v.id_site IN (WITH RECURSIVE down AS (SELECT id FROM accounts WHERE id = $2 UNION SELECT c.id FROM accounts c JOIN down ON c.parent_id = down.id) SELECT id FROM down)`);

/** GET citizenRespondersOnCall: 404 when the alert is not in the caller's account subtree. */
export async function respondersOnCall(ctx: AppContext, session: Session, alertId: number): Promise<ResponderCard[]> {
  const rows = await ctx.database.run<CardRow & { victim_lat: number; victim_lon: number }>(onCallStatement, [alertId, session.siteId]);
  if (rows.length === 0) throw notFound();
  const victim = { lat: rows[0].victim_lat, lon: rows[0].victim_lon };
  return cardsFrom(alertSettings(ctx), victim, rows[0].id === null ? [] : rows);
}

/**
 * POST stopCitizenResponder / startCitizenResponder: the dispatcher stops a responder on a live
 * alert (pushed STOPPED; a stand-by responder takes the place), or alerts a stopped one again
 * (back to available, pushed the alert again). Answers the new responder list.
 */
export async function stopOrStart(ctx: AppContext, session: Session, alertId: number, requestId: number, action: 'stop' | 'start'): Promise<ResponderCard[]> {
  const settings = alertSettings(ctx);
  const alert = await visible(ctx, session, alertId);
  await ctx.database.db.transaction(async (tx) => {
    const current = (await repo.findAlert(tx, alertId, 'any', true))!;
    checkAlertEvent(current, action === 'stop' ? 'responder.stop' : 'responder.start');
    const request = await findRequest(tx, alertId, { id: requestId }, true);
    if (!request) throw notFound(alertErrorKeys.responderNotOnAlert);
    await moveRequest(tx, request, action === 'stop' ? 'request.stop' : 'request.start', { type: 'user', id: session.userId });
    await repo.logEvent(tx, alertId, action === 'stop' ? 'responderStopped' : 'responderStarted', { type: 'user', id: session.userId }, { requestId, responderId: request.responder_id });
    await enqueueAlertPush(tx, { id: alertId, alertType: current.alert_type }, action === 'stop' ? 'STOPPED' : 'ALERT', { requestIds: [requestId] });
    await afterRequestChange(tx, current, settings);
  });
  afterAlertChange(ctx, { id: alertId, idSite: alert.id_site });
  return cardsOf(ctx.database.db, settings, (await repo.findAlert(ctx.database.db, alertId, 'any'))!);
}
