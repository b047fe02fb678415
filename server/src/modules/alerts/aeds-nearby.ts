import { sql } from 'drizzle-orm';
import type { NearbyAed } from '../../../../contract/alert.schemas';
import { rowsOf, type Db } from '../../db/database';
import { byDistance, withinMetres } from '../../db/earth';

/**
 * AEDs of the register (server/src/db/schema/aeds.ts) around a point, nearest first. An AED is
 * available now when its availability status is `available` and it is open at this moment: 24/7
 * or within the opening hours of the current Europe/Paris weekday (the register's SQL function
 * aed_open_at). Deleted AEDs are never returned. Every account's AEDs count: in an emergency any
 * defibrillator will do, whoever keeps it.
 */
export async function aedsAround(db: Db, point: { lat: number; lon: number }, radiusMetres: number, options: { onlyAvailableNow?: boolean; limit?: number } = {}): Promise<NearbyAed[]> {
  const center = sql`ll_to_earth(${point.lat}, ${point.lon})`;
  // The index answers the box on ll_to_earth; each row's distance uses the inlined vigil_earth.
  const at = sql`vigil_earth(a.lat, a.lon)`;
  const availableNow = sql`(a.status = 'available' AND aed_open_at(a.always_opened, a.opening_hours, now()))`;
  const rows = await rowsOf<{ id: number; name: string; address: string | null; city: string | null; lat: number; lon: number; always_opened: boolean; distance: number; available_now: boolean }>(
    db,
    sql`SELECT a.id, a.name, a.address, a.city, a.lat, a.lon, a.always_opened,
               earth_distance(${center}, ${at}) AS distance, ${availableNow} AS available_now
          FROM aeds a
         WHERE earth_box(${center}, ${radiusMetres}) @> ll_to_earth(a.lat, a.lon)
           AND ${withinMetres(center, at, radiusMetres)}
           AND a.deleted_at IS NULL AND a.status <> 'deleted'
           ${options.onlyAvailableNow ? sql`AND ${availableNow}` : sql``}
         ORDER BY ${byDistance(center, at)}
         LIMIT ${options.limit ?? 50}`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    address: [row.address, row.city].filter(Boolean).join(', '),
    lat: row.lat,
    lon: row.lon,
    distance: Math.round(row.distance),
    availableNow: row.available_now,
    alwaysOpened: row.always_opened,
  }));
}
