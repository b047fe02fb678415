import { sql } from 'drizzle-orm';
import { responderErrorKeys } from '../../../../contract/alert.errors';
import { busyStatuses, progressEvents, type ProgressStatus, type RequestEvent } from '../../../../contract/charts/responder-request.chart';
import type { OfferedAlert, RegisterBody } from '../../../../contract/responder.schemas';
import type { AppContext } from '../../context';
import { rowsOf, type Db } from '../../db/database';
import { conflict, notFound } from '../../errors';
import { afterAlertChange, refreshEngaged, findAlert, type AlertRow, afterRequestChange, checkAlertEvent, findRequest, moveRequest, type RequestRow, alertSettings } from '../alerts/face';
import { metresBetween } from '../../db/earth';
import { newDeviceToken } from './auth';
import { writePosition } from './position-writes';
import * as repo from './repo';

/** Who acts through these functions: a responder through the API, or a bot in-process. */
export interface ResponderActor {
  responderId: number;
  isBot: boolean;
}

const actorOf = (who: ResponderActor) => ({ type: who.isBot ? ('bot' as const) : ('responder' as const), id: who.responderId });

/**
 * Registers a responder and their first device. The account waits for staff validation unless
 * RESPONDER_AUTO_ACTIVATE (default: off, demo data or not); bots are always activated.
 */
export async function register(ctx: AppContext, body: RegisterBody, options: { isBot?: boolean } = {}) {
  const settings = alertSettings(ctx);
  const accountStatus = options.isBot || settings.RESPONDER_AUTO_ACTIVATE ? 'activated' : 'waiting';
  const { token, hash } = newDeviceToken();
  const registered = await ctx.database.db.transaction(async (tx) => {
    const responderId = await repo.insertResponder(tx, body.responder, { accountStatus, isBot: options.isBot });
    const deviceId = await repo.upsertDevice(tx, responderId, body.device, hash);
    return { responderId, deviceId, token, accountStatus: accountStatus as 'activated' | 'waiting' };
  });
  // A device registered again has a new token: its old one stops here at once.
  ctx.deviceTokens.forget();
  return registered;
}

/** The responder's account, availability and last position. */
export async function state(ctx: AppContext, responderId: number) {
  const row = (await repo.responderState(ctx.database.db, responderId))!;
  return {
    responderId: row.id,
    accountStatus: row.account_status,
    available: row.available ?? false,
    lat: row.lat,
    lon: row.lon,
    positionDate: row.reported_at ? new Date(row.reported_at).toISOString() : null,
  };
}

/**
 * Stores a position report (written with the reports arriving meanwhile); `available: false` also
 * withdraws the responder from unanswered offers. The dispatchers of the alerts the responder is
 * engaged on see the move live (throttled).
 */
export async function reportPosition(ctx: AppContext, who: ResponderActor, position: { lat: number; lon: number; accuracy?: number; available?: boolean }) {
  const written = await writePosition(ctx, { responderId: who.responderId, ...position });
  if (position.available === false) await withdrawOffers(ctx, who);
  refreshEngaged(ctx, written.engagedOn);
  return {
    responderId: written.responderId,
    accountStatus: written.accountStatus,
    available: written.available,
    lat: written.lat,
    lon: written.lon,
    positionDate: written.reportedAt.toISOString(),
  };
}

/** Switches availability. Becoming unavailable turns unanswered offers and stand-bys into `unavailable`. */
export async function changeAvailability(ctx: AppContext, who: ResponderActor, available: boolean) {
  await repo.setAvailability(ctx.database.db, who.responderId, available);
  if (!available) await withdrawOffers(ctx, who);
  return state(ctx, who.responderId);
}

async function withdrawOffers(ctx: AppContext, who: ResponderActor): Promise<void> {
  const pending = await rowsOf<{ alert_id: number }>(
    ctx.database.db,
    sql`SELECT q.alert_id FROM alert_requests q JOIN alerts a ON a.id = q.alert_id
         WHERE q.responder_id = ${who.responderId} AND q.status IN ('available', 'waiting') AND a.close = 0`,
  );
  for (const { alert_id: alertId } of pending) await answer(ctx, who, alertId, () => 'request.unavailable');
}

/** What the responder sees of an alert and their request on it. */
function offerView(alert: AlertRow, request: RequestRow): OfferedAlert {
  return {
    alertId: alert.id,
    alertType: alert.alert_type,
    closed: alert.close === 1,
    victim: { lat: alert.lat, lon: alert.lon, address: alert.address, addressInfo: alert.address_info },
    request: {
      id: request.id,
      status: request.status,
      mission: request.mission,
      aed: request.aed_id === null ? null : { id: request.aed_id, name: request.aed_name ?? '', address: request.aed_address ?? '', lat: request.aed_lat!, lon: request.aed_lon! },
      distance: request.distance,
      duration: request.duration,
    },
  };
}

/** The responder's request on one alert (404 error.responder.no-offer when they were not alerted). */
export async function offerOn(ctx: AppContext, responderId: number, alertId: number): Promise<OfferedAlert> {
  const alert = await findAlert(ctx.database.db, alertId, 'any');
  const request = alert && (await findRequest(ctx.database.db, alertId, { responderId }));
  if (!alert || !request) throw notFound(responderErrorKeys.noOffer);
  return offerView(alert, request);
}

