import { sql, type SQL } from 'drizzle-orm';
import type { Alert, AlertEscalation } from '../../../../contract/alert.schemas';
import { alertStateOf } from '../../../../contract/charts/alert.chart';
import { isoTimestamp } from '../../db/timestamps';
import { rowsOf, statement, type Database, type Db, type Statement } from '../../db/database';

/** Who did something: a staff user, a responder (or bot) through the responder API, or the server itself. */
export type Actor = { type: 'user'; id: number } | { type: 'responder' | 'bot'; id: number } | { type: 'system' };

/** An alerts row as raw SQL returns it, with the name of whoever closed it. */
export interface AlertRow {
  id: number;
  alert_type: number;
  id_site: number;
  address: string;
  address_info: string;
  lon: number;
  lat: number;
  country_code: string;
  precision: string | null;
  distance_max: number;
  nb_requests: number;
  nb_potential_bs: number;
  status: number;
  close: number;
  created_at: Date;
  launched_at: Date | null;
  distance: number;
  nb_engaged: number;
  nb_refused: number;
  test: boolean;
  debug_mode: number;
  contact_status: string;
  updated_at: Date;
  auto_close_at: Date | null;
  closed_at: Date | null;
  closed_by: number | null;
  close_reason: string | null;
  closer_first: string | null;
  closer_last: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : isoTimestamp(value));

/** The API shape of an alert row (contract/alert.schemas.ts). */
export function toAlert(row: AlertRow): Alert {
  return {
    alertId: row.id,
    alertType: row.alert_type,
    idSite: row.id_site,
    address: row.address,
    addressInfo: row.address_info,
    lon: row.lon,
    lat: row.lat,
    countryCode: row.country_code,
    distanceMax: Number(row.distance_max),
    nbRequests: row.nb_requests,
    nbPotentialBS: row.nb_potential_bs,
    status: row.status,
    state: alertStateOf(row.status),
    close: row.close,
    creationDate: iso(row.created_at)!,
    date: iso(row.launched_at),
    distance: Math.round(Number(row.distance) * 1000) / 1000,
    nbEngaged: row.nb_engaged,
    nbRefused: row.nb_refused,
    test: row.test,
    debugMode: row.debug_mode,
    contactStatus: row.contact_status,
    updateDate: iso(row.updated_at)!,
    precision: (row.precision as Alert['precision']) ?? null,
    needsPinMove: row.precision === 'municipality',
    autoCloseAt: iso(row.auto_close_at),
    closedAt: iso(row.closed_at),
    closedBy: row.closed_by === null ? null : { id: row.closed_by, firstName: row.closer_first ?? '', lastName: row.closer_last ?? '' },
    closeReason: (row.close_reason as Alert['closeReason']) ?? null,
  };
}

const selectAlert = sql`SELECT a.*, u.first_name AS closer_first, u.last_name AS closer_last FROM alerts a LEFT JOIN users u ON u.id = a.closed_by`;

/** The ids of an account and its descendants: what a session on that account may see. */
export async function subtreeIds(db: Db, rootId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`WITH RECURSIVE down AS (SELECT id FROM accounts WHERE id = ${rootId} UNION SELECT a.id FROM accounts a JOIN down ON a.parent_id = down.id) SELECT id FROM down`,
  );
  return rows.map((row) => row.id);
}

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Which accounts' alerts a query may touch: a list, an account and its descendants, or any (jobs, responders). */
export type Scope = number[] | { subtreeOf: number } | 'any';

function scopeSql(scope: Scope): SQL {
  if (scope === 'any') return sql`TRUE`;
  if (Array.isArray(scope)) return sql`a.id_site = ANY(${intArray(scope)})`;
  return sql`a.id_site IN (WITH RECURSIVE down AS (SELECT id FROM accounts WHERE id = ${scope.subtreeOf}
    UNION SELECT c.id FROM accounts c JOIN down ON c.parent_id = down.id) SELECT id FROM down)`;
}

