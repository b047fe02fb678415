import { sql } from 'drizzle-orm';
import { busyStatuses } from '../../../../contract/charts/responder-request.chart';
import type { RegisterBody } from '../../../../contract/responder.schemas';
import { rowsOf, statement, type Database, type Db } from '../../db/database';

/** Inserts a responder and returns its id. */
export async function insertResponder(db: Db, responder: RegisterBody['responder'], options: { accountStatus: string; isBot?: boolean; idSite?: number | null }): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO responders (id_site, first_name, last_name, email, phone, age, gender, trained_status, skill, skill_speciality, carries_aed, account_status, language, is_bot)
        VALUES (${options.idSite ?? null}, ${responder.firstName}, ${responder.lastName}, ${responder.email}, ${responder.phone}, ${responder.age ?? null},
                ${responder.gender ?? null}, ${responder.trainedStatus}, ${responder.skill ?? null}, ${responder.skillSpeciality ?? null}, ${responder.carriesAed},
                ${options.accountStatus}, ${responder.language}, ${options.isBot ?? false})
        RETURNING id`,
  );
  return row.id;
}

/** Adds a device, or replaces the token and push data of the responder's device with that udid. */
export async function upsertDevice(db: Db, responderId: number, device: RegisterBody['device'], tokenHash: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO responder_devices (responder_id, os, push_token, build_version, udid, token_hash, last_seen_at)
        VALUES (${responderId}, ${device.os}, ${device.pushToken ?? null}, ${device.buildVersion ?? null}, ${device.udid}, ${tokenHash}, now())
        ON CONFLICT (responder_id, udid) DO UPDATE SET os = excluded.os, push_token = excluded.push_token, build_version = excluded.build_version,
          token_hash = excluded.token_hash, active = true, last_seen_at = now()
        RETURNING id`,
  );
  return row.id;
}

/** Gives a device a new token hash; the old token stops working at once. */
export async function replaceToken(db: Db, deviceId: number, tokenHash: string): Promise<void> {
  await db.execute(sql`UPDATE responder_devices SET token_hash = ${tokenHash} WHERE id = ${deviceId}`);
}

export interface DeviceRow {
  id: number;
  os: 'ios' | 'android' | 'web';
  push_token: string | null;
  build_version: string | null;
  udid: string;
}

/** Changes the push token, OS or build version of a device. */
export async function updateDevice(db: Db, deviceId: number, fields: { os?: string; pushToken?: string; buildVersion?: string }): Promise<DeviceRow> {
  const [row] = await rowsOf<DeviceRow>(
    db,
    sql`UPDATE responder_devices SET os = coalesce(${fields.os ?? null}, os), push_token = coalesce(${fields.pushToken ?? null}, push_token),
          build_version = coalesce(${fields.buildVersion ?? null}, build_version)
        WHERE id = ${deviceId} RETURNING id, os, push_token, build_version, udid`,
  );
  return row;
}

export interface PositionReport {
  responderId: number;
  lat: number;
  lon: number;
  accuracy?: number;
  available?: boolean;
}

/** A responder's stored position after a report, with the open alerts they are engaged or on stand-by on. */
export interface WrittenPosition {
  responderId: number;
  accountStatus: 'activated' | 'refused' | 'waiting';
  available: boolean;
  lat: number;
  lon: number;
  reportedAt: Date;
  engagedOn: { alertId: number; idSite: number }[];
}

const busy = sql.raw(busyStatuses.map((status) => `'${status}'`).join(', '));
const arrayOf = (values: unknown[], type: string) => sql`${`{${values.map((value) => (value === undefined || value === null ? 'NULL' : String(value))).join(',')}}`}::${sql.raw(type)}[]`;

const busyList = busyStatuses.map((status) => `'${status}'`).join(', ');

/**
 * A batch's update, prepared once (on both engines): the planning of a statement that updates,
 * inserts and reads the answer in one cost more than its work. It only updates: a responder's
 * first report goes through upsertPositions. The position's earth point (and its GiST entry) is
 * left as it is when the report did not move, so that a phone at rest rewrites no index entry
 * (a HOT update). The answer is one row whatever the batch's size (a row per report cost more to
 * read than to write): the time, the availability of the responders written ('t'/'f', in the order
 * of their ids), their ids only when some were not written (first reports), the account status of those not activated (the row's `activated` follows it,
 * migration 0012), and `responder:alert:site` for each open alert a responder is engaged or on
 * stand-by on.
 */
