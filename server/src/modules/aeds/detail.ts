import { asc, desc, eq } from 'drizzle-orm';
import type { AedDetail } from '../../../../contract/aed.schemas';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import { aedContacts, aedFiles, aedReports, aeds } from '../../db/schema/aeds';
import { sql } from 'drizzle-orm';
import { geoDaeMissingSql } from './geodae-readiness';
import { contactOf, detailOf, pictureOf, reportOf } from './mapper';
import type { AedRow, SiteInfo } from './tenancy';

/** Builds the full AED answer (pictures, contacts, reports; distance in km from `from` when given). */
export async function loadDetail(ctx: AppContext, aed: AedRow, site: SiteInfo, from?: { lat: number; lon: number }): Promise<AedDetail> {
  const db = ctx.database.db;
  const [pictures, contacts, reports, distance, [readiness]] = await Promise.all([
    db.select().from(aedFiles).where(eq(aedFiles.aedId, aed.id)).orderBy(asc(aedFiles.id)),
    db.select().from(aedContacts).where(eq(aedContacts.aedId, aed.id)).orderBy(asc(aedContacts.id)),
    db.select().from(aedReports).where(eq(aedReports.aedId, aed.id)).orderBy(desc(aedReports.createdAt), desc(aedReports.id)),
    from
      ? rowsOf<{ km: number }>(db, sql`SELECT earth_distance(ll_to_earth(${from.lat}, ${from.lon}), ll_to_earth(${aed.lat}, ${aed.lon})) / 1000 AS km`)
      : Promise.resolve(undefined),
    rowsOf<{ missing: string[] }>(db, sql`SELECT ${geoDaeMissingSql} AS missing FROM aeds WHERE aeds.id = ${aed.id}`),
  ]);
  return detailOf(aed, site, {
    pictures: pictures.map(pictureOf),
    contacts: contacts.map(contactOf),
    reports: reports.map(reportOf),
    distance: distance ? Math.round(Number(distance[0].km) * 1000) / 1000 : null,
    geoDaeMissing: readiness?.missing ?? [],
  });
}

/** Re-reads an AED after a write and answers it in full. */
export async function reloadDetail(ctx: AppContext, id: number, site: SiteInfo): Promise<AedDetail> {
  const [aed] = await ctx.database.db.select().from(aeds).where(eq(aeds.id, id));
  return loadDetail(ctx, aed, site);
}