/** One alert, if it is within `scope`; `forUpdate` locks the row for the transaction. */
export async function findAlert(db: Db, alertId: number, scope: Scope, forUpdate = false): Promise<AlertRow | undefined> {
  // FOR UPDATE cannot apply to the nullable side of the join: lock only the alert row.
  const lock = forUpdate ? sql` FOR UPDATE OF a` : sql``;
  const [row] = await rowsOf<AlertRow>(db, sql`${selectAlert} WHERE a.id = ${alertId} AND ${scopeSql(scope)}${lock}`);
  return row;
}

/** The columns of an AlertRow, named: a prepared statement must not depend on `a.*` (a new column would change its result type). */
const alertColumns = `a.id, a.alert_type, a.id_site, a.address, a.address_info, a.lon, a.lat, a.country_code, a.precision, a.distance_max,
  a.nb_requests, a.nb_potential_bs, a.status, a.close, a.created_at, a.launched_at, a.distance, a.nb_engaged, a.nb_refused, a.test,
  a.debug_mode, a.contact_status, a.updated_at, a.auto_close_at, a.closed_at, a.closed_by, a.close_reason,
  u.first_name AS closer_first, u.last_name AS closer_last`;

/** The alert list filters of spec §7. */
export interface AlertListFilter {
  close?: number;
  status?: number;
  alertType?: number;
  test?: number;
  limit: number;
}

// One statement per scope kind and filter values: close (0, 1), status (1 to 3) and test (0, 1) are
// written into the text, so the plan of the live list (close = 0) can use the open alerts' partial
// index; a plan for "close = $n" would read the whole history. alertType, any integer, stays a
// parameter. At most 2 × 3 × 4 × 3 × 2 texts.
const listStatements = new Map<string, Statement>();

function listStatement(scope: 'subtree' | 'sites', filter: AlertListFilter): Statement {
  const key = `${scope}:${filter.close}:${filter.status}:${filter.test}:${filter.alertType === undefined}`;
  let known = listStatements.get(key);
  if (!known) {
    const where = [
      scope === 'subtree'
        ? `a.id_site IN (WITH RECURSIVE down AS (SELECT id FROM accounts WHERE id = $1 UNION SELECT c.id FROM accounts c JOIN down ON c.parent_id = down.id) SELECT id FROM down)`
        : 'a.id_site = ANY($1::int[])',
    ];
    if (filter.close !== undefined) where.push(`a.close = ${Number(filter.close)}`);
    if (filter.status !== undefined) where.push(`a.status = ${Number(filter.status)}`);
    if (filter.test !== undefined) where.push(`a.test = ${filter.test === 1}`);
    if (filter.alertType !== undefined) where.push('a.alert_type = $3');
    known = statement(`SELECT ${alertColumns} FROM alerts a LEFT JOIN users u ON u.id = a.closed_by
      WHERE ${where.join(' AND ')} ORDER BY a.created_at DESC, a.id DESC LIMIT $2`);
    listStatements.set(key, known);
  }
  return known;
}

/**
 * Alerts of an account and its descendants, or of a list of accounts, newest first, with the list
 * filters of spec §7. A prepared statement: the live list is the most frequent read of a dispatch room.
 */
export async function listAlerts(database: Database, scope: { subtreeOf: number } | number[], filter: AlertListFilter): Promise<AlertRow[]> {
  const root = Array.isArray(scope) ? `{${scope.join(',')}}` : scope.subtreeOf;
  const params = filter.alertType === undefined ? [root, filter.limit] : [root, filter.limit, filter.alertType];
  return database.run<AlertRow>(listStatement(Array.isArray(scope) ? 'sites' : 'subtree', filter), params);
}

export interface NewAlert {
  alertType: number;
  idSite: number;
  address: string;
  addressInfo: string;
  lat: number;
  lon: number;
  countryCode: string;
  precision: string;
  distanceMax: number;
  test: boolean;
  debugMode: number;
  createdBy: number;
  nbPotentialBs?: number;
}

