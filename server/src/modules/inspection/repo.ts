import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';

/** Accounts a caller may see: their account and its descendants (SQL fragment over `a.id_site`). */
const inSubtree = (siteId: number) => sql`a.id_site IN (WITH RECURSIVE down AS (SELECT id FROM accounts WHERE id = ${siteId}
    UNION SELECT c.id FROM accounts c JOIN down ON c.parent_id = down.id) SELECT id FROM down)`;

export interface InspectedAlertRow {
  id: number;
  alert_type: number;
  status: number;
  debug_mode: number;
  test: boolean;
  created_at: Date;
}

/** Open alerts (draft or live) of the caller's subtree, newest first. */
export async function openAlerts(db: Db, siteId: number): Promise<InspectedAlertRow[]> {
  return rowsOf<InspectedAlertRow>(
    db,
    sql`SELECT a.id, a.alert_type, a.status, a.debug_mode, a.test, a.created_at FROM alerts a
      WHERE a.close = 0 AND ${inSubtree(siteId)} ORDER BY a.created_at DESC, a.id DESC LIMIT 50`,
  );
}

/** One alert of the caller's subtree. */
export async function visibleAlert(db: Db, siteId: number, alertId: number): Promise<InspectedAlertRow | undefined> {
  const [row] = await rowsOf<InspectedAlertRow>(
    db,
    sql`SELECT a.id, a.alert_type, a.status, a.debug_mode, a.test, a.created_at FROM alerts a WHERE a.id = ${alertId} AND ${inSubtree(siteId)}`,
  );
  return row;
}

export interface LoggedEvent {
  id: number;
  at: Date;
  kind: string;
  payload: Record<string, unknown>;
}

/** The alert's event log, oldest first. */
export async function eventLog(db: Db, alertId: number): Promise<LoggedEvent[]> {
  return rowsOf<LoggedEvent>(db, sql`SELECT id, at, kind, payload FROM alert_events WHERE alert_id = ${alertId} ORDER BY at, id`);
}

export interface InspectedRequestRow {
  id: number;
  responder_id: number;
  rank: number;
  mission: string;
  status: string;
  created_at: Date;
}

/** The responder requests of an alert, by rank. */
export async function requestsOf(db: Db, alertId: number): Promise<InspectedRequestRow[]> {
  return rowsOf<InspectedRequestRow>(
    db,
    sql`SELECT id, responder_id, rank, mission, status, created_at FROM alert_requests WHERE alert_id = ${alertId} ORDER BY rank, id`,
  );
}