/** The alert the responder is busy on, else the latest unanswered offer of an open alert; null when none. */
export async function currentOffer(ctx: AppContext, responderId: number): Promise<OfferedAlert | null> {
  const [row] = await rowsOf<{ alert_id: number }>(
    ctx.database.db,
    sql`SELECT q.alert_id FROM alert_requests q JOIN alerts a ON a.id = q.alert_id
         WHERE q.responder_id = ${responderId} AND a.close = 0 AND a.status = 2
           AND q.status = ANY(${`{available,${busyStatuses.join(',')}}`}::text[])
         ORDER BY (q.status <> 'available') DESC, q.created_at DESC LIMIT 1`,
  );
  return row ? offerOn(ctx, responderId, row.alert_id) : null;
}

/**
 * Applies one answer of a responder in a transaction: `decide` picks the chart event from the
 * locked alert and request; the chart refuses illegal moves (409). Then counts, stand-by
 * promotion, REFRESH_ALERTS and push.
 */
async function answer(
  ctx: AppContext,
  who: ResponderActor,
  alertId: number,
  decide: (alert: AlertRow, request: RequestRow, db: Db) => Promise<RequestEvent['type']> | RequestEvent['type'],
  extra: { refusalReason?: string } = {},
): Promise<OfferedAlert> {
  const settings = alertSettings(ctx);
  const result = await ctx.database.db.transaction(async (tx) => {
    const alert = await findAlert(tx, alertId, 'any', true);
    const request = alert && (await findRequest(tx, alertId, { responderId: who.responderId }, true));
    if (!alert || !request) throw notFound(responderErrorKeys.noOffer);
    const event = await decide(alert, request, tx);
    if (alert.close === 0) checkAlertEvent(alert, 'responder.answer');
    await moveRequest(tx, request, event, actorOf(who), extra);
    await afterRequestChange(tx, alert, settings);
    return { alert, request };
  });
  afterAlertChange(ctx, { id: alertId, idSite: result.alert.id_site });
  return offerView((await findAlert(ctx.database.db, alertId, 'any'))!, result.request);
}

const trained = new Set(['trained', 'trainedWithoutDiploma']);

/**
 * Accepts an offer. Too late once the alert is closed or, for an untrained responder, once it has
 * ALERT_ENOUGH_RESPONDERS engaged (a trained one goes on stand-by instead); too far when the
 * responder's position (sent now, or last known) is beyond the alert's distanceMax.
 */
export async function accept(ctx: AppContext, who: ResponderActor, alertId: number, position: { lat?: number; lon?: number }): Promise<OfferedAlert> {
  const settings = alertSettings(ctx);
  if (position.lat !== undefined && position.lon !== undefined) await repo.upsertPosition(ctx.database.db, who.responderId, { lat: position.lat, lon: position.lon });
  return answer(ctx, who, alertId, async (alert, request, db) => {
    // Only an unanswered offer can be accepted: the chart refuses the rest with its key.
    if (request.status !== 'available') return 'request.accept';
    if (alert.close === 1) return 'request.late';
    const me = (await repo.responderState(db, who.responderId))!;
    if (me.lat !== null && me.lon !== null && metresBetween(me as { lat: number; lon: number }, alert) > alert.distance_max * 1000) return 'request.far';
    const [busyElsewhere] = await rowsOf<{ alert_id: number }>(
      db,
      sql`SELECT q.alert_id FROM alert_requests q
           WHERE q.responder_id = ${who.responderId} AND q.alert_id <> ${alertId} AND q.alert_open
             AND q.status IN (${sql.raw(busyStatuses.map((status) => `'${status}'`).join(', '))}) LIMIT 1`,
    );
    if (busyElsewhere) throw conflict(responderErrorKeys.engagedElsewhere, { alertId: busyElsewhere.alert_id });
    if (alert.nb_engaged >= settings.ALERT_ENOUGH_RESPONDERS) return trained.has(me.trained_status) ? 'request.standBy' : 'request.late';
    return 'request.accept';
  });
}

export async function refuse(ctx: AppContext, who: ResponderActor, alertId: number, reason?: string): Promise<OfferedAlert> {
  return answer(ctx, who, alertId, () => 'request.refuse', { refusalReason: reason ?? 'other' });
}

/** Reports progress (on the way / on site, AED or victim); refused once the alert is closed. */
export async function progress(ctx: AppContext, who: ResponderActor, alertId: number, status: ProgressStatus, position: { lat?: number; lon?: number }): Promise<OfferedAlert> {
  if (position.lat !== undefined && position.lon !== undefined) await repo.upsertPosition(ctx.database.db, who.responderId, { lat: position.lat, lon: position.lon });
  return answer(ctx, who, alertId, (alert, request) => {
    if (alert.close === 1) throw conflict(responderErrorKeys.alertClosed);
    if ((status === 'onTheWayAed' || status === 'onSiteAed') && request.mission !== 'aed') throw conflict(responderErrorKeys.noAedMission);
    return progressEvents[status];
  });
}

/** Gives up after accepting; reason 'noAed' ends an AED run (withoutAedCancel). */
export async function cancel(ctx: AppContext, who: ResponderActor, alertId: number, reason?: 'noAed' | 'other'): Promise<OfferedAlert> {
  return answer(ctx, who, alertId, () => (reason === 'noAed' ? 'request.noAed' : 'request.cancel'), { refusalReason: reason });
}
