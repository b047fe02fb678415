import { sql, type SQL } from 'drizzle-orm';
import { coarsestLevel, metresPerDegree, type CoverageGrid } from '../../../../contract/coverage.grid';
import type { CoverageBand } from '../../../../contract/coverage.schemas';
import type { AppContext } from '../../context';
import { rowsOf, type Db } from '../../db/database';
import { inIds } from '../../shared/sql-values';
import { alertSettings } from '../alerts/face';
import { sampleSettings } from '../responders/face';
import { coverageSettings } from './settings';
import { Entries, GridTransform, rankedPerCell, sourcesOf } from './transform';

/** The walking model and limits one computation uses. */
export interface CoverageModel {
  cellMetres: number;
  targetSeconds: number;
  /**
   * Straight-line metres a responder walks in `reachSeconds` (twice the target): a responder farther
   * from a cell, or a runner farther from an AED, counts as out of reach, and so does an AED time
   * past twice that.
   */
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
export async function dataBounds(db: Db, siteIds: number[]): Promise<Bounds | null> {
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

/** What one computation reads: the band's sampled moments and the open AEDs, in grid metres. */
export interface CoverageInputs {
  grid: CoverageGrid;
  model: CoverageModel;
  /** Per sampled moment of the band, the available responders' positions as x, y pairs (empty when none in the area). */
  moments: Float64Array[];
  /** AEDs open throughout the band: their ids and x, y pairs. */
  aedIds: Int32Array;
  aedPoints: Float64Array;
  /** Every AED of the area, open or not: the cells within reach of one are the area's, at every hour. */
  anyAedPoints?: Float64Array;
  /** Past alerts as x, y pairs. */
  alertPoints: Float64Array;
}

/** Level-0 cells: parallel arrays, one entry per cell that a responder or an open AED reaches or that had an alert. */
export interface CellTable {
  ix: Int32Array;
  iy: Int32Array;
  /** Null: out of reach at the median moment. */
  responderSeconds: (number | null)[];
  aedSeconds: (number | null)[];
  aedId: (number | null)[];
  alerts: Int32Array;
}

/**
 * The cells of one account and band, as grid distance transforms (docs/decisions.md
 * "Coverage-gap map"; the bound of the method in transform.ts). Per sampled moment: the nearest
 * responder of every cell (a transform seeded at the responders), the runner of every open AED (the
 * nearest responder to the AED itself, looked up among the labels around its cell, within reach) and
 * the AED time of every cell, min over AEDs of runner + AED → cell (a second transform seeded at the
 * AEDs with their runner's metres), out of reach past twice the reach. A cell's figure is its median
 * over the moments, a moment with nothing within reach counting as out of reach. No SQL per cell:
 * typed arrays only.
 */
export function coverageCells(inputs: CoverageInputs, profile?: Record<string, number>): CellTable {
  let mark = performance.now();
  const lap = (name: string) => {
    if (!profile) return;
    const now = performance.now();
    profile[name] = (profile[name] ?? 0) + now - mark;
    mark = now;
  };
  const { grid, model } = inputs;
  const { cols, rows, cellMetres: cell } = grid;
  const cellCount = cols * rows;
  const reach = model.reachMetres;
  const cutoff = reach * 1.09 + 2 * cell;
  const aedCutoff = 2 * reach * 1.09 + 2 * cell;
  const responders = new GridTransform(cols, rows, cell);
  const aeds = new GridTransform(cols, rows, cell);
  const responderEntries = new Entries();
  const aedEntries = new Entries();
  const aedCount = inputs.aedIds.length;
  const runner = new Float64Array(aedCount);
  const runnable = new Int32Array(aedCount);
  const seeds = { x: new Float64Array(aedCount), y: new Float64Array(aedCount), w: new Float64Array(aedCount), n: 0 };
  for (const positions of inputs.moments) {
    const count = positions.length / 2;
    if (count === 0) continue;
    const people = sourcesOf(positions, count);
    lap('other');
    responders.run(people, cutoff);
    lap('responderTransform');
    for (let index = 0; index < responders.reached; index++) {
      const at = responders.touched[index];
      const ix = at % cols;
      const d = responders.distance(responders.label[at], ix, (at - ix) / cols);
      if (d <= reach) responderEntries.add(at, d, responders.label[at]);
    }
    // Each open AED's runner: the nearest responder among the labels of its cell and the 8 around.
    seeds.n = 0;
    for (let aed = 0; aed < aedCount; aed++) {
      const ax = inputs.aedPoints[2 * aed];
      const ay = inputs.aedPoints[2 * aed + 1];
      const ix = Math.min(cols - 1, Math.max(0, Math.floor(ax / cell)));
      const iy = Math.min(rows - 1, Math.max(0, Math.floor(ay / cell)));
      let best = Infinity;
      for (let y = Math.max(0, iy - 1); y <= Math.min(rows - 1, iy + 1); y++) {
        for (let x = Math.max(0, ix - 1); x <= Math.min(cols - 1, ix + 1); x++) {
          const person = responders.label[y * cols + x];
          if (person < 0) continue;
          const d = Math.sqrt((people.x[person] - ax) ** 2 + (people.y[person] - ay) ** 2);
          if (d < best) best = d;
        }
      }
      if (best > reach) continue;
      runner[seeds.n] = best;
      runnable[seeds.n] = aed;
      seeds.x[seeds.n] = ax;
      seeds.y[seeds.n] = ay;
      seeds.w[seeds.n++] = best;
    }
    lap('runners');
    aeds.run(seeds, aedCutoff);
    lap('aedTransform');
    for (let index = 0; index < aeds.reached; index++) {
      const at = aeds.touched[index];
      if (aeds.value[at] <= 2 * reach) aedEntries.add(at, aeds.value[at], runnable[aeds.label[at]]);
    }
  }
  lap('other');
  const rank = Math.max(1, Math.ceil(inputs.moments.length / 2));
  const responderMedian = rankedPerCell(responderEntries, cellCount, rank);
  const aedMedian = rankedPerCell(aedEntries, cellCount, rank);

  lap('medians');
  // The cells kept: reached by a responder or an AED time at some moment, within reach of an AED
  // (open or not: a cell near an AED closed at that hour is kept, as a gap), or with past alerts.
  const kept = new Uint8Array(cellCount);
  for (let index = 0; index < responderEntries.size; index++) kept[responderEntries.cells[index]] = 1;
  for (let index = 0; index < aedEntries.size; index++) kept[aedEntries.cells[index]] = 1;
  const allAeds = new GridTransform(cols, rows, cell);
  const anyAed = inputs.anyAedPoints ?? inputs.aedPoints;
  allAeds.run(sourcesOf(anyAed, anyAed.length / 2), cutoff);
  for (let index = 0; index < allAeds.reached; index++) {
    const at = allAeds.touched[index];
    if (allAeds.value[at] <= reach) kept[at] = 1;
  }
  const alerts = new Int32Array(cellCount);
  for (let index = 0; index < inputs.alertPoints.length / 2; index++) {
    const ix = Math.floor(inputs.alertPoints[2 * index] / cell);
    const iy = Math.floor(inputs.alertPoints[2 * index + 1] / cell);
    if (ix < 0 || iy < 0 || ix >= cols || iy >= rows) continue;
    alerts[iy * cols + ix] += 1;
    kept[iy * cols + ix] = 1;
  }
  const table: CellTable = { ix: new Int32Array(0), iy: new Int32Array(0), responderSeconds: [], aedSeconds: [], aedId: [], alerts: new Int32Array(0) };
  const ixs: number[] = [];
  const iys: number[] = [];
  const counts: number[] = [];
  const seconds = (metres: number) => (Number.isNaN(metres) ? null : Math.round(metres * model.secondsPerMetre));
  for (let at = 0; at < cellCount; at++) {
    if (!kept[at]) continue;
    const ix = at % cols;
    ixs.push(ix);
    iys.push((at - ix) / cols);
    counts.push(alerts[at]);
    table.responderSeconds.push(seconds(responderMedian.metres[at]));
    const aedSeconds = seconds(aedMedian.metres[at]);
    table.aedSeconds.push(aedSeconds);
    table.aedId.push(aedSeconds === null ? null : inputs.aedIds[aedMedian.source[at]]);
  }
  table.ix = Int32Array.from(ixs);
  table.iy = Int32Array.from(iys);
  table.alerts = Int32Array.from(counts);
  lap('table');
  return table;
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

const isGapAt = (aedSeconds: number | null, model: CoverageModel) => aedSeconds === null || aedSeconds > model.targetSeconds;

/** The gap cells with past alerts, most alerts first, then the slowest (out of reach first). */
export function worstGaps(table: CellTable, model: CoverageModel, limit: number): RankedCell[] {
  const gaps: RankedCell[] = [];
  for (let index = 0; index < table.ix.length; index++) {
    if (table.alerts[index] > 0 && isGapAt(table.aedSeconds[index], model)) {
      gaps.push({ ix: table.ix[index], iy: table.iy[index], alerts: table.alerts[index], responderSeconds: table.responderSeconds[index], aedSeconds: table.aedSeconds[index] });
    }
  }
  const slowness = (cell: RankedCell) => (cell.aedSeconds === null ? Infinity : cell.aedSeconds);
  gaps.sort((a, b) => b.alerts - a.alerts || slowness(b) - slowness(a) || a.ix - b.ix || a.iy - b.iy);
  return gaps.slice(0, limit);
}

/**
 * Where one more AED would help most: each cell a responder reaches, ranked by the minutes over the
 * target it would remove from the past alerts of the gap cells within reach, if an AED there were
 * fetched by that cell's responder (its responder time) and brought to them. An AED time out of
 * reach counts as the longest the model gives (twice the reach).
 */
export function candidates(table: CellTable, grid: CoverageGrid, model: CoverageModel, limit: number): Candidate[] {
  const cell = grid.cellMetres;
  const k = Math.ceil(model.reachMetres / cell);
  const target = model.targetSeconds;
  const index = new Map<number, number>();
  for (let at = 0; at < table.ix.length; at++) index.set(table.iy[at] * grid.cols + table.ix[at], at);
  const removed = new Map<number, { seconds: number; helped: number }>();
  for (let gap = 0; gap < table.ix.length; gap++) {
    const alerts = table.alerts[gap];
    if (alerts === 0 || !isGapAt(table.aedSeconds[gap], model)) continue;
    const slow = table.aedSeconds[gap] ?? 2 * model.reachSeconds;
    for (let dy = -k; dy <= k; dy++) {
      for (let dx = -k; dx <= k; dx++) {
        const metres = Math.sqrt((dx * cell) ** 2 + (dy * cell) ** 2);
        if (metres > model.reachMetres) continue;
        const ix = table.ix[gap] + dx;
        const iy = table.iy[gap] + dy;
        if (ix < 0 || iy < 0 || ix >= grid.cols || iy >= grid.rows) continue;
        const at = index.get(iy * grid.cols + ix);
        const responder = at === undefined ? null : table.responderSeconds[at];
        if (responder === null) continue;
        const fast = responder + Math.round(metres * model.secondsPerMetre);
        const gain = alerts * (slow - Math.max(Math.min(slow, fast), target));
        const kept = removed.get(iy * grid.cols + ix) ?? { seconds: 0, helped: 0 };
        kept.seconds += gain;
        if (fast < slow) kept.helped += alerts;
        removed.set(iy * grid.cols + ix, kept);
      }
    }
  }
  return [...removed.entries()]
    .filter(([, kept]) => kept.seconds > 0)
    .map(([at, kept]) => ({ ix: at % grid.cols, iy: Math.floor(at / grid.cols), seconds: kept.seconds, alertsHelped: kept.helped }))
    .sort((a, b) => b.seconds - a.seconds || a.ix - b.ix || a.iy - b.iy)
    .slice(0, limit)
    .map(({ ix, iy, seconds, alertsHelped }) => ({ ix, iy, gapMinutesRemoved: Math.round((seconds / 60) * 10) / 10, alertsHelped }));
}

/** The coarser levels of the zoomed-out map: a block shows its best cell's times and all its alerts. */
function coarserLevels(table: CellTable): { level: number; ix: number; iy: number; responderSeconds: number | null; aedSeconds: number | null; alerts: number }[] {
  const blocks = new Map<string, { level: number; ix: number; iy: number; responderSeconds: number | null; aedSeconds: number | null; alerts: number }>();
  const least = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  for (let level = 1; level <= coarsestLevel; level++) {
    for (let at = 0; at < table.ix.length; at++) {
      const ix = table.ix[at] >> level;
      const iy = table.iy[at] >> level;
      const id = `${level}:${ix}:${iy}`;
      const block = blocks.get(id);
      if (!block) blocks.set(id, { level, ix, iy, responderSeconds: table.responderSeconds[at], aedSeconds: table.aedSeconds[at], alerts: table.alerts[at] });
      else {
        block.responderSeconds = least(block.responderSeconds, table.responderSeconds[at]);
        block.aedSeconds = least(block.aedSeconds, table.aedSeconds[at]);
        block.alerts += table.alerts[at];
      }
    }
  }
  return [...blocks.values()];
}

/** A Postgres array literal of integers (null as NULL), one parameter for unnest. */
const intArray = (values: ArrayLike<number | null>) => sql`${`{${Array.from(values, (value) => (value === null ? 'NULL' : String(value))).join(',')}}`}::int[]`;

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

/** Rows written per statement. */
const chunk = 50_000;

/** The band's sampled moments, the open AEDs and the past alerts, in grid metres: three reads. */
export async function readInputs(db: Db, band: CoverageBand, siteIds: number[], grid: CoverageGrid, model: CoverageModel): Promise<CoverageInputs> {
  const reach = model.reachMetres;
  const marginLat = reach / metresPerDegree;
  const marginLon = reach / grid.metresPerLon;
  const north = grid.south + (grid.rows * grid.cellMetres) / metresPerDegree;
  const east = grid.west + (grid.cols * grid.cellMetres) / grid.metresPerLon;
  const inArea = (lat: SQL, lon: SQL) =>
    sql`${lat} BETWEEN ${grid.south - marginLat}::float8 AND ${north + marginLat}::float8 AND ${lon} BETWEEN ${grid.west - marginLon}::float8 AND ${east + marginLon}::float8`;
  const centre = { lat: (grid.south + north) / 2, lon: (grid.west + east) / 2 };
  const halfDiagonal = Math.hypot(grid.cols * grid.cellMetres, grid.rows * grid.cellMetres) / 2 + reach;
  const toPoints = (lats: number[], lons: number[]) => {
    const points = new Float64Array(lats.length * 2);
    for (let index = 0; index < lats.length; index++) {
      points[2 * index] = (lons[index] - grid.west) * grid.metresPerLon;
      points[2 * index + 1] = (lats[index] - grid.south) * metresPerDegree;
    }
    return points;
  };
  const [moments, aeds, alerts] = await Promise.all([
    // Every sampled moment of the band counts (the median's denominator), even one with nobody in the area.
    rowsOf<{ lats: number[] | null; lons: number[] | null }>(
      db,
      sql`SELECT array_agg(s.lat ORDER BY s.responder_id) FILTER (WHERE ${inArea(sql`s.lat`, sql`s.lon`)}) AS lats,
                 array_agg(s.lon ORDER BY s.responder_id) FILTER (WHERE ${inArea(sql`s.lat`, sql`s.lon`)}) AS lons
            FROM responder_position_samples s
           WHERE s.weekend = ${band.weekend} AND s.local_hour = ${band.hour} AND s.sampled_at >= now() - make_interval(weeks => ${model.weeks}::int)
           GROUP BY s.sampled_at ORDER BY s.sampled_at`,
    ),
    rowsOf<{ id: number; lat: number; lon: number; open: boolean }>(
      db,
      sql`SELECT a.id, a.lat, a.lon, ${openInBandSql(band)} AS open FROM aeds a
           WHERE earth_box(ll_to_earth(${centre.lat}::float8, ${centre.lon}::float8), ${halfDiagonal}::float8) @> ll_to_earth(a.lat, a.lon)
             AND ${inArea(sql`a.lat`, sql`a.lon`)} AND a.deleted_at IS NULL AND a.status <> 'deleted'
           ORDER BY a.id`,
    ),
    rowsOf<{ lat: number; lon: number }>(db, sql`SELECT a.lat, a.lon FROM alerts a WHERE ${inIds(sql`a.id_site`, siteIds)} AND NOT a.test AND a.launched_at IS NOT NULL`),
  ]);
  const open = aeds.filter((aed) => aed.open);
  return {
    grid,
    model,
    moments: moments.map((moment) => (moment.lats && moment.lons ? toPoints(moment.lats, moment.lons) : new Float64Array(0))),
    aedIds: Int32Array.from(open.map((aed) => aed.id)),
    aedPoints: toPoints(
      open.map((aed) => aed.lat),
      open.map((aed) => aed.lon),
    ),
    anyAedPoints: toPoints(
      aeds.map((aed) => aed.lat),
      aeds.map((aed) => aed.lon),
    ),
    alertPoints: toPoints(
      alerts.map((alert) => alert.lat),
      alerts.map((alert) => alert.lon),
    ),
  };
}

/**
 * Computes the coverage of an account (with its sub-accounts' data) in a band and replaces its
 * cache: three reads, the transforms in memory, then the run's grid and summary and the cells of
 * every level written in one transaction, so that a map read meanwhile sees the previous
 * computation whole. Runs in the refresh job, never in a request.
 */
export async function computeCoverage(
  ctx: AppContext,
  key: { accountId: number; band: CoverageBand },
  siteIds: number[],
): Promise<{ grid: CoverageGrid | null; summary: CoverageSummary; phases: { readMs: number; transformMs: number; writeMs: number } }> {
  const model = coverageModel(ctx);
  const db = ctx.database.db;
  const bounds = await dataBounds(db, siteIds);
  const grid = bounds ? gridOver(bounds, model.cellMetres, coverageSettings(ctx).COVERAGE_MAX_CELLS) : null;
  const effective = grid ? { ...model, cellMetres: grid.cellMetres } : model;
  let summary: CoverageSummary = { instants: 0, targetSeconds: model.targetSeconds, cells: 0, gapCells: 0, worst: [], candidates: [] };
  let table: CellTable | null = null;
  const phases = { readMs: 0, transformMs: 0, writeMs: 0 };
  let started = performance.now();
  if (grid) {
    const inputs = await readInputs(db, key.band, siteIds, grid, effective);
    phases.readMs = Math.round(performance.now() - started);
    started = performance.now();
    table = coverageCells(inputs);
    let gapCells = 0;
    for (const seconds of table.aedSeconds) if (isGapAt(seconds, effective)) gapCells += 1;
    summary = { instants: inputs.moments.length, targetSeconds: model.targetSeconds, cells: table.ix.length, gapCells, worst: worstGaps(table, effective, rankedKept), candidates: candidates(table, grid, effective, rankedKept) };
  }
  const levels = table ? coarserLevels(table) : [];
  phases.transformMs = Math.round(performance.now() - started);
  started = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM coverage_runs WHERE ${keyOf(key)}`);
    await tx.execute(
      sql`INSERT INTO coverage_runs (account_id, weekend, hour, grid, summary) VALUES (${key.accountId}, ${key.band.weekend}, ${key.band.hour}, ${JSON.stringify(grid)}::jsonb, ${JSON.stringify(summary)}::jsonb)`,
    );
    if (!table) return;
    const write = (level: ArrayLike<number>, ix: ArrayLike<number>, iy: ArrayLike<number>, responder: ArrayLike<number | null>, aed: ArrayLike<number | null>, aedId: ArrayLike<number | null>, alerts: ArrayLike<number>) =>
      tx.execute(sql`
        INSERT INTO coverage_cells (account_id, weekend, hour, level, ix, iy, responder_seconds, aed_seconds, aed_id, alerts)
        SELECT ${key.accountId}::int, ${key.band.weekend}, ${key.band.hour}::int, c.* FROM unnest(${intArray(level)}, ${intArray(ix)}, ${intArray(iy)}, ${intArray(responder)}, ${intArray(aed)}, ${intArray(aedId)}, ${intArray(alerts)}) AS c`);
    for (let start = 0; start < table.ix.length; start += chunk) {
      const end = Math.min(table.ix.length, start + chunk);
      const part = <T>(values: ArrayLike<T>) => Array.prototype.slice.call(values, start, end) as T[];
      await write(new Array<number>(end - start).fill(0), part(table.ix), part(table.iy), part(table.responderSeconds), part(table.aedSeconds), part(table.aedId), part(table.alerts));
    }
    for (let start = 0; start < levels.length; start += chunk) {
      const part = levels.slice(start, start + chunk);
      await write(
        part.map((cell) => cell.level),
        part.map((cell) => cell.ix),
        part.map((cell) => cell.iy),
        part.map((cell) => cell.responderSeconds),
        part.map((cell) => cell.aedSeconds),
        part.map(() => null),
        part.map((cell) => cell.alerts),
      );
    }
  });
  phases.writeMs = Math.round(performance.now() - started);
  return { grid, summary, phases };
}
