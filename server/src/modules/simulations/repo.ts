import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import type { Behaviour, PastAlert } from './engine';

/** The period and accounts a run replays: alerts launched from `from` (inclusive) to `to` (exclusive). */
export interface Period {
  accountIds: number[];
  from: string;
  to: string;
}

const ids = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;
const launchedIn = (period: Period) =>
  sql`a.status IN (2, 3) AND a.launched_at IS NOT NULL AND NOT a.test AND a.debug_mode = 0
      AND a.launched_at >= ${period.from}::timestamptz AND a.launched_at < ${period.to}::timestamptz AND a.id_site = ANY(${ids(period.accountIds)})`;

/**
 * The period's alerts, each with the responders of the position sample taken at or just before its
 * launch (within `sampleWindowMinutes`) and the AEDs available and open at that moment, both within
 * `withinKm` (the widest radius any policy of the run may reach: a lat/lon box, which the engine
 * narrows to each policy's exact radius). An alert with no sample near its launch has no responder.
 */
export async function pastAlerts(db: Db, period: Period, withinKm: number, sampleWindowMinutes: number): Promise<PastAlert[]> {
  const dLat = withinKm / 111.2;
  return rowsOf<PastAlert>(
    db,
    sql`SELECT a.id, a.lat, a.lon, extract(hour FROM a.launched_at AT TIME ZONE 'Europe/Paris')::int AS hour,
               coalesce((SELECT json_agg(json_build_object('id', s.responder_id, 'lat', s.lat, 'lon', s.lon, 'carriesAed', s.carries_aed) ORDER BY s.responder_id)
                           FROM responder_position_samples s
                          WHERE s.sampled_at = (SELECT max(x.sampled_at) FROM responder_position_samples x
                                                 WHERE x.sampled_at <= a.launched_at AND x.sampled_at > a.launched_at - make_interval(mins => ${sampleWindowMinutes}))
                            AND s.lat BETWEEN a.lat - ${dLat} AND a.lat + ${dLat}
                            AND s.lon BETWEEN a.lon - ${dLat} / cos(radians(a.lat)) AND a.lon + ${dLat} / cos(radians(a.lat))), '[]') AS responders,
               coalesce((SELECT json_agg(json_build_object('id', d.id, 'lat', d.lat, 'lon', d.lon) ORDER BY d.id)
                           FROM aeds d
                          WHERE d.deleted_at IS NULL AND d.status = 'available'
                            AND earth_box(ll_to_earth(a.lat, a.lon), ${withinKm * 1000}) @> ll_to_earth(d.lat, d.lon)
                            AND aed_open_at(d.always_opened, d.opening_hours, a.launched_at)), '[]') AS aeds
          FROM alerts a
         WHERE ${launchedIn(period)}
         ORDER BY a.launched_at, a.id`,
  );
}

/**
 * How responders answered the period's alerts: per Europe/Paris hour of the launch, the share of
 * requests accepted (set off or put on stand-by); an hour with fewer than 10 requests takes the
 * period's share. And the median delay from the request to its acceptance (30 s when none).
 */
export async function behaviourOf(db: Db, period: Period): Promise<Behaviour> {
  const rows = await rowsOf<{ hour: number | null; offered: number; accepted: number; median_seconds: number | null }>(
    db,
    sql`WITH q AS (
          SELECT extract(hour FROM a.launched_at AT TIME ZONE 'Europe/Paris')::int AS hour,
                 (r.status_history @> '[{"status": "dispatched"}]' OR r.status_history @> '[{"status": "waiting"}]') AS accepted,
                 extract(epoch FROM ((SELECT min((e->>'at')::timestamptz) FROM jsonb_array_elements(r.status_history) e WHERE e->>'status' IN ('dispatched', 'waiting')) - r.created_at)) AS seconds
            FROM alert_requests r JOIN alerts a ON a.id = r.alert_id
           WHERE ${launchedIn(period)})
        SELECT hour, count(*)::int AS offered, count(*) FILTER (WHERE accepted)::int AS accepted, NULL::float8 AS median_seconds FROM q GROUP BY hour
        UNION ALL
        SELECT NULL, count(*)::int, count(*) FILTER (WHERE accepted)::int, (percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE accepted))::float8 FROM q`,
  );
  const all = rows.find((row) => row.hour === null);
  const overall = all && all.offered > 0 ? all.accepted / all.offered : 0;
  const acceptByHour = Array.from({ length: 24 }, (_, hour) => {
    const row = rows.find((candidate) => candidate.hour === hour);
    return row && row.offered >= 10 ? row.accepted / row.offered : overall;
  });
  return { acceptByHour, acceptSeconds: Math.round(all?.median_seconds ?? 30) };
}

/** A stored run as the database holds it. */
export interface RunRow {
  id: number;
  account_id: number;
  created_by: number | null;
  created_at: Date;
  status: 'queued' | 'running' | 'done' | 'failed';
  params: unknown;
  results: unknown;
  error: string | null;
  finished_at: Date | null;
}

export async function insertRun(db: Db, accountId: number, createdBy: number, params: unknown): Promise<RunRow> {
  const [row] = await rowsOf<RunRow>(db, sql`INSERT INTO simulation_runs (account_id, created_by, params) VALUES (${accountId}, ${createdBy}, ${JSON.stringify(params)}::jsonb) RETURNING *`);
  return row;
}

/** One run, if it belongs to one of `accountIds`. */
export async function findRun(db: Db, runId: number, accountIds: number[] | 'any'): Promise<RunRow | undefined> {
  const scope = accountIds === 'any' ? sql`TRUE` : sql`account_id = ANY(${ids(accountIds)})`;
  const [row] = await rowsOf<RunRow>(db, sql`SELECT * FROM simulation_runs WHERE id = ${runId} AND ${scope}`);
  return row;
}

/** The runs of some accounts, newest first, without their results (the list compares parameters). */
export async function listRuns(db: Db, accountIds: number[], limit: number): Promise<RunRow[]> {
  return rowsOf<RunRow>(
    db,
    sql`SELECT id, account_id, created_by, created_at, status, params, NULL AS results, error, finished_at FROM simulation_runs
         WHERE account_id = ANY(${ids(accountIds)}) ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
}

/** Moves a run on: running (only from queued), then done with its results or failed with the error. */
export async function markRun(db: Db, runId: number, change: { status: 'running' } | { status: 'done'; results: unknown } | { status: 'failed'; error: string }): Promise<boolean> {
  const rows =
    change.status === 'running'
      ? await rowsOf(db, sql`UPDATE simulation_runs SET status = 'running' WHERE id = ${runId} AND status IN ('queued', 'running') RETURNING id`)
      : await rowsOf(
          db,
          sql`UPDATE simulation_runs SET status = ${change.status}, results = ${change.status === 'done' ? JSON.stringify(change.results) : null}::jsonb,
                 error = ${change.status === 'failed' ? change.error : null}, finished_at = now() WHERE id = ${runId} RETURNING id`,
        );
  return rows.length === 1;
}

/** Runs still waiting for their job (queued or cut off mid-run by a stop), oldest first. */
export async function unfinishedRuns(db: Db): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, sql`SELECT id FROM simulation_runs WHERE status IN ('queued', 'running') ORDER BY id LIMIT 100`);
  return rows.map((row) => row.id);
}
