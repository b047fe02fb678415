import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { TestServer } from './harness';

/**
 * Helpers of the history, call-back, dashboard and indicator suites. Their alerts belong to an
 * account of their own (a child of SDIS 63, so the demo users see it) and happen around Rodez,
 * where the demo has nothing: with `selectedSite` set to that account, every figure a test reads
 * is the test's own. Alerts are written as the alert module stores them, at chosen dates.
 */
export const rodez = { lat: 44.3506, lon: 2.5750 };

export interface TestCall {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function call(server: TestServer, auth: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<TestCall> {
  const response = await server.app.inject({ method, url, headers: { authorization: auth }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

/** The id of the demo account whose name starts with `prefix`. */
export async function accountIdOf(server: TestServer, prefix: string): Promise<number> {
  const [row] = await server.ctx.database.query<{ id: number }>('SELECT id FROM accounts WHERE name LIKE $1 ORDER BY id LIMIT 1', [`${prefix}%`]);
  return row.id;
}

/** A new account under `parentId` (SDIS 63 by default). */
export async function newAccount(server: TestServer, name: string, parentId?: number): Promise<number> {
  const parent = parentId ?? (await accountIdOf(server, 'SDIS 63'));
  const [row] = await server.ctx.database.query<{ id: number }>("INSERT INTO accounts (name, kind, parent_id, country) VALUES ($1, 'internal', $2, 'FR') RETURNING id", [name, parent]);
  return row.id;
}

export async function userIdOf(server: TestServer, email: string): Promise<number> {
  const [row] = await server.ctx.database.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return row.id;
}

let sequence = 0;

/** An activated responder of `idSite` at a position (no device: these never receive pushes). */
export async function newResponder(
  server: TestServer,
  options: { idSite: number; lat?: number; lon?: number; trainedStatus?: string; skill?: string | null; createdAt?: Date; age?: number; gender?: string; accountStatus?: string; positioned?: boolean },
): Promise<number> {
  sequence += 1;
  const [row] = await server.ctx.database.query<{ id: number }>(
    `INSERT INTO responders (id_site, first_name, last_name, email, phone, age, gender, trained_status, skill, account_status, created_at)
     VALUES ($1, 'Test', $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      options.idSite,
      `Caller ${sequence}`,
      `history-${sequence}-${randomUUID().slice(0, 8)}@example.org`,
      `+33600${String(sequence).padStart(6, '0')}`,
      options.age ?? 34,
      options.gender ?? 'female',
      options.trainedStatus ?? 'trained',
      options.skill ?? null,
      options.accountStatus ?? 'activated',
      (options.createdAt ?? new Date()).toISOString(),
    ],
  );
  if (options.positioned !== false) {
    const lat = options.lat ?? rodez.lat;
    const lon = options.lon ?? rodez.lon;
    await server.ctx.database.query('INSERT INTO responder_positions (responder_id, lat, lon, earth, available) VALUES ($1, $2, $3, ll_to_earth($2, $3), true)', [row.id, lat, lon]);
  }
  return row.id;
}

/** One responder on an alert: the statuses after the offer, each `stepSeconds` after the previous (the first after `answerSeconds`). */
export interface TestRequest {
  responderId: number;
  statuses?: string[];
  answerSeconds?: number;
  stepSeconds?: number;
}

export interface TestAlert {
  idSite: number;
  alertType?: number;
  address?: string;
  addressInfo?: string;
  lat?: number;
  lon?: number;
  createdAt: Date;
  /** false: a draft never launched. */
  launched?: boolean;
  /** null: still open. Default 20 minutes after launch. */
  closedAt?: Date | null;
  closeReason?: 'user' | 'auto';
  closedBy?: number | null;
  test?: boolean;
  requests?: TestRequest[];
}

/** Writes an alert, its requests with their status histories, and a minimal event log; answers the ids. */
export async function insertAlert(server: TestServer, alert: TestAlert): Promise<{ alertId: number; requestIds: number[] }> {
  const db = server.ctx.database;
  const launched = alert.launched === false ? null : new Date(alert.createdAt.getTime() + 60_000);
  const closedAt = alert.closedAt === undefined ? (launched ? new Date(launched.getTime() + 20 * 60_000) : null) : alert.closedAt;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO alerts (alert_type, id_site, address, address_info, lat, lon, distance_max, nb_requests, status, close, created_at, launched_at, test, debug_mode,
                         contact_status, updated_at, closed_at, closed_by, close_reason)
     VALUES ($1, $2, $3, $4, $5, $6, 0.4, $7, $8, $9, $10, $11, $12, $13, $14, $10, $15, $16, $17) RETURNING id`,
    [
      alert.alertType ?? 1,
      alert.idSite,
      alert.address ?? '1 place de la Cité, 12000 Rodez',
      alert.addressInfo ?? '',
      alert.lat ?? rodez.lat,
      alert.lon ?? rodez.lon,
      alert.requests?.length ?? 0,
      closedAt ? 3 : launched ? 2 : 1,
      closedAt ? 1 : 0,
      alert.createdAt.toISOString(),
      launched?.toISOString() ?? null,
      alert.test ?? false,
      alert.test ? 1 : 0,
      closedAt ? 'toDo' : 'alertInProgress',
      closedAt?.toISOString() ?? null,
      closedAt ? (alert.closedBy ?? null) : null,
      closedAt ? (alert.closeReason ?? (alert.closedBy ? 'user' : 'auto')) : null,
    ],
  );
  const requestIds: number[] = [];
  for (const [rank, request] of (alert.requests ?? []).entries()) {
    const history = [{ status: 'available', at: launched!.toISOString(), by: 'user:1' }];
    let at = launched!.getTime() + (request.answerSeconds ?? 30) * 1000;
    for (const status of request.statuses ?? []) {
      history.push({ status, at: new Date(at).toISOString(), by: `responder:${request.responderId}` });
      at += (request.stepSeconds ?? 60) * 1000;
    }
    const [inserted] = await db.query<{ id: number }>(
      `INSERT INTO alert_requests (alert_id, responder_id, status, mission, distance, duration, rank, status_history, created_at, alert_open)
       VALUES ($1, $2, $3, 'victim', 250, 200, $4, $5::jsonb, $6, $7) RETURNING id`,
      [row.id, request.responderId, history[history.length - 1].status, rank, JSON.stringify(history), launched!.toISOString(), closedAt === null],
    );
    requestIds.push(inserted.id);
  }
  // The counts the alert module keeps on the alert.
  await db.query(
    `UPDATE alerts SET nb_refused = (SELECT count(*) FROM alert_requests WHERE alert_id = $1 AND status = 'refused'),
       nb_engaged = (SELECT count(*) FROM alert_requests WHERE alert_id = $1 AND status IN ('dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim')) WHERE id = $1`,
    [row.id],
  );
  return { alertId: row.id, requestIds };
}

/** Puts a call-back in a state as if calls had happened (for states the API cannot reach now, like an overdue recall). */
export async function setCallback(server: TestServer, requestId: number, status: string, options: { recallAt?: Date | null; userId?: number | null; calledAt?: Date; minutesAfterClose?: number } = {}): Promise<number> {
  const db = server.ctx.database;
  const [callback] = await db.query<{ id: number }>(
    `INSERT INTO callbacks (request_id, alert_id, responder_id, id_site, status, recall_at, attempts, first_call_at, last_call_at, last_call_by)
     SELECT q.id, q.alert_id, q.responder_id, a.id_site, $2, $3, 1, $4, $4, $5 FROM alert_requests q JOIN alerts a ON a.id = q.alert_id WHERE q.id = $1
     ON CONFLICT (request_id) DO UPDATE SET status = excluded.status, recall_at = excluded.recall_at RETURNING id`,
    [requestId, status, options.recallAt?.toISOString() ?? null, (options.calledAt ?? new Date()).toISOString(), options.userId ?? null],
  );
  await db.query('INSERT INTO callback_calls (callback_id, at, user_id, outcome, recall_at, minutes_after_close, draft_id) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    callback.id,
    (options.calledAt ?? new Date()).toISOString(),
    options.userId ?? null,
    status,
    options.recallAt?.toISOString() ?? null,
    options.minutesAfterClose ?? null,
    randomUUID(),
  ]);
  return callback.id;
}

/** A date `days` before now (negative: after). */
export const daysAgo = (days: number, from = Date.now()) => new Date(from - days * 86_400_000);

/**
 * A moment of today in Europe/Paris that is already past: `share` of the way from midnight to now.
 * Unlike a fixed hour it is today and in the past at any time of day, just after midnight too.
 */
export const earlierToday = (share = 0.5) => {
  const midnight = DateTime.now().setZone('Europe/Paris').startOf('day').toMillis();
  return new Date(midnight + (Date.now() - midnight) * share);
};

/** The start of a day in Europe/Paris, `days` before today, plus `hours`. */
export const parisDay = (days: number, hours = 0) => DateTime.now().setZone('Europe/Paris').startOf('day').minus({ days }).plus({ hours }).toJSDate();

/** A query string of the non-empty values. */
export function queryOf(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}
