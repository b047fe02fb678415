import { sql, type SQL } from 'drizzle-orm';
import { preparedRowsOf, type Database } from '../../db/database';
import { auditInsertSql, type NewAuditRow } from '../audit/face';
import type { NearbyAedRow } from './aeds-nearby';
import type { AlertRow, NewAlert } from './repo';
import type { Mission } from './selection';

/**
 * The writes of set-up and launch, each one SQL statement (data-modifying CTEs): a single
 * statement is its own transaction, so the alert, its requests, its push messages and its
 * chronology are written together or not at all, in one round trip. Each is a prepared statement
 * on PostgreSQL (preparedRowsOf): planning their CTEs cost about as much as running them. A draft is changed only while
 * it is still a draft (`status = 1`): when another request launched or closed it in between, the
 * statement writes nothing and answers no row, and the caller refuses with the chart's key.
 */

const alertColumns = sql`alert_type, id_site, address, address_info, lat, lon, country_code, precision, distance_max, test, debug_mode`;
const alertValues = (alert: Omit<NewAlert, 'createdBy'>) =>
  sql`${alert.alertType}, ${alert.idSite}, ${alert.address}, ${alert.addressInfo}, ${alert.lat}, ${alert.lon}, ${alert.countryCode}, ${alert.precision}, ${alert.distanceMax}, ${alert.test}, ${alert.debugMode}`;

/** The alert row a CTE named `a` wrote, shaped like findAlert's (nobody closed it). */
const written = sql`SELECT a.*, NULL::text AS closer_first, NULL::text AS closer_last FROM a`;

/** The call's audit row, written by the statement with its change (`from`: the CTEs it follows); its target defaults to the alert's id. */
const auditCte = (audit: NewAuditRow | undefined, from: SQL): SQL =>
  audit ? sql`, au AS (${auditInsertSql(audit, sql`COALESCE(${audit.target ?? null}, a.id::text)`, from)})` : sql``;

function alertUpsert(existingId: number | undefined, alert: NewAlert, extra: { columns: SQL; values: SQL }): SQL {
  if (existingId === undefined) {
    return sql`INSERT INTO alerts (${alertColumns}, created_by, ${extra.columns}) VALUES (${alertValues(alert)}, ${alert.createdBy}, ${extra.values}) RETURNING *`;
  }
  return sql`UPDATE alerts SET (${alertColumns}, ${extra.columns}) = (${alertValues(alert)}, ${extra.values}), updated_at = now()
    WHERE id = ${existingId} AND status = 1 RETURNING *`;
}

/**
 * Creates or replaces a draft with its preview count, logs it in its chronology and in the audit
 * log, and reads the AEDs around (`aeds`, one JSON array), all in one statement: the count
 * (`reached`, one row `n`) is read by the statement that writes it, so the answer waits for one
 * round trip after the session check, and what it answers is committed. Undefined when the draft
 * is no longer one (nothing is written then).
 *
 * `relaxedCommit` (PostgreSQL): the statement's transaction does not wait for the WAL flush. The
 * rows are then in the server's memory when the answer leaves, so a crash of Vigil after the answer
 * loses nothing; a crash of the PostgreSQL server itself within its WAL writer's next round (a
 * fraction of a second) may lose the latest draft, never a launched alert. The embedded engine has
 * no WAL writer, so there a relaxed commit would wait in this process's memory for the next
 * synchronous one, and a crash of the process would lose it: its drafts commit synchronously.
 * Launch, close and every other write keep the synchronous commit.
 */
export async function writeDraft(
  database: Database,
  existingId: number | undefined,
  alert: NewAlert,
  draft: { reached: SQL; aeds: SQL; audit?: NewAuditRow; relaxedCommit: boolean; payload: Record<string, unknown> },
): Promise<(AlertRow & { aeds: NearbyAedRow[] }) | undefined> {
  const upsert = alertUpsert(existingId, alert, { columns: sql`nb_potential_bs`, values: sql`(SELECT n FROM reached)` });
  const [row] = await preparedRowsOf<AlertRow & { aeds: NearbyAedRow[] }>(
    database,
    sql`WITH reached AS (${draft.reached}),
         a AS (${upsert}),
         relaxed AS (SELECT set_config('synchronous_commit', ${draft.relaxedCommit ? 'off' : 'on'}, true) AS setting),
         ev AS (INSERT INTO alert_events (alert_id, kind, actor_type, actor_id, payload)
                SELECT id, ${existingId === undefined ? 'created' : 'setUp'}, 'user', ${alert.createdBy}, ${JSON.stringify(draft.payload)}::jsonb || jsonb_build_object('nbPotentialBS', a.nb_potential_bs)
                  FROM a, relaxed)${auditCte(draft.audit, sql`a, relaxed`)}
        SELECT a.*, NULL::text AS closer_first, NULL::text AS closer_last, ${draft.aeds} AS aeds FROM a`,
  );
  return row;
}

/**
 * The requests of `missions` for the alert a CTE named `a` wrote, ranked from `firstRank`, each
 * starting `available` by `by` and marked for its ALERT push messages (writeLaunchPushes); a
 * responder the alert already has a request for is left out (the unique index on alert and responder).
 */
