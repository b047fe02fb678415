import { sql, type SQL } from 'drizzle-orm';
import { coarsestLevel, metresPerDegree, type CoverageGrid } from '../../../../contract/coverage.grid';
import type { CoverageBand } from '../../../../contract/coverage.schemas';
import type { AppContext } from '../../context';
import { rowsOf, type Db } from '../../db/database';
import { inIds } from '../../shared/sql-values';
import { alertSettings } from '../alerts/face';
import { sampleSettings } from '../responders/face';
import { coverageSettings } from './settings';

/** The walking model and limits one computation uses. */
export interface CoverageModel {
  cellMetres: number;
  targetSeconds: number;
  /** Straight-line metres a responder walks in `reachSeconds` (twice the target): farther counts as out of reach. */
  reachMetres: number;
  reachSeconds: number;
  /** Straight-line metres to walking seconds (ALERT_DETOUR_FACTOR over ALERT_WALK_SPEED_KMH). */
  secondsPerMetre: number;
  weeks: number;
}

export function coverageModel(ctx: AppContext): CoverageModel {
  const alert = alertSettings(ctx);
  const coverage = coverageSettings(ctx);
  const secondsPerMetre = alert.ALERT_DETOUR_FACTOR / ((alert.ALERT_WALK_SPEED_KMH * 1000) / 3600);
  const targetSeconds = Math.round(coverage.COVERAGE_TARGET_MINUTES * 60);
  return { cellMetres: coverage.COVERAGE_CELL_METRES, targetSeconds, reachSeconds: 2 * targetSeconds, reachMetres: (2 * targetSeconds) / secondsPerMetre, secondsPerMetre, weeks: sampleSettings(ctx).RESPONDER_SAMPLE_WEEKS };
}

/** The representative days of a day type, as ISO weekdays: an AED counts as open when open on each of them. */
export const bandDays = (weekend: boolean) => (weekend ? [6, 7] : [1, 2, 3, 4, 5]);

/**
 * Whether an AED `a` is open throughout the band: its availability is `available` and it is open at
 * half past the hour on every day of the day type (the register's aed_open_at, on the days of a
 * reference week in Europe/Paris time).
 */
export function openInBandSql(band: CoverageBand): SQL {
  return sql`(a.status = 'available' AND (SELECT bool_and(aed_open_at(a.always_opened, a.opening_hours, ((DATE '2026-01-04' + d) + make_time(${band.hour}::int, 30, 0)) AT TIME ZONE 'Europe/Paris'))
                FROM unnest(${`{${bandDays(band.weekend).join(',')}}`}::int[]) AS d))`;
}

interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The bounding box of an account's data (its AEDs and its real alerts, with its sub-accounts'), or null when it has none. */
async function dataBounds(db: Db, siteIds: number[]): Promise<Bounds | null> {
  const [row] = await rowsOf<{ south: number | null; west: number; north: number; east: number }>(
    db,
    sql`SELECT min(lat) AS south, min(lon) AS west, max(lat) AS north, max(lon) AS east FROM (
          SELECT a.lat, a.lon FROM aeds a WHERE ${inIds(sql`a.id_site`, siteIds)} AND a.deleted_at IS NULL
          UNION ALL SELECT a.lat, a.lon FROM alerts a WHERE ${inIds(sql`a.id_site`, siteIds)} AND NOT a.test AND a.launched_at IS NOT NULL) AS p`,
  );
  return row?.south === null || row?.south === undefined ? null : { south: row.south, west: row.west, north: row.north, east: row.east };
}

