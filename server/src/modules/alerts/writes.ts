import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { pushInsertSql } from './push-messages';
import type { AlertRow, NewAlert } from './repo';
import type { Mission } from './selection';

/**
 * The writes of set-up and launch, each one SQL statement (data-modifying CTEs): a single
 * statement is its own transaction, so the alert, its requests, its push messages and its
 * chronology are written together or not at all, in one round trip. A draft is changed only while
 * it is still a draft (`status = 1`): when another request launched or closed it in between, the
 * statement writes nothing and answers no row, and the caller refuses with the chart's key.
 */

const alertColumns = sql`alert_type, id_site, address, address_info, lat, lon, country_code, precision, distance_max, test, debug_mode`;
const alertValues = (alert: Omit<NewAlert, 'createdBy'>) =>
  sql`${alert.alertType}, ${alert.idSite}, ${alert.address}, ${alert.addressInfo}, ${alert.lat}, ${alert.lon}, ${alert.countryCode}, ${alert.precision}, ${alert.distanceMax}, ${alert.test}, ${alert.debugMode}`;

/** The alert row a CTE named `a` wrote, shaped like findAlert's (nobody closed it). */
const written = sql`SELECT a.*, NULL::text AS closer_first, NULL::text AS closer_last FROM a`;

function alertUpsert(existingId: number | undefined, alert: NewAlert, extra: { columns: SQL; values: SQL }): SQL {
  if (existingId === undefined) {
    return sql`INSERT INTO alerts (${alertColumns}, created_by, ${extra.columns}) VALUES (${alertValues(alert)}, ${alert.createdBy}, ${extra.values}) RETURNING *`;
  }
  return sql`UPDATE alerts SET (${alertColumns}, ${extra.columns}) = (${alertValues(alert)}, ${extra.values}), updated_at = now()
    WHERE id = ${existingId} AND status = 1 RETURNING *`;
}

/**
 * Creates or replaces a draft with its preview count, and logs it. Undefined when the draft is no
 * longer one. The draft commits asynchronously (`synchronous_commit` off for this statement's
 * transaction only): the answer does not wait for the WAL flush, which is most of a preview's
 * cost on a busy disk. A crash within the next WAL writer round (a fraction of a second) may lose
 * the latest draft, never a launched alert: the dispatcher sets it up again. Launch, close and every
 * other write keep the synchronous commit.
 */
export async function writeDraft(db: Db, existingId: number | undefined, alert: NewAlert & { nbPotentialBs: number }, payload: Record<string, unknown>): Promise<AlertRow | undefined> {
  const upsert = alertUpsert(existingId, alert, { columns: sql`nb_potential_bs`, values: sql`${alert.nbPotentialBs}` });
  const [row] = await rowsOf<AlertRow>(
    db,
    sql`WITH a AS (${upsert}),
         relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting),
         ev AS (INSERT INTO alert_events (alert_id, kind, actor_type, actor_id, payload)
                SELECT id, ${existingId === undefined ? 'created' : 'setUp'}, 'user', ${alert.createdBy}, ${JSON.stringify(payload)}::jsonb FROM a, relaxed)
        ${written}`,
  );
  return row;
}

/**
 * Launches: the alert (new, or the draft `existingId`) goes live with its selection figures and
 * auto-close time; one request per mission; one ALERT push message per device of each selected
 * responder; the `launched` event. Undefined when the draft is no longer one.
 */
export async function writeLaunch(
  db: Db,
  existingId: number | undefined,
  alert: NewAlert,
  selection: { missions: Mission[]; total: number; autoCloseSeconds: number },
): Promise<AlertRow | undefined> {
  const { missions, total, autoCloseSeconds } = selection;
  const upsert = alertUpsert(existingId, alert, {
    columns: sql`status, launched_at, nb_requests, nb_potential_bs, auto_close_at, contact_status`,
    values: sql`2, now(), ${missions.length}, ${total}, now() + make_interval(secs => ${autoCloseSeconds}), 'alertInProgress'`,
  });
  const requests = missions.map((mission, rank) => ({
    responder_id: mission.responderId,
    mission: mission.mission,
    aed_id: mission.aed?.id ?? null,
    aed_name: mission.aed?.name ?? null,
    aed_address: mission.aed?.address ?? null,
    aed_lat: mission.aed?.lat ?? null,
    aed_lon: mission.aed?.lon ?? null,
    distance: mission.distance,
    duration: mission.duration,
    rank,
  }));
  const by = `user:${alert.createdBy}`;
  const [row] = await rowsOf<AlertRow>(
    db,
    sql`WITH a AS (${upsert}),
         q AS (INSERT INTO alert_requests (alert_id, responder_id, mission, aed_id, aed_name, aed_address, aed_lat, aed_lon, distance, duration, rank, status_history)
               SELECT a.id, u.responder_id, u.mission, u.aed_id, u.aed_name, u.aed_address, u.aed_lat, u.aed_lon, u.distance, u.duration, u.rank,
                      jsonb_build_array(jsonb_build_object('status', 'available', 'at', now(), 'by', ${by}::text))
                 FROM a, jsonb_to_recordset(${JSON.stringify(requests)}::jsonb) AS u(responder_id int, mission text, aed_id int, aed_name text,
                      aed_address text, aed_lat float8, aed_lon float8, distance int, duration int, rank int)
               RETURNING id, responder_id, alert_id, mission),
         pushed AS (${pushInsertSql(alert.alertType, 'ALERT', sql`q`)} RETURNING 1),
         ev AS (INSERT INTO alert_events (alert_id, kind, actor_type, actor_id, payload)
                SELECT a.id, 'launched', 'user', ${alert.createdBy},
                       jsonb_build_object('nbRequests', ${missions.length}::int, 'nbPotentialBS', ${total}::int,
                                          'aedRunners', ${missions.filter((mission) => mission.mission === 'aed').length}::int,
                                          'pushes', (SELECT count(*) FROM pushed))
                  FROM a)
        ${written}`,
  );
  return row;
}