function requestsInsertSql(missions: Mission[], firstRank: number, by: string): SQL {
  const requests = missions.map((mission, index) => ({
    responder_id: mission.responderId,
    mission: mission.mission,
    aed_id: mission.aed?.id ?? null,
    aed_name: mission.aed?.name ?? null,
    aed_address: mission.aed?.address ?? null,
    aed_lat: mission.aed?.lat ?? null,
    aed_lon: mission.aed?.lon ?? null,
    distance: mission.distance,
    duration: mission.duration,
    rank: firstRank + index,
  }));
  return sql`INSERT INTO alert_requests (alert_id, responder_id, mission, aed_id, aed_name, aed_address, aed_lat, aed_lon, distance, duration, rank, status_history, alert_push_pending)
               SELECT a.id, u.responder_id, u.mission, u.aed_id, u.aed_name, u.aed_address, u.aed_lat, u.aed_lon, u.distance, u.duration, u.rank,
                      jsonb_build_array(jsonb_build_object('status', 'available', 'at', now(), 'by', ${by}::text)), true
                 FROM a, jsonb_to_recordset(${JSON.stringify(requests)}::jsonb) AS u(responder_id int, mission text, aed_id int, aed_name text,
                      aed_address text, aed_lat float8, aed_lon float8, distance int, duration int, rank int)
               ON CONFLICT (alert_id, responder_id) DO NOTHING
               RETURNING id, responder_id, alert_id, mission`;
}

/**
 * Launches: the alert (new, or the draft `existingId`) goes live with its selection figures and
 * auto-close time; one request per mission, each marked for its push messages (which the push
 * delivery writes right after the answer: writeLaunchPushes); the `launched` event; the call's audit
 * row (`audit`), so that one synchronous commit holds them all. Undefined when the draft is no
 * longer one.
 */
export async function writeLaunch(
  database: Database,
  existingId: number | undefined,
  alert: NewAlert,
  selection: { missions: Mission[]; total: number; autoCloseSeconds: number },
  audit?: NewAuditRow,
): Promise<AlertRow | undefined> {
  const { missions, total, autoCloseSeconds } = selection;
  const upsert = alertUpsert(existingId, alert, {
    columns: sql`status, launched_at, nb_requests, nb_potential_bs, auto_close_at, contact_status`,
    values: sql`2, now(), ${missions.length}, ${total}, now() + make_interval(secs => ${autoCloseSeconds}), 'alertInProgress'`,
  });
  const by = `user:${alert.createdBy}`;
  const [row] = await preparedRowsOf<AlertRow>(
    database,
    sql`WITH a AS (${upsert}),
         q AS (${requestsInsertSql(missions, 0, by)}),
         ev AS (INSERT INTO alert_events (alert_id, kind, actor_type, actor_id, payload)
                SELECT a.id, 'launched', 'user', ${alert.createdBy},
                       jsonb_build_object('nbRequests', ${missions.length}::int, 'nbPotentialBS', ${total}::int,
                                          'aedRunners', ${missions.filter((mission) => mission.mission === 'aed').length}::int)
                  FROM a)${auditCte(audit, sql`a`)}
        ${written}`,
  );
  return row;
}

/** One escalation step as the job found it: the radius it widens, from and to, and who accepted so far. */
export interface EscalationStep {
  alertId: number;
  step: number;
  fromKm: number;
  toKm: number;
  accepted: number;
  firstRank: number;
}

/**
 * Writes an escalation step in one statement: the alert's radius widens from `fromKm` to `toKm`,
 * the missions of the ring become requests marked for their ALERT push messages (written by the
 * push delivery, as a launch's: writeLaunchPushes), and the `escalated`
 * event tells the step. Only while the alert is live, still at `fromKm` and at this step (a job
 * run twice, or an alert closed meanwhile, writes nothing and answers undefined).
 */
export async function writeEscalation(database: Database, step: EscalationStep, missions: Mission[]): Promise<{ nbRequests: number } | undefined> {
  const [row] = await preparedRowsOf<{ nb_requests: number }>(
    database,
    // The ring leaves out every responder the alert has a request for, and steps follow each other
    // (the guard on radius and step), so every mission becomes a request: nb_requests grows by as many.
    sql`WITH a AS (UPDATE alerts SET distance_max = ${step.toKm}::real, nb_requests = nb_requests + ${missions.length}::int, updated_at = now()
                    WHERE id = ${step.alertId} AND status = 2 AND close = 0 AND distance_max = ${step.fromKm}::real
                      AND (SELECT count(*) FROM alert_events WHERE alert_id = ${step.alertId} AND kind = 'escalated') = ${step.step - 1}
                    RETURNING id),
         q AS (${requestsInsertSql(missions, step.firstRank, 'system')}),
         ev AS (INSERT INTO alert_events (alert_id, kind, actor_type, actor_id, payload)
                SELECT a.id, 'escalated', 'system', NULL,
                       jsonb_build_object('step', ${step.step}::int, 'fromKm', ${step.fromKm}::float8, 'toKm', ${step.toKm}::float8, 'accepted', ${step.accepted}::int,
                                          'nbRequests', (SELECT count(*) FROM q)::int, 'aedRunners', (SELECT count(*) FROM q WHERE mission = 'aed')::int)
                  FROM a)
        SELECT (SELECT count(*) FROM q)::int AS nb_requests FROM a`,
  );
  return row ? { nbRequests: row.nb_requests } : undefined;
}
