import { sql } from 'drizzle-orm';
import { coverageErrorKeys } from '../../../../contract/coverage.errors';
import { cellAt, cellCentre, levelFor, type CoverageGrid } from '../../../../contract/coverage.grid';
import type { CoverageBand, CoverageCell, CoverageCellDetail, CoverageCellQuery, CoverageMap, CoverageMapQuery, CoverageQuery, CoverageReason, CoverageSummary } from '../../../../contract/coverage.schemas';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import { AppError } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { isoOf } from '../../shared/sql-values';
import { resolveScope } from '../accounts/face';
import { computeCoverage, coverageModel, openInBandSql, type CoverageSummary as KeptSummary } from './compute';

export interface CoverageKey {
  accountId: number;
  band: CoverageBand;
}

interface RunRow {
  computed_at: Date | string;
  grid: CoverageGrid | null;
  summary: KeptSummary;
}

const keyOf = (key: CoverageKey) => sql`account_id = ${key.accountId} AND weekend = ${key.band.weekend} AND hour = ${key.band.hour}`;

/** The account a question is about (the caller's own by default) and the accounts whose data it covers; another account's is 403. */
async function scopeOf(ctx: AppContext, session: Session, query: CoverageQuery): Promise<{ key: CoverageKey; siteIds: number[] }> {
  const scope = await resolveScope(ctx.database.db, session, query.selectedSite, coverageErrorKeys.siteNotAllowed);
  return { key: { accountId: query.selectedSite ?? session.siteId, band: { weekend: query.weekend, hour: query.hour } }, siteIds: scope.ids };
}

const readRun = async (ctx: AppContext, key: CoverageKey) =>
  (await rowsOf<RunRow>(ctx.database.db, sql`SELECT computed_at, grid, summary FROM coverage_runs WHERE ${keyOf(key)}`))[0] as RunRow | undefined;

const computing = new WeakMap<AppContext, Map<string, Promise<unknown>>>();

/** Computes an account's band now; a second request for the same one on this instance waits for the first. */
export async function refresh(ctx: AppContext, key: CoverageKey, siteIds: number[]): Promise<void> {
  let running = computing.get(ctx);
  if (!running) computing.set(ctx, (running = new Map()));
  const id = `${key.accountId}:${key.band.weekend}:${key.band.hour}`;
  const pending = running.get(id) ?? computeCoverage(ctx, key, siteIds).finally(() => running.delete(id));
  running.set(id, pending);
  await pending;
}

/** The cached computation of an account's band, computed on demand when there is none. */
async function runOf(ctx: AppContext, key: CoverageKey, siteIds: number[]): Promise<RunRow> {
  const kept = await readRun(ctx, key);
  if (kept) return kept;
  await refresh(ctx, key, siteIds);
  return (await readRun(ctx, key))!;
}

/** GET coverage map: the cells of the view at the finest level that keeps them under mapCellsMax. */
export async function coverageMap(ctx: AppContext, session: Session, query: CoverageMapQuery): Promise<CoverageMap> {
  const { key, siteIds } = await scopeOf(ctx, session, query);
  const run = await runOf(ctx, key, siteIds);
  const answer = { computedAt: isoOf(run.computed_at)!, grid: run.grid, targetSeconds: run.summary.targetSeconds, instants: run.summary.instants };
  const grid = run.grid;
  if (!grid) return { ...answer, level: 0, cells: [] };
  const view = { south: query.south ?? -90, west: query.west ?? -180, north: query.north ?? 90, east: query.east ?? 180 };
  const low = cellAt(grid, { lat: view.south, lon: view.west });
  const high = cellAt(grid, { lat: view.north, lon: view.east });
  const ix = [Math.max(0, low.ix), Math.min(grid.cols - 1, high.ix)];
  const iy = [Math.max(0, low.iy), Math.min(grid.rows - 1, high.iy)];
  const level = levelFor(ix[1] - ix[0] + 1, iy[1] - iy[0] + 1);
  if (ix[0] > ix[1] || iy[0] > iy[1]) return { ...answer, level, cells: [] };
  const rows = await rowsOf<{ ix: number; iy: number; r: number | null; a: number | null; n: number }>(
    ctx.database.db,
    sql`SELECT ix, iy, responder_seconds AS r, aed_seconds AS a, alerts AS n FROM coverage_cells
         WHERE ${keyOf(key)} AND level = ${level} AND ix BETWEEN ${ix[0] >> level} AND ${ix[1] >> level} AND iy BETWEEN ${iy[0] >> level} AND ${iy[1] >> level}`,
  );
  return { ...answer, level, cells: rows.map((row): CoverageCell => [row.ix, row.iy, row.r, row.a, row.n]) };
}

/** GET coverage summary: the worst gaps and the candidates, placed at their cells' centres. */
export async function coverageSummary(ctx: AppContext, session: Session, query: CoverageQuery): Promise<CoverageSummary> {
  const { key, siteIds } = await scopeOf(ctx, session, query);
  const run = await runOf(ctx, key, siteIds);
  const { summary, grid } = run;
  const place = <T extends { ix: number; iy: number }>(cell: T) => ({ ...cell, ...(grid ? cellCentre(grid, cell.ix, cell.iy) : { lat: 0, lon: 0 }) });
  return {
    computedAt: isoOf(run.computed_at)!,
    instants: summary.instants,
    targetSeconds: summary.targetSeconds,
    cells: summary.cells,
    gapCells: summary.gapCells,
    worst: summary.worst.map(place),
    candidates: summary.candidates.map(place),
  };
}