const updateText = (relaxedCommit: boolean) => `
  WITH ${relaxedCommit ? "relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting)," : ''}
  u AS (
    UPDATE responder_positions p SET lat = v.lat, lon = v.lon,
           earth = CASE WHEN p.lat = v.lat AND p.lon = v.lon THEN p.earth ELSE ll_to_earth(v.lat, v.lon) END,
           accuracy = v.accuracy, available = coalesce(v.available, p.available), reported_at = now()
      FROM ${relaxedCommit ? 'relaxed, ' : ''}unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::boolean[]) AS v(responder_id, lat, lon, accuracy, available)
     WHERE p.responder_id = v.responder_id
    RETURNING p.responder_id, p.available, p.activated
  )
  SELECT (extract(epoch FROM now()) * 1000)::float8 AS t,
         CASE WHEN count(*) < cardinality($1::int[]) THEN array_agg(u.responder_id ORDER BY u.responder_id) END AS r,
         string_agg(CASE WHEN u.available THEN 't' ELSE 'f' END, '' ORDER BY u.responder_id) AS a,
         array_agg(u.responder_id) FILTER (WHERE NOT u.activated) AS n,
         array_agg((SELECT s.account_status FROM responders s WHERE s.id = u.responder_id)) FILTER (WHERE NOT u.activated) AS s,
         (SELECT string_agg(q.responder_id || ':' || q.alert_id || ':' || a.id_site, ',') FROM u w JOIN alert_requests q ON q.responder_id = w.responder_id
            JOIN alerts a ON a.id = q.alert_id WHERE q.alert_open AND q.status IN (${busyList})) AS e
    FROM u`;
const updates = { relaxed: statement(updateText(true), { embeddedPrepared: true }), plain: statement(updateText(false), { embeddedPrepared: true }) };

interface UpdatedBatch {
  t: number;
  /** The ids written, only when some of the batch's were not. */
  r: number[] | null;
  a: string | null;
  n: number[] | null;
  s: WrittenPosition['accountStatus'][] | null;
  e: string | null;
}

/**
 * Stores the last known positions (and availability when given) of responders, one report each,
 * in one statement: the rows that exist are updated (no per-row insert trigger then), the first
 * report of a responder inserts (a second statement). Answers what each responder's app is told
 * back, by responder.
 *
 * `relaxedCommit` (PostgreSQL): the commit does not wait for the WAL flush; a crash of the database
 * server itself within its WAL writer's next round (a fraction of a second) may lose these
 * positions, which the next reports replace anyway. Never on the embedded engine (alerts/writes.ts).
 */
export async function writePositions(database: Database, reports: PositionReport[], options: { relaxedCommit?: boolean } = {}): Promise<Map<number, WrittenPosition>> {
  let ids = '';
  let lats = '';
  let lons = '';
  let accuracies = '';
  let availables = '';
  // In the order of the ids, as the answer's availabilities come (a batch comes sorted already).
  const sorted = reports.every((report, index) => index === 0 || reports[index - 1].responderId < report.responderId) ? reports : [...reports].sort((a, b) => a.responderId - b.responderId);
  const reported = new Map<number, PositionReport>();
  for (const report of sorted) {
    const comma = ids ? ',' : '';
    ids += `${comma}${report.responderId}`;
    lats += `${comma}${report.lat}`;
    lons += `${comma}${report.lon}`;
    accuracies += `${comma}${report.accuracy ?? 'NULL'}`;
    availables += `${comma}${report.available ?? 'NULL'}`;
    reported.set(report.responderId, report);
  }
  const [batch] = await database.run<UpdatedBatch>(options.relaxedCommit ? updates.relaxed : updates.plain, [`{${ids}}`, `{${lats}}`, `{${lons}}`, `{${accuracies}}`, `{${availables}}`]);
  const written = new Map<number, WrittenPosition>();
  const reportedAt = new Date(batch.t);
  const statuses = new Map(batch.n?.map((id, index) => [id, batch.s![index]]));
  (batch.r ?? (batch.a ? sorted.map((report) => report.responderId) : [])).forEach((responderId, index) => {
    const { lat, lon } = reported.get(responderId)!;
    written.set(responderId, { responderId, accountStatus: statuses.get(responderId) ?? 'activated', available: batch.a![index] === 't', lat, lon, reportedAt, engagedOn: [] });
  });
  for (const engaged of batch.e ? batch.e.split(',') : []) {
    const [responderId, alertId, idSite] = engaged.split(':').map(Number);
    const position = written.get(responderId)!;
    if (!position.engagedOn.some((known) => known.alertId === alertId)) position.engagedOn.push({ alertId, idSite });
  }
  if (written.size < reports.length) {
    for (const position of await upsertPositions(database.db, reports.filter((report) => !written.has(report.responderId)), options)) written.set(position.responderId, position);
  }
  return written;
}

