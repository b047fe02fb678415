import { sql, type SQL } from 'drizzle-orm';
import type { NearbyAed } from '../../../../contract/alert.schemas';
import { rowsOf, type Db } from '../../db/database';
import { byDistance, withinMetres } from '../../db/earth';

/** A row of aedsAroundSql. */
export interface NearbyAedRow {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  lat: number;
  lon: number;
  always_opened: boolean;
  distance: number;
  available_now: boolean;
}

export interface AroundOptions {
  onlyAvailableNow?: boolean;
  limit?: number;
}

/**
 * AEDs of the register (server/src/db/schema/aeds.ts) around a point, nearest first (by `chord`).
 * An AED is available now when its availability status is `available` and it is open at this
 * moment: 24/7 or within the opening hours of the current Europe/Paris weekday (the register's SQL
 * function aed_open_at). Deleted AEDs are never returned. Every account's AEDs count: in an
 * emergency any defibrillator will do, whoever keeps it.
 */
export function aedsAroundSql(point: { lat: number; lon: number }, radiusMetres: number, options: AroundOptions = {}): SQL {
  const center = sql`ll_to_earth(${point.lat}, ${point.lon})`;
  // The index answers the box on ll_to_earth; each row's distance uses the inlined vigil_earth.
  const at = sql`vigil_earth(a.lat, a.lon)`;
  const availableNow = sql`(a.status = 'available' AND aed_open_at(a.always_opened, a.opening_hours, now()))`;
  return sql`SELECT a.id, a.name, a.address, a.city, a.lat, a.lon, a.always_opened,
               earth_distance(${center}, ${at}) AS distance, ${availableNow} AS available_now, ${byDistance(center, at)} AS chord
          FROM aeds a
         WHERE earth_box(${center}, ${radiusMetres}) @> ll_to_earth(a.lat, a.lon)
           AND ${withinMetres(center, at, radiusMetres)}
           AND a.deleted_at IS NULL AND a.status <> 'deleted'
           ${options.onlyAvailableNow ? sql`AND ${availableNow}` : sql``}
         ORDER BY chord
         LIMIT ${options.limit ?? 50}`;
}

/** aedsAroundSql's rows as one JSON array, nearest first, for a statement that answers them with other rows. */
export const aedsAroundJsonSql = (point: { lat: number; lon: number }, radiusMetres: number): SQL =>
  sql`(SELECT COALESCE(jsonb_agg(to_jsonb(x) ORDER BY x.chord), '[]'::jsonb) FROM (${aedsAroundSql(point, radiusMetres)}) AS x)`;

export function toNearbyAed(row: NearbyAedRow): NearbyAed {
  return {
    id: row.id,
    name: row.name,
    address: [row.address, row.city].filter(Boolean).join(', '),
    lat: row.lat,
    lon: row.lon,
    distance: Math.round(row.distance),
    availableNow: row.available_now,
    alwaysOpened: row.always_opened,
  };
}

/** The AEDs around a point (aedsAroundSql). */
export async function aedsAround(db: Db, point: { lat: number; lon: number }, radiusMetres: number, options: AroundOptions = {}): Promise<NearbyAed[]> {
  return (await rowsOf<NearbyAedRow>(db, aedsAroundSql(point, radiusMetres, options))).map(toNearbyAed);
}