/** The grid over an area: cells of the setting's size, larger when the area would hold more than COVERAGE_MAX_CELLS. */
export function gridOver(bounds: Bounds, cellMetres: number, maxCells: number): CoverageGrid {
  const metresPerLon = metresPerDegree * Math.cos((((bounds.south + bounds.north) / 2) * Math.PI) / 180);
  const width = Math.max(1, (bounds.east - bounds.west) * metresPerLon);
  const height = Math.max(1, (bounds.north - bounds.south) * metresPerDegree);
  const size = Math.max(cellMetres, Math.ceil(Math.sqrt((width * height) / maxCells)));
  // A cell's margin around the data, so that a point on the edge has its neighbours.
  return { south: bounds.south - size / metresPerDegree, west: bounds.west - size / metresPerLon, cellMetres: size, metresPerLon, cols: Math.ceil(width / size) + 2, rows: Math.ceil(height / size) + 2 };
}

/** x and y in metres from the grid's south-west corner. */
const localX = (grid: CoverageGrid, lon: SQL) => sql`((${lon} - ${grid.west}::float8) * ${grid.metresPerLon}::float8)`;
const localY = (grid: CoverageGrid, lat: SQL) => sql`((${lat} - ${grid.south}::float8) * ${metresPerDegree}::float8)`;

/**
 * Computes the level-0 cells of one account and band into coverage_cells (see docs/decisions.md
 * "Coverage-gap map" for the model). All in one statement, on grid arithmetic rather than a search
 * per cell: each sample and each open AED is spread over the cells within reach of it (at most
 * (2k+1)² offsets), and the responder fetching an AED is found among the samples of the 3 × 3 blocks
 * of reach size around it. Answers the band's sampled instants.
 */
