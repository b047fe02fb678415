import { sql, type SQL } from 'drizzle-orm';
import { historyZone } from '../../../../contract/history.schemas';
import { rowsOf, type Db } from '../../db/database';
import { inIds } from '../../shared/sql-values';
import { cellKeySql } from './areas';

/**
 * What each indicator counts, as a FROM and WHERE with the alias whose lat/lon place it:
 * launched non-test alerts, AEDs not deleted, activated responders (bots excluded) with their last
 * position. Every source is scoped to the caller's accounts.
 */
export interface Source {
  from: SQL;
  where: SQL;
  /** The alias carrying lat and lon. */
  place: string;
  /** The timestamp that dates an item (growth, ranges). */
  time: string;
}

export const alertSource = (siteIds: number[]): Source => ({
  from: sql`alerts a`,
  where: sql`${inIds(sql`a.id_site`, siteIds)} AND a.launched_at IS NOT NULL AND NOT a.test`,
  place: 'a',
  time: 'a.launched_at',
});

export const aedSource = (siteIds: number[]): Source => ({
  from: sql`aeds d`,
  where: sql`${inIds(sql`d.id_site`, siteIds)} AND d.deleted_at IS NULL`,
  place: 'd',
  time: 'd.created_at',
});

/** Responders with a position (heatmaps, rankings, area filters). */
export const positionedResponderSource = (siteIds: number[]): Source => ({
  from: sql`responders r JOIN responder_positions p ON p.responder_id = r.id`,
  where: sql`${inIds(sql`r.id_site`, siteIds)} AND r.account_status = 'activated' AND NOT r.is_bot`,
  place: 'p',
  time: 'r.created_at',
});

/** Responders whether or not a position is known (growth and skills without an area). */
export const responderSource = (siteIds: number[]): Source => ({
  from: sql`responders r LEFT JOIN responder_positions p ON p.responder_id = r.id`,
  where: sql`${inIds(sql`r.id_site`, siteIds)} AND r.account_status = 'activated' AND NOT r.is_bot`,
  place: 'p',
  time: 'r.created_at',
});

/** Items per grid cell, optionally within a box and a time range. */
export async function countsPerCell(db: Db, source: Source, extra: SQL = sql`TRUE`): Promise<{ cell: number; count: number }[]> {
  const cell = sql.raw(cellKeySql(source.place));
  const rows = await rowsOf<{ cell: string | number; count: number }>(
    db,
    sql`SELECT ${cell} AS cell, count(*)::int AS count FROM ${source.from} WHERE ${source.where} AND ${sql.raw(source.place)}.lat IS NOT NULL AND ${extra} GROUP BY 1`,
  );
  return rows.map((row) => ({ cell: Number(row.cell), count: row.count }));
}

/** The cells holding items of the source (within a box): what an area filter picks from. */
export async function cellsOf(db: Db, source: Source, box: SQL): Promise<number[]> {
  const cell = sql.raw(cellKeySql(source.place));
  const rows = await rowsOf<{ cell: string | number }>(db, sql`SELECT DISTINCT ${cell} AS cell FROM ${source.from} WHERE ${source.where} AND ${sql.raw(source.place)}.lat IS NOT NULL AND ${box}`);
  return rows.map((row) => Number(row.cell));
}

/** `alias.lat/lon` inside a box. */
export function boxSql(alias: string, box: { minLat: number; maxLat: number; minLon: number; maxLon: number } | undefined): SQL {
  if (!box) return sql`TRUE`;
  const place = sql.raw(alias);
  return sql`${place}.lat BETWEEN ${box.minLat} AND ${box.maxLat} AND ${place}.lon BETWEEN ${box.minLon} AND ${box.maxLon}`;
}

/** `cell of alias = ANY(keys)`. */
export function inCells(alias: string, keys: number[]): SQL {
  if (keys.length === 0) return sql`FALSE`;
  return sql`${sql.raw(cellKeySql(alias))} = ANY(${`{${keys.join(',')}}`}::bigint[])`;
}

/** SQL to_char formats of the growth buckets (Europe/Paris). */
export const bucketFormats = { day: 'YYYY-MM-DD', week: 'IYYY-"W"IW', month: 'YYYY-MM', year: 'YYYY' } as const;

/** Items added per bucket from `since`, and how many came before it. */
export async function growthCounts(db: Db, source: Source, filter: SQL, format: string, since: Date | null) {
  const time = sql.raw(source.time);
  const key = sql`to_char(${time} AT TIME ZONE ${historyZone}, ${format})`;
  const after = since ? sql`${time} >= ${since.toISOString()}::timestamptz` : sql`TRUE`;
  const before = since ? sql`${time} < ${since.toISOString()}::timestamptz` : sql`FALSE`;
  const [rows, [base]] = await Promise.all([
    rowsOf<{ key: string; count: number }>(db, sql`SELECT ${key} AS key, count(*)::int AS count FROM ${source.from} WHERE ${source.where} AND ${filter} AND ${after} GROUP BY 1`),
    rowsOf<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM ${source.from} WHERE ${source.where} AND ${filter} AND ${before}`),
  ]);
  return { perKey: new Map(rows.map((row) => [row.key, row.count])), base: base.count };
}

/** The first date of the source (century growth starts from its year). */
export async function firstTime(db: Db, source: Source, filter: SQL): Promise<Date | null> {
  const [row] = await rowsOf<{ first: Date | null }>(db, sql`SELECT min(${sql.raw(source.time)}) AS first FROM ${source.from} WHERE ${source.where} AND ${filter}`);
  return row.first ? new Date(row.first) : null;
}