/** The candidates for the export, from the summary. */
export async function candidatesOf(ctx: AppContext, session: Session, query: CoverageQuery) {
  return (await coverageSummary(ctx, session, query)).candidates;
}

/**
 * GET a cell's explanation: its times, how many sampled moments had a responder within reach, the
 * nearest AEDs within reach and whether each is open in the band, and the reasons that follow.
 */
export async function coverageCell(ctx: AppContext, session: Session, query: CoverageCellQuery): Promise<CoverageCellDetail> {
  const { key, siteIds } = await scopeOf(ctx, session, query);
  const run = await runOf(ctx, key, siteIds);
  const grid = run.grid;
  const at = grid ? cellAt(grid, query) : undefined;
  if (!grid || !at || at.ix < 0 || at.iy < 0 || at.ix >= grid.cols || at.iy >= grid.rows) throw new AppError(404, coverageErrorKeys.outsideArea);
  const model = coverageModel(ctx);
  const centre = cellCentre(grid, at.ix, at.iy);
  const db = ctx.database.db;
  const point = sql`ll_to_earth(${centre.lat}::float8, ${centre.lon}::float8)`;
  const reach = model.reachMetres;
  const [[cell], [seen], aeds] = await Promise.all([
    rowsOf<{ responder_seconds: number | null; aed_seconds: number | null; aed_id: number | null; alerts: number }>(
      db,
      sql`SELECT responder_seconds, aed_seconds, aed_id, alerts FROM coverage_cells WHERE ${keyOf(key)} AND level = 0 AND ix = ${at.ix} AND iy = ${at.iy}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`SELECT count(DISTINCT s.sampled_at)::int AS n FROM responder_position_samples s
           WHERE s.weekend = ${key.band.weekend} AND s.local_hour = ${key.band.hour} AND s.sampled_at >= now() - make_interval(weeks => ${model.weeks}::int)
             AND s.lat BETWEEN ${centre.lat - reach / 111_000}::float8 AND ${centre.lat + reach / 111_000}::float8
             AND earth_distance(${point}, ll_to_earth(s.lat, s.lon)) <= ${reach}::float8`,
    ),
    // The AED register's index answers the box; the nearest first.
    rowsOf<{ id: number; name: string; distance: number; open: boolean }>(
      db,
      sql`SELECT a.id, a.name, round(earth_distance(${point}, ll_to_earth(a.lat, a.lon)))::int AS distance, ${openInBandSql(key.band)} AS open
            FROM aeds a
           WHERE earth_box(${point}, ${reach}::float8) @> ll_to_earth(a.lat, a.lon) AND earth_distance(${point}, ll_to_earth(a.lat, a.lon)) <= ${reach}::float8
             AND a.deleted_at IS NULL AND a.status <> 'deleted'
           ORDER BY distance, a.id LIMIT 5`,
    ),
  ]);
  const responderSeconds = cell?.responder_seconds ?? null;
  const aedSeconds = cell?.aed_seconds ?? null;
  const gap = aedSeconds === null || aedSeconds > model.targetSeconds;
  const nearestAeds = aeds.map((aed) => ({ id: aed.id, name: aed.name, distance: aed.distance, openInBand: aed.open }));
  const fetched = cell?.aed_id ? (nearestAeds.find((aed) => aed.id === cell.aed_id) ?? null) : null;
  const reasons: CoverageReason[] = [];
  if (seen.n === 0) reasons.push('noResponderSeen');
  else if (responderSeconds === null) reasons.push('respondersRarelyNear');
  if (nearestAeds.length === 0) reasons.push('noAedInReach');
  else if (!nearestAeds[0].openInBand) reasons.push('nearestAedsClosed');
  if (gap && aedSeconds !== null) reasons.push('aedTooFar');
  return {
    ...at,
    ...centre,
    responderSeconds,
    aedSeconds,
    alerts: cell?.alerts ?? 0,
    gap,
    instants: run.summary.instants,
    instantsWithResponder: seen.n,
    fetchedAed: fetched,
    nearestAeds,
    reasons,
  };
}

/** The oldest cached computations, for the refresh job: older than `hours`, at most `limit`. */
export async function staleRuns(ctx: AppContext, hours: number, limit: number): Promise<CoverageKey[]> {
  const rows = await rowsOf<{ account_id: number; weekend: boolean; hour: number }>(
    ctx.database.db,
    sql`SELECT account_id, weekend, hour FROM coverage_runs WHERE computed_at < now() - make_interval(secs => ${hours * 3600}::float8) ORDER BY computed_at LIMIT ${limit}::int`,
  );
  return rows.map((row) => ({ accountId: row.account_id, band: { weekend: row.weekend, hour: row.hour } }));
}