async function computeCells(db: Db, key: { accountId: number; band: CoverageBand }, siteIds: number[], grid: CoverageGrid, model: CoverageModel): Promise<number> {
  const { band } = key;
  const cell = grid.cellMetres;
  const reach = model.reachMetres;
  const k = Math.ceil(reach / cell) + 1;
  const since = sql`now() - make_interval(weeks => ${model.weeks}::int)`;
  const marginLat = reach / metresPerDegree;
  const marginLon = reach / grid.metresPerLon;
  const north = grid.south + (grid.rows * cell) / metresPerDegree;
  const east = grid.west + (grid.cols * cell) / grid.metresPerLon;
  const inArea = (lat: SQL, lon: SQL) =>
    sql`${lat} BETWEEN ${grid.south - marginLat}::float8 AND ${north + marginLat}::float8 AND ${lon} BETWEEN ${grid.west - marginLon}::float8 AND ${east + marginLon}::float8`;
  const centre = { lat: (grid.south + north) / 2, lon: (grid.west + east) / 2 };
  const halfDiagonal = Math.hypot(grid.cols * cell, grid.rows * cell) / 2 + reach;
  const onGrid = sql`p.ix >= 0 AND p.ix < ${grid.cols}::int AND p.iy >= 0 AND p.iy < ${grid.rows}::int`;
  const toCentre = sql`sqrt(((p.ix + 0.5) * ${cell}::float8 - p.x) ^ 2 + ((p.iy + 0.5) * ${cell}::float8 - p.y) ^ 2)`;
  const seconds = (metres: SQL) => sql`round(${metres} * ${model.secondsPerMetre}::float8)::int`;
  const [{ instants }] = await rowsOf<{ instants: number }>(
    db,
    sql`SELECT count(DISTINCT sampled_at)::int AS instants FROM responder_position_samples WHERE weekend = ${band.weekend} AND local_hour = ${band.hour} AND sampled_at >= ${since}`,
  );
  // The median over the band's instants: the ceil(n/2)-th smallest distance, none when fewer instants had one.
  const median = Math.max(1, Math.ceil(instants / 2));
  await db.execute(sql`
    WITH off AS MATERIALIZED (SELECT dx, dy FROM generate_series(${-k}::int, ${k}::int) AS dx, generate_series(${-k}::int, ${k}::int) AS dy),
    s AS MATERIALIZED (
      SELECT s.sampled_at AS t, ${localX(grid, sql`s.lon`)} AS x, ${localY(grid, sql`s.lat`)} AS y
        FROM responder_position_samples s
       WHERE s.weekend = ${band.weekend} AND s.local_hour = ${band.hour} AND s.sampled_at >= ${since} AND ${inArea(sql`s.lat`, sql`s.lon`)}),
    seen AS (
      SELECT p.ix, p.iy, p.t, min(${toCentre}) AS d
        FROM (SELECT floor(s.x / ${cell}::float8)::int + o.dx AS ix, floor(s.y / ${cell}::float8)::int + o.dy AS iy, s.t, s.x, s.y FROM s CROSS JOIN off o) AS p
       WHERE ${onGrid} AND ${toCentre} <= ${reach}::float8
       GROUP BY p.ix, p.iy, p.t),
    responder AS (SELECT ix, iy, (array_agg(d ORDER BY d))[${median}::int] AS d FROM seen GROUP BY ix, iy),
    a AS MATERIALIZED (
      SELECT a.id, ${localX(grid, sql`a.lon`)} AS x, ${localY(grid, sql`a.lat`)} AS y FROM aeds a
       WHERE earth_box(ll_to_earth(${centre.lat}::float8, ${centre.lon}::float8), ${halfDiagonal}::float8) @> ll_to_earth(a.lat, a.lon)
         AND ${inArea(sql`a.lat`, sql`a.lon`)} AND a.deleted_at IS NULL AND ${openInBandSql(band)}),
    nearest_aed AS (
      SELECT DISTINCT ON (p.ix, p.iy) p.ix, p.iy, p.id, ${toCentre} AS d
        FROM (SELECT floor(a.x / ${cell}::float8)::int + o.dx AS ix, floor(a.y / ${cell}::float8)::int + o.dy AS iy, a.id, a.x, a.y FROM a CROSS JOIN off o) AS p
       WHERE ${onGrid} AND ${toCentre} <= ${reach}::float8
       ORDER BY p.ix, p.iy, d, p.id),
    blocks AS MATERIALIZED (SELECT floor(s.x / ${reach}::float8)::int AS bx, floor(s.y / ${reach}::float8)::int AS by, s.t, s.x, s.y FROM s),
    fetched AS MATERIALIZED (SELECT a.id, a.x, a.y FROM a WHERE a.id IN (SELECT id FROM nearest_aed)),
    runner AS (
      SELECT id, (array_agg(d ORDER BY d))[${median}::int] AS d FROM (
        SELECT f.id, b.t, min(sqrt((b.x - f.x) ^ 2 + (b.y - f.y) ^ 2)) AS d
          FROM fetched f CROSS JOIN generate_series(-1, 1) AS ox CROSS JOIN generate_series(-1, 1) AS oy
          JOIN blocks b ON b.bx = floor(f.x / ${reach}::float8)::int + ox AND b.by = floor(f.y / ${reach}::float8)::int + oy
         WHERE sqrt((b.x - f.x) ^ 2 + (b.y - f.y) ^ 2) <= ${reach}::float8
         GROUP BY f.id, b.t) AS per_instant
       GROUP BY id),
    past AS (
      SELECT floor(${localX(grid, sql`a.lon`)} / ${cell}::float8)::int AS ix, floor(${localY(grid, sql`a.lat`)} / ${cell}::float8)::int AS iy, count(*)::int AS n
        FROM alerts a WHERE ${inIds(sql`a.id_site`, siteIds)} AND NOT a.test AND a.launched_at IS NOT NULL
       GROUP BY 1, 2)
    INSERT INTO coverage_cells (account_id, weekend, hour, level, ix, iy, responder_seconds, aed_seconds, aed_id, alerts)
    SELECT ${key.accountId}::int, ${band.weekend}, ${band.hour}::int, 0, c.ix, c.iy, ${seconds(sql`responder.d`)},
           CASE WHEN runner.d IS NOT NULL THEN ${seconds(sql`(runner.d + nearest_aed.d)`)} END, nearest_aed.id, coalesce(past.n, 0)
      FROM (SELECT ix, iy FROM responder UNION SELECT ix, iy FROM nearest_aed UNION SELECT ix, iy FROM past) AS c
      LEFT JOIN responder ON responder.ix = c.ix AND responder.iy = c.iy
      LEFT JOIN nearest_aed ON nearest_aed.ix = c.ix AND nearest_aed.iy = c.iy
      LEFT JOIN runner ON runner.id = nearest_aed.id
      LEFT JOIN past ON past.ix = c.ix AND past.iy = c.iy`);
  return instants;
}

