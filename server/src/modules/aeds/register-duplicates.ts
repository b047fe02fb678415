import { sql } from 'drizzle-orm';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import { rowsOf, type Db } from '../../db/database';
import { conflict } from '../../errors';
import { normalise } from './filters';
import type { AedRow } from './tenancy';

/**
 * The register's duplicate rules, the one place their thresholds live: the AED form's refusal, the
 * duplicates screen (duplicates.ts) and the import's checks of a whole batch use them.
 */

/** Potential duplicates: live AEDs within this radius… */
export const duplicateRadiusMetres = 300;
/** …whose name is alike (pg_trgm similarity at least this)… */
export const duplicateNameSimilarity = 0.3;
/** …or that stand within this distance, whatever their name. */
export const duplicateCloseMetres = 50;
/** "A defibrillator already exists": the same name within this distance (or the same brand and serial number). */
export const sameDeviceMetres = 30;

/**
 * "A defibrillator already exists with this information": another live AED of the account with
 * the same brand and serial number, or with the same name within `sameDeviceMetres`. 409 with its udid.
 */
export async function assertNotDuplicate(db: Db, candidate: Pick<AedRow, 'idSite' | 'name' | 'lat' | 'lon' | 'serialNumber' | 'brand'>, selfId?: number) {
  const serial = candidate.serialNumber?.trim();
  const [existing] = await rowsOf<{ udid: string }>(
    db,
    sql`SELECT udid FROM aeds
         WHERE deleted_at IS NULL AND id_site = ${candidate.idSite} AND id <> ${selfId ?? 0}
           AND ((${serial ?? null}::text IS NOT NULL AND serial_number = ${serial ?? null}
                 AND lower(coalesce(brand, '')) = lower(${candidate.brand ?? ''}))
             OR (lower(vigil_unaccent(name)) = ${normalise(candidate.name)}
                 AND earth_box(ll_to_earth(${candidate.lat}, ${candidate.lon}), ${sameDeviceMetres}) @> ll_to_earth(lat, lon)
                 AND earth_distance(ll_to_earth(${candidate.lat}, ${candidate.lon}), ll_to_earth(lat, lon)) <= ${sameDeviceMetres}))
         LIMIT 1`,
  );
  if (existing) throw conflict(aedErrorKeys.alreadyExists, { udid: existing.udid });
}

/** A row about to be inserted, for the duplicate check. */
export interface DuplicateProbe {
  index: number;
  lat: number;
  lon: number;
  name: string;
  serialNumber?: string;
  brand?: string;
}

/** An AED of the register a probe may duplicate, best matches first. */
export interface DuplicateHit {
  udid: string;
  name: string;
  distance: number;
  similarity: number;
  /** The register would refuse it outright ("a defibrillator already exists"). */
  sameDevice: boolean;
}

/**
 * Potential duplicates in the account of a whole batch of rows, in one query: live AEDs within
 * `duplicateRadiusMetres` with a name alike or within `duplicateCloseMetres`, and AEDs with the same brand and serial number anywhere.
 */
export async function findDuplicates(db: Db, idSite: number, probes: DuplicateProbe[]): Promise<Map<number, DuplicateHit[]>> {
  const hits = new Map<number, DuplicateHit[]>();
  if (probes.length === 0) return hits;
  const index = sql`${`{${probes.map((probe) => probe.index).join(',')}}`}::int[]`;
  const lats = sql`${`{${probes.map((probe) => probe.lat).join(',')}}`}::float8[]`;
  const lons = sql`${`{${probes.map((probe) => probe.lon).join(',')}}`}::float8[]`;
  const names = sql`${JSON.stringify(probes.map((probe) => normalise(probe.name)))}::jsonb`;
  const serials = sql`${JSON.stringify(probes.map((probe) => probe.serialNumber?.trim() || null))}::jsonb`;
  const brands = sql`${JSON.stringify(probes.map((probe) => (probe.brand ?? '').toLowerCase()))}::jsonb`;
  // One gist lookup per probe (LATERAL); `id_site + 0` keeps the planner off the account index,
  // which would compare every probe with every AED of the account when statistics are missing.
  const rows = await rowsOf<{ i: number; udid: string; name: string; distance: number; similarity: number; same_device: boolean }>(
    db,
    sql`WITH v AS (
          SELECT p.i, ll_to_earth(p.lat, p.lon) AS e, ${names}->>(p.n::int - 1) AS name,
                 ${serials}->>(p.n::int - 1) AS serial, ${brands}->>(p.n::int - 1) AS brand
            FROM unnest(${index}, ${lats}, ${lons}) WITH ORDINALITY AS p(i, lat, lon, n)
        )
        SELECT v.i, near.udid, near.name, near.distance, near.similarity,
               (near.same_name AND near.distance <= ${sameDeviceMetres}) AS same_device
          FROM v CROSS JOIN LATERAL (
            SELECT a.udid::text AS udid, a.name, earth_distance(v.e, ll_to_earth(a.lat, a.lon)) AS distance,
                   similarity(lower(vigil_unaccent(a.name)), v.name) AS similarity,
                   lower(vigil_unaccent(a.name)) = v.name AS same_name
              FROM aeds a
             WHERE earth_box(v.e, ${duplicateRadiusMetres}) @> ll_to_earth(a.lat, a.lon)
               AND a.id_site + 0 = ${idSite} AND a.deleted_at IS NULL
          ) AS near
         WHERE near.distance <= ${duplicateRadiusMetres} AND (near.similarity >= ${duplicateNameSimilarity} OR near.distance <= ${duplicateCloseMetres})
        UNION ALL
        SELECT v.i, same.udid, same.name, earth_distance(v.e, ll_to_earth(same.lat, same.lon)), 1, true
          FROM v CROSS JOIN LATERAL (
            SELECT a.udid::text AS udid, a.name, a.lat, a.lon
              FROM aeds a
             WHERE a.serial_number = v.serial AND a.id_site + 0 = ${idSite} AND a.deleted_at IS NULL
               AND lower(coalesce(a.brand, '')) = v.brand
          ) AS same
         WHERE v.serial IS NOT NULL`,
  );
  for (const row of rows) {
    const list = hits.get(Number(row.i)) ?? [];
    if (list.some((hit) => hit.udid === row.udid)) continue;
    list.push({ udid: row.udid, name: row.name, distance: Math.round(Number(row.distance)), similarity: Math.round(Number(row.similarity) * 1000) / 1000, sameDevice: Boolean(row.same_device) });
    hits.set(Number(row.i), list);
  }
  for (const list of hits.values()) list.sort((a, b) => Number(b.sameDevice) - Number(a.sameDevice) || b.similarity - a.similarity || a.distance - b.distance);
  return hits;
}