/**
 * Stores positions whether or not their rows exist (a responder's first report inserts), in one
 * statement; see writePositions.
 */
async function upsertPositions(db: Db, reports: PositionReport[], options: { relaxedCommit?: boolean } = {}): Promise<WrittenPosition[]> {
  // Few and plain columns: a batch's answer is parsed for every report under load.
  const rows = await rowsOf<{ responder_id: number; account_status: WrittenPosition['accountStatus']; available: boolean; reported_ms: number; engaged_on: WrittenPosition['engagedOn'] | null }>(
    db,
    sql`WITH relaxed AS (SELECT set_config('synchronous_commit', ${options.relaxedCommit ? 'off' : 'on'}, true) AS setting),
        v AS (
          SELECT v.* FROM relaxed, unnest(${arrayOf(reports.map((report) => report.responderId), 'int')}, ${arrayOf(reports.map((report) => report.lat), 'float8')},
                               ${arrayOf(reports.map((report) => report.lon), 'float8')}, ${arrayOf(reports.map((report) => report.accuracy), 'float8')},
                               ${arrayOf(reports.map((report) => report.available), 'boolean')}) AS v(responder_id, lat, lon, accuracy, available)
        ), updated AS (
          UPDATE responder_positions p SET lat = v.lat, lon = v.lon, earth = ll_to_earth(v.lat, v.lon), accuracy = v.accuracy,
                 available = coalesce(v.available, p.available), reported_at = now()
            FROM v WHERE p.responder_id = v.responder_id
          RETURNING p.responder_id, p.available
        ), inserted AS (
          INSERT INTO responder_positions AS p (responder_id, lat, lon, earth, accuracy, available, reported_at)
          SELECT v.responder_id, v.lat, v.lon, ll_to_earth(v.lat, v.lon), v.accuracy, coalesce(v.available, true), now()
            FROM v WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u.responder_id = v.responder_id)
          ON CONFLICT (responder_id) DO UPDATE SET lat = excluded.lat, lon = excluded.lon, earth = excluded.earth, accuracy = excluded.accuracy,
             available = excluded.available, reported_at = excluded.reported_at
          RETURNING p.responder_id, p.available
        )
        SELECT w.responder_id, r.account_status, w.available, (extract(epoch FROM now()) * 1000)::float8 AS reported_ms,
               (SELECT json_agg(DISTINCT jsonb_build_object('alertId', q.alert_id, 'idSite', a.id_site)) FROM alert_requests q JOIN alerts a ON a.id = q.alert_id
                 WHERE q.responder_id = w.responder_id AND q.alert_open AND q.status IN (${busy})) AS engaged_on
          FROM (SELECT * FROM updated UNION ALL SELECT * FROM inserted) w JOIN responders r ON r.id = w.responder_id`,
  );
  const reported = new Map(reports.map((report) => [report.responderId, report]));
  return rows.map((row) => {
    const { lat, lon } = reported.get(row.responder_id)!;
    return { responderId: row.responder_id, accountStatus: row.account_status, available: row.available, lat, lon, reportedAt: new Date(row.reported_ms), engagedOn: row.engaged_on ?? [] };
  });
}

/** Stores one responder's last known position (and availability when given). */
export async function upsertPosition(db: Db, responderId: number, position: Omit<PositionReport, 'responderId'>): Promise<void> {
  await upsertPositions(db, [{ responderId, ...position }]);
}

/** Sets availability; false when the responder has never reported a position (nothing to change then). */
export async function setAvailability(db: Db, responderId: number, available: boolean): Promise<boolean> {
  const rows = await rowsOf<{ responder_id: number }>(db, sql`UPDATE responder_positions SET available = ${available} WHERE responder_id = ${responderId} RETURNING responder_id`);
  return rows.length === 1;
}

export interface ResponderStateRow {
  id: number;
  account_status: 'activated' | 'refused' | 'waiting';
  trained_status: string;
  available: boolean | null;
  lat: number | null;
  lon: number | null;
  reported_at: Date | null;
}

/** A responder with its last position. */
export async function responderState(db: Db, responderId: number): Promise<ResponderStateRow | undefined> {
  const [row] = await rowsOf<ResponderStateRow>(
    db,
    sql`SELECT r.id, r.account_status, r.trained_status, p.available, p.lat, p.lon, p.reported_at
          FROM responders r LEFT JOIN responder_positions p ON p.responder_id = r.id WHERE r.id = ${responderId}`,
  );
  return row;
}