/** The coarser levels of the zoomed-out map: a block shows its best cell's times and all its alerts. */
async function computeLevels(db: Db, key: { accountId: number; band: CoverageBand }): Promise<void> {
  await db.execute(sql`
    INSERT INTO coverage_cells (account_id, weekend, hour, level, ix, iy, responder_seconds, aed_seconds, aed_id, alerts)
    SELECT account_id, weekend, hour, l, ix >> l, iy >> l, min(responder_seconds), min(aed_seconds), NULL, sum(alerts)::int
      FROM coverage_cells CROSS JOIN generate_series(1, ${coarsestLevel}::int) AS l
     WHERE account_id = ${key.accountId} AND weekend = ${key.band.weekend} AND hour = ${key.band.hour} AND level = 0
     GROUP BY account_id, weekend, hour, l, ix >> l, iy >> l`);
}

export interface RankedCell {
  ix: number;
  iy: number;
  alerts: number;
  responderSeconds: number | null;
  aedSeconds: number | null;
}

export interface Candidate {
  ix: number;
  iy: number;
  /** Minutes over the target removed, summed over the past alerts an AED here would serve sooner. */
  gapMinutesRemoved: number;
  alertsHelped: number;
}

const keyOf = (key: { accountId: number; band: CoverageBand }) => sql`account_id = ${key.accountId} AND weekend = ${key.band.weekend} AND hour = ${key.band.hour}`;

/** The gap cells with past alerts, most alerts first, then the slowest. */
async function worstGaps(db: Db, key: { accountId: number; band: CoverageBand }, model: CoverageModel, limit: number): Promise<RankedCell[]> {
  return rowsOf<RankedCell>(
    db,
    sql`SELECT ix, iy, alerts, responder_seconds AS "responderSeconds", aed_seconds AS "aedSeconds" FROM coverage_cells
         WHERE ${keyOf(key)} AND level = 0 AND alerts > 0 AND (aed_seconds IS NULL OR aed_seconds > ${model.targetSeconds}::int)
         ORDER BY alerts DESC, aed_seconds DESC NULLS FIRST, ix, iy LIMIT ${limit}::int`,
  );
}

/**
 * Where one more AED would help most: each cell a responder reaches, ranked by the minutes over the
 * target it would remove from the past alerts of the gap cells within reach, if an AED there were
 * fetched by that cell's responder (its responder time) and brought to them. An AED time out of
 * reach counts as the longest the model gives (twice the reach).
 */
