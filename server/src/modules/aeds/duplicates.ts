import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import { errorKeys } from '../../../../contract/errors';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import { aeds } from '../../db/schema/aeds';
import { badRequest, conflict, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { reloadDetail } from './detail';
import { normalise } from './filters';
import { duplicateCloseMetres, duplicateNameSimilarity, duplicateRadiusMetres } from './register-duplicates';
import { findVisibleAed, visibleSites, type AedRow, type SiteInfo } from './tenancy';

/** A GeoDAE record (an AED of a visible external account) by udid, id or national identifier. */
async function findGeoDaeRecord(ctx: AppContext, sites: readonly SiteInfo[], key: { udid?: string; idGeocoeur?: string }): Promise<AedRow | undefined> {
  const external = sites.filter((site) => site.kind === 'external').map((site) => site.id);
  if (external.length === 0) return undefined;
  const byKey = key.udid
    ? /^\d+$/.test(key.udid)
      ? eq(aeds.id, Number(key.udid))
      : eq(sql`${aeds.udid}::text`, key.udid.toLowerCase())
    : or(eq(aeds.externalSourceId, key.idGeocoeur!), eq(aeds.idGeocoeur, key.idGeocoeur!));
  const [row] = await ctx.database.db
    .select()
    .from(aeds)
    .where(and(byKey, sql`${aeds.idSite} IN (${sql.join(external, sql`, `)})`))
    .limit(1);
  return row;
}

interface DuplicateQuery {
  udid?: string;
  idGeocoeur?: string;
  isLinked?: boolean;
  from?: string;
  radius?: number;
}

/**
 * GET aed/potentialDuplicateAed: live AEDs within the radius (the register's duplicate radius by
 * default) of the reference, kept when their name is alike or they stand close (the register's
 * thresholds, register-duplicates.ts), or share the serial number; best matches first.
 */
export async function potentialDuplicates(ctx: AppContext, session: Session, query: DuplicateQuery) {
  const sites = await visibleSites(ctx, session);
  let reference: AedRow | undefined;
  if (query.udid) reference = (await findVisibleAed(ctx, session, query.udid)).aed;
  else if (query.idGeocoeur) reference = await findGeoDaeRecord(ctx, sites, { idGeocoeur: query.idGeocoeur });
  else throw badRequest(errorKeys.missingFields, [{ field: 'udid', message: errorKeys.required }]);
  if (!reference) throw notFound(aedErrorKeys.notFound);
  const candidates = query.from === 'geodae' ? sites.filter((site) => site.kind !== 'external') : sites;
  if (candidates.length === 0) return { reference: { udid: reference.udid, name: reference.name }, list: [] };
  const radius = query.radius ?? duplicateRadiusMetres;
  const origin = sql`ll_to_earth(${reference.lat}, ${reference.lon})`;
  const rows = await rowsOf<Record<string, unknown>>(
    ctx.database.db,
    sql`SELECT * FROM (
          SELECT a.id, a.udid::text AS udid, a.id_site, acc.kind, a.name, a.address, a.city, a.lat, a.lon, a.is_linked, a.id_geocoeur,
                 a.source, a.serial_number,
                 earth_distance(${origin}, ll_to_earth(a.lat, a.lon)) AS distance,
                 similarity(lower(vigil_unaccent(a.name)), ${normalise(reference.name)}) AS similarity
            FROM aeds a JOIN accounts acc ON acc.id = a.id_site
           WHERE a.deleted_at IS NULL AND a.id <> ${reference.id}
             AND a.id_site IN (${sql.join(candidates.map((site) => site.id), sql`, `)})
             AND earth_box(${origin}, ${radius}) @> ll_to_earth(a.lat, a.lon)
             ${query.isLinked === undefined ? sql`` : sql`AND a.is_linked = ${query.isLinked}`}
        ) AS c
        WHERE c.distance <= ${radius}
          AND (c.similarity >= ${duplicateNameSimilarity} OR c.distance <= ${duplicateCloseMetres} OR (c.serial_number IS NOT NULL AND c.serial_number = ${reference.serialNumber ?? null}))
        ORDER BY c.similarity - c.distance / ${radius * 2} DESC, c.id
        LIMIT 20`,
  );
  return {
    reference: { udid: reference.udid, name: reference.name },
    list: rows.map((row) => ({
      id: Number(row.id),
      udid: String(row.udid),
      idSite: Number(row.id_site),
      accountKind: String(row.kind),
      name: String(row.name),
      address: (row.address as string | null) ?? null,
      city: (row.city as string | null) ?? null,
      lat: Number(row.lat),
      lon: Number(row.lon),
      distance: Math.round(Number(row.distance)),
      similarity: Math.round(Number(row.similarity) * 1000) / 1000,
      isLinked: Boolean(row.is_linked),
      idGeocoeur: (row.id_geocoeur as string | null) ?? null,
      source: String(row.source),
      serialNumber: (row.serial_number as string | null) ?? null,
    })),
  };
}

/**
 * PATCH aed/linkGeoDaeToSA: links one of our AEDs to its GeoDAE record. Either side already
 * linked, or deleted, is 409 error.aed.geodae-already-linked (the screen must refresh).
 */
export async function linkGeoDae(ctx: AppContext, session: Session, body: { udid: string; geoDaeUdid?: string; idGeocoeur?: string }) {
  const { aed, site, sites } = await findVisibleAed(ctx, session, body.udid);
  if (site.kind === 'external') throw badRequest(aedErrorKeys.geoDaeNotGeoDae);
  const record = await findGeoDaeRecord(ctx, sites, { udid: body.geoDaeUdid, idGeocoeur: body.idGeocoeur });
  if (!record) throw notFound(aedErrorKeys.notFound);
  if (aed.isLinked || aed.deletedAt || record.isLinked || record.deletedAt) throw conflict(aedErrorKeys.geoDaeAlreadyLinked);
  const nationalId = record.externalSourceId ?? record.idGeocoeur ?? record.udid;
  await ctx.database.db.transaction(async (tx) => {
    const free = and(eq(aeds.isLinked, false), isNull(aeds.deletedAt));
    const ours = await tx
      .update(aeds)
      .set({ isLinked: true, idGeocoeur: nationalId, linkedGeoDae: record.sourceInfo ?? record.name, linkedAedId: record.id, updatedAt: new Date() })
      .where(and(eq(aeds.id, aed.id), free))
      .returning({ id: aeds.id });
    const theirs = await tx
      .update(aeds)
      .set({ isLinked: true, idGeocoeur: nationalId, linkedAedId: aed.id, updatedAt: new Date() })
      .where(and(eq(aeds.id, record.id), free))
      .returning({ id: aeds.id });
    // Someone linked or deleted one side meanwhile.
    if (ours.length === 0 || theirs.length === 0) throw conflict(aedErrorKeys.geoDaeAlreadyLinked);
  });
  return reloadDetail(ctx, aed.id, site);
}