/** Changes only the details of an alert (floor, door code...), keeping its place and precision. */
export async function updateDetails(db: Db, alertId: number, addressInfo: string): Promise<void> {
  await db.execute(sql`UPDATE alerts SET address_info = ${addressInfo}, updated_at = now() WHERE id = ${alertId}`);
}

export async function updatePlace(db: Db, alertId: number, place: { lat: number; lon: number; address: string; addressInfo: string; countryCode: string; precision: string; movedKm: number }): Promise<void> {
  await db.execute(sql`UPDATE alerts SET lat = ${place.lat}, lon = ${place.lon}, address = ${place.address}, address_info = ${place.addressInfo},
      country_code = ${place.countryCode}, precision = ${place.precision}, distance = ${place.movedKm}, updated_at = now()
    WHERE id = ${alertId}`);
}

/**
 * Closes an open alert; answers false when it was already closed (another user or instance was
 * first), so a close is written once whoever races for it.
 */
export async function markClosed(db: Db, alertId: number, closedBy: number | null, reason: 'user' | 'auto'): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`WITH closed AS (
          UPDATE alerts SET status = 3, close = 1, closed_at = now(), closed_by = ${closedBy}, close_reason = ${reason}, contact_status = 'toDo', updated_at = now()
           WHERE id = ${alertId} AND close = 0 RETURNING id),
         released AS (UPDATE alert_requests SET alert_open = false WHERE alert_id IN (SELECT id FROM closed))
        SELECT id FROM closed`,
  );
  return rows.length === 1;
}

/** Recomputes the engaged and refused counts of an alert from its requests. */
export async function refreshCounts(db: Db, alertId: number): Promise<void> {
  await db.execute(sql`UPDATE alerts SET
      nb_engaged = (SELECT count(*) FROM alert_requests WHERE alert_id = ${alertId} AND status IN ('dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim')),
      nb_refused = (SELECT count(*) FROM alert_requests WHERE alert_id = ${alertId} AND status = 'refused'),
      updated_at = now()
    WHERE id = ${alertId}`);
}

/** Open alerts whose auto-close time has passed. */
export async function overdueAlerts(db: Db): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, sql`SELECT id FROM alerts WHERE close = 0 AND status = 2 AND auto_close_at <= now() ORDER BY auto_close_at LIMIT 100`);
  return rows.map((row) => row.id);
}

/** Appends to the alert's chronology. */
export async function logEvent(db: Db, alertId: number, kind: string, actor: Actor, payload: Record<string, unknown> = {}): Promise<void> {
  await db.execute(sql`INSERT INTO alert_events (alert_id, kind, actor_type, actor_id, payload)
    VALUES (${alertId}, ${kind}, ${actor.type}, ${'id' in actor ? actor.id : null}, ${JSON.stringify(payload)}::jsonb)`);
}

export interface AlertEventRow {
  id: number;
  at: Date;
  kind: string;
  actor_type: string;
  actor_id: number | null;
  payload: Record<string, unknown>;
}

/** The chronology of an alert, oldest first. */
export async function alertEvents(db: Db, alertId: number): Promise<AlertEventRow[]> {
  return rowsOf<AlertEventRow>(db, sql`SELECT id, at, kind, actor_type, actor_id, payload FROM alert_events WHERE alert_id = ${alertId} ORDER BY at, id`);
}

/** The escalation steps of an alert, oldest first (its `escalated` events). */
export async function escalationsOf(db: Db, alertId: number): Promise<AlertEscalation[]> {
  const rows = await rowsOf<{ at: Date; payload: { step: number; toKm: number; nbRequests: number } }>(
    db,
    sql`SELECT at, payload FROM alert_events WHERE alert_id = ${alertId} AND kind = 'escalated' ORDER BY at, id`,
  );
  return rows.map((row) => ({ step: row.payload.step, at: isoTimestamp(row.at), radiusKm: row.payload.toKm, nbRequests: row.payload.nbRequests }));
}
