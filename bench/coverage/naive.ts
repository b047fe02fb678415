import { sql, type SQL } from 'drizzle-orm';
import { metresPerDegree, type CoverageGrid } from '../../contract/coverage.grid';
import type { CoverageBand } from '../../contract/coverage.schemas';
import { rowsOf, type Db } from '../../server/src/db/database';
import { openInBandSql, type CoverageModel } from '../../server/src/modules/coverage/compute';
import { inIds } from '../../server/src/shared/sql-values';

/**
 * The baseline of bench/coverage/run.ts: the first version's computation (reverted, see
 * docs/decisions.md "Coverage-gap map"), one SQL statement per band with grid arithmetic and
 * neighbour searches (each sample and each open AED spread over the cells within reach, the runner
 * of each AED found among the samples of the 3 × 3 blocks around it). Kept here only to measure.
 */

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
export async function naiveCells(db: Db, key: { accountId: number; band: CoverageBand }, siteIds: number[], grid: CoverageGrid, model: CoverageModel): Promise<number> {
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