export async function candidates(db: Db, key: { accountId: number; band: CoverageBand }, model: CoverageModel, limit: number): Promise<Candidate[]> {
  const cell = model.cellMetres;
  const k = Math.ceil(model.reachMetres / cell);
  const target = model.targetSeconds;
  return rowsOf<Candidate>(
    db,
    sql`WITH gap AS (
          SELECT ix, iy, alerts, coalesce(aed_seconds, ${2 * model.reachSeconds}::int) AS slow FROM coverage_cells
           WHERE ${keyOf(key)} AND level = 0 AND alerts > 0 AND (aed_seconds IS NULL OR aed_seconds > ${target}::int)),
        via AS (
          SELECT c.ix, c.iy, g.alerts, g.slow, c.responder_seconds + round(sqrt((ox.dx * ${cell}::float8) ^ 2 + (oy.dy * ${cell}::float8) ^ 2) * ${model.secondsPerMetre}::float8)::int AS fast
            FROM gap g CROSS JOIN generate_series(${-k}::int, ${k}::int) AS ox(dx) CROSS JOIN generate_series(${-k}::int, ${k}::int) AS oy(dy)
            JOIN coverage_cells c ON ${keyOf(key)} AND c.level = 0 AND c.ix = g.ix + ox.dx AND c.iy = g.iy + oy.dy AND c.responder_seconds IS NOT NULL
           WHERE sqrt((ox.dx * ${cell}::float8) ^ 2 + (oy.dy * ${cell}::float8) ^ 2) <= ${model.reachMetres}::float8)
        SELECT ix, iy, round(sum(alerts * (slow - greatest(least(slow, fast), ${target}::int)))::numeric / 60, 1)::float8 AS "gapMinutesRemoved",
               sum(alerts) FILTER (WHERE fast < slow)::int AS "alertsHelped"
          FROM via GROUP BY ix, iy
        HAVING sum(alerts * (slow - greatest(least(slow, fast), ${target}::int))) > 0
         ORDER BY sum(alerts * (slow - greatest(least(slow, fast), ${target}::int))) DESC, ix, iy LIMIT ${limit}::int`,
  );
}

/** What a computation keeps beside its cells. */
export interface CoverageSummary {
  instants: number;
  targetSeconds: number;
  cells: number;
  gapCells: number;
  worst: RankedCell[];
  candidates: Candidate[];
}

/** How many of the worst gaps and candidates a computation keeps. */
export const rankedKept = 50;

/**
 * Computes the coverage of an account (with its sub-accounts' data) in a band and replaces its
 * cache: the run's grid and summary, and the cells of every level, in one transaction so that a map
 * read meanwhile sees the previous computation whole.
 */
export async function computeCoverage(ctx: AppContext, key: { accountId: number; band: CoverageBand }, siteIds: number[]): Promise<{ grid: CoverageGrid | null; summary: CoverageSummary }> {
  const model = coverageModel(ctx);
  const bounds = await dataBounds(ctx.database.db, siteIds);
  const grid = bounds ? gridOver(bounds, model.cellMetres, coverageSettings(ctx).COVERAGE_MAX_CELLS) : null;
  const effective = grid ? { ...model, cellMetres: grid.cellMetres } : model;
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM coverage_runs WHERE ${keyOf(key)}`);
    await tx.execute(sql`INSERT INTO coverage_runs (account_id, weekend, hour, grid, summary) VALUES (${key.accountId}, ${key.band.weekend}, ${key.band.hour}, ${JSON.stringify(grid)}::jsonb, '{}'::jsonb)`);
    let summary: CoverageSummary = { instants: 0, targetSeconds: model.targetSeconds, cells: 0, gapCells: 0, worst: [], candidates: [] };
    if (grid) {
      const instants = await computeCells(tx, key, siteIds, grid, effective);
      await computeLevels(tx, key);
      const [counts] = await rowsOf<{ cells: number; gaps: number }>(
        tx,
        sql`SELECT count(*)::int AS cells, (count(*) FILTER (WHERE aed_seconds IS NULL OR aed_seconds > ${model.targetSeconds}::int))::int AS gaps FROM coverage_cells WHERE ${keyOf(key)} AND level = 0`,
      );
      summary = { instants, targetSeconds: model.targetSeconds, cells: counts.cells, gapCells: counts.gaps, worst: await worstGaps(tx, key, effective, rankedKept), candidates: await candidates(tx, key, effective, rankedKept) };
    }
    await tx.execute(sql`UPDATE coverage_runs SET summary = ${JSON.stringify(summary)}::jsonb WHERE ${keyOf(key)}`);
    return { grid, summary };
  });
}
