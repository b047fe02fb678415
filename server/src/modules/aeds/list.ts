import { asc, desc, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AedListBody, AedListResponse, AedOrderField } from '../../../../contract/aed-list.schemas';
import type { AppContext } from '../../context';
import { rowsOf, statement } from '../../db/database';
import { nameOrder } from '../../db/name-order';
import { aedBrandCells, aeds } from '../../db/schema/aeds';
import type { Session } from '../../plugins/authenticate';
import { geoDaeMissingSql } from './geodae-readiness';
import { aedConditions, brandOnlyFilter, freeTextOnlyFilter, hasNarrowingFilter, searchTextMatches } from './filters';
import { keptAnswer, type KeptAnswer } from '../../plugins/kept-answers';
import { pageKey } from './list-pages';
import { listItemOf, vigilanceToday } from './mapper';
import { scopeSites, type SiteInfo } from './tenancy';

const orderColumns = {
  created: aeds.createdAt,
  updated: aeds.updatedAt,
  name: nameOrder(aeds.name),
  city: nameOrder(aeds.city),
  zipCode: aeds.zipCode,
  status: aeds.status,
  brand: aeds.brand,
  lastConfirmationDate: aeds.lastConfirmationDate,
  batteryExpiration: aeds.batteryExpiration,
  padsExpiration: aeds.padsExpiration,
} as const;

/** ORDER BY terms on a column and an id: null placement as the indexes have it, the id as tie-breaker. */
function orderTerms(order: AedOrderField, direction: 'asc' | 'desc', column: SQLWrapper, id: SQLWrapper): SQL[] {
  if (order === 'created' || order === 'updated') {
    return direction === 'desc' ? [sql`${column} DESC NULLS LAST`, sql`${id} DESC NULLS LAST`] : [sql`${column} ASC NULLS FIRST`, sql`${id} ASC NULLS FIRST`];
  }
  return direction === 'asc' ? [asc(column), asc(id)] : [desc(column), desc(id)];
}

/**
 * ORDER BY of a list or export, with the id as tie-breaker. Null placement matches the indexes
 * (created: DESC NULLS LAST; name, city: ASC NULLS LAST) so the page is read from the index.
 */
export function orderBy(order: AedOrderField, direction: 'asc' | 'desc'): SQL[] {
  return orderTerms(order, direction, orderColumns[order], aeds.id);
}

/** The list column each order sorts on, by its name in a list row. */
const orderNames = {
  created: 'createdAt',
  updated: 'updatedAt',
  name: 'name',
  city: 'city',
  zipCode: 'zipCode',
  status: 'status',
  brand: 'brand',
  lastConfirmationDate: 'lastConfirmationDate',
  batteryExpiration: 'batteryExpiration',
  padsExpiration: 'padsExpiration',
} as const;

/** The same order as orderBy, on the rows of the list's `page` (listSelect's names). */
function pageOrderBy(order: AedOrderField, direction: 'asc' | 'desc'): SQL[] {
  const column = sql`page.${sql.identifier(orderNames[order])}`;
  return orderTerms(order, direction, order === 'name' || order === 'city' ? nameOrder(column) : column, sql`page.id`);
}

/** Columns of a list row. */
export const listColumns = {
  id: aeds.id,
  udid: aeds.udid,
  idAed: aeds.idAed,
  idSite: aeds.idSite,
  name: aeds.name,
  address: aeds.address,
  zipCode: aeds.zipCode,
  city: aeds.city,
  country: aeds.country,
  lat: aeds.lat,
  lon: aeds.lon,
  brand: aeds.brand,
  model: aeds.model,
  status: aeds.status,
  unavailableReason: aeds.unavailableReason,
  unavailableUntil: aeds.unavailableUntil,
  alwaysOpened: aeds.alwaysOpened,
  positionToCheck: aeds.positionToCheck,
  certified: aeds.certified,
  lastCertificationDate: aeds.lastCertificationDate,
  validated: aeds.validated,
  lastConfirmationDate: aeds.lastConfirmationDate,
  isLinked: aeds.isLinked,
  source: aeds.source,
  batteryExpiration: aeds.batteryExpiration,
  padsExpiration: aeds.padsExpiration,
  childPadsExpiration: aeds.childPadsExpiration,
  hasChildPads: aeds.hasChildPads,
  createdAt: aeds.createdAt,
  updatedAt: aeds.updatedAt,
  deletedAt: aeds.deletedAt,
};

/**
 * The SELECT list of a list page: the columns above under their API names, written once. Sent as
 * raw SQL, the rows come back as the driver gives them (timestamps as text) instead of through the
 * query builder's per-column mapping, which cost a list answer more than its SQL.
 */
const listSelect = sql.raw(
  Object.entries(listColumns)
    .map(([name, column]) => `"aeds"."${column.name}" AS "${name}"`)
    .join(', '),
);

/**
 * One page of AEDs with each one's open reports. The reports are counted for the page's AEDs at
 * once: counted per row, the planner scans a small reports table once per AED (50 scans a page).
 */
function pageQuery(where: SQL, order: AedOrderField, direction: 'asc' | 'desc', limit: number, offset: number): SQL {
  return sql`WITH page AS (SELECT ${listSelect} FROM ${aeds} WHERE ${where} ORDER BY ${sql.join(orderBy(order, direction), sql`, `)} LIMIT ${limit} OFFSET ${offset})
    SELECT page.*, coalesce(open.count, 0) AS "onGoingReports", (SELECT ${geoDaeMissingSql} FROM aeds WHERE aeds.id = page.id) AS "geoDaeMissing"
      FROM page
      LEFT JOIN (SELECT r.aed_id, count(*)::int AS count FROM aed_reports r
                  WHERE r.status <> 'resolved' AND r.aed_id IN (SELECT id FROM page) GROUP BY r.aed_id) open ON open.aed_id = page.id
     ORDER BY ${sql.join(pageOrderBy(order, direction), sql`, `)}`;
}

/** A list row as listSelect gives it. */
type ListRow = Parameters<typeof listItemOf>[0];

/** Non-deleted AEDs per account, from the map cells (a few hundred rows, whatever the register's size). */
export async function countsBySite(ctx: AppContext, siteIds: number[]): Promise<Map<number, number>> {
  const rows = await ctx.database.run<{ idSite: number; count: number }>(siteCountsStatement, [`{${siteIds.join(',')}}`]);
  return new Map(rows.map((row) => [row.idSite, Number(row.count)]));
}

// Prepared: the list's every unfiltered page asks it.
const siteCountsStatement = statement(`SELECT id_site AS "idSite", sum(count)::int AS count FROM aed_map_cells WHERE level = 3 AND id_site = ANY($1::int[]) GROUP BY id_site`);

/** Non-deleted AEDs of these brands per account, from the per-brand cells. */
async function brandCountsBySite(ctx: AppContext, siteIds: number[], brands: string[]): Promise<Map<number, number>> {
  const rows = await ctx.database.db
    .select({ idSite: aedBrandCells.idSite, count: sql<number>`sum(${aedBrandCells.count})::int` })
    .from(aedBrandCells)
    .where(sql`${inArray(aedBrandCells.brand, brands)} AND ${aedBrandCells.level} = 3 AND ${inArray(aedBrandCells.idSite, siteIds)}`)
    .groupBy(aedBrandCells.idSite);
  return new Map(rows.map((row) => [row.idSite, Number(row.count)]));
}

/** Live AEDs per account whose search text holds every pattern, from the narrow aed_search table. */
async function searchCountsBySite(ctx: AppContext, siteIds: number[], patterns: string[]): Promise<Map<number, number>> {
  const rows = await rowsOf<{ id_site: number; count: number }>(
    ctx.database.db,
    sql`SELECT s.id_site, count(*)::int AS count FROM aed_search s WHERE s.live AND s.id_site = ANY(${sql.param(siteIds)}::int[]) AND ${searchTextMatches(patterns)} GROUP BY s.id_site`,
  );
  return new Map(rows.map((row) => [row.id_site, Number(row.count)]));
}

/**
 * The count block of the list answer: per account, external accounts apart, and the total. Exact
 * in every case; read from pre-aggregated cells when no filter or only a brand filter applies, and
 * from the narrow search table when only free-text searches apply.
 */
async function counts(ctx: AppContext, sites: readonly SiteInfo[], where: SQL, filter: AedListBody['filter']) {
  const siteIds = sites.map((site) => site.id);
  const brands = brandOnlyFilter(filter);
  const words = brands ? null : freeTextOnlyFilter(filter);
  const bySite = brands
    ? await brandCountsBySite(ctx, siteIds, brands)
    : words
    ? await searchCountsBySite(ctx, siteIds, words)
    : hasNarrowingFilter(filter)
    ? new Map(
        (
          await rowsOf<{ id_site: number; count: number }>(ctx.database.db, sql`SELECT id_site, count(*)::int AS count FROM aeds WHERE ${where} GROUP BY id_site`)
        ).map((row) => [row.id_site, Number(row.count)]),
      )
    : await countsBySite(ctx, siteIds);
  const allCount = sites.map((site) => ({ idSite: site.id, count: bySite.get(site.id) ?? 0 })).filter((entry) => entry.count > 0);
  const externalIds = new Set(sites.filter((site) => site.kind === 'external').map((site) => site.id));
  return {
    totalCount: allCount.reduce((sum, entry) => sum + entry.count, 0),
    allCount,
    externalCount: allCount.filter((entry) => externalIds.has(entry.idSite)).reduce((sum, entry) => sum + entry.count, 0),
  };
}

/**
 * POST aed/getAllList: one page of AEDs with the counts, as the answer's JSON written by `write`,
 * kept until the register changes (list-pages.ts).
 */
export async function listAnswer(ctx: AppContext, session: Session, body: AedListBody, write: (answer: { data: AedListResponse }) => string): Promise<KeptAnswer> {
  const sites = await scopeSites(ctx, session, body.idSelected, body.withChild);
  return ctx.aedPages.get(pageKey(sites, body), async () => keptAnswer(write({ data: await readPage(ctx, sites, body) })));
}

async function readPage(ctx: AppContext, sites: readonly SiteInfo[], body: AedListBody): Promise<AedListResponse> {
  const where = aedConditions(
    sites.map((site) => site.id),
    body.filter,
  );
  const [rows, count] = await Promise.all([
    rowsOf<ListRow>(ctx.database.db, pageQuery(where, body.order, body.orderSort, body.limit, (body.page - 1) * body.limit)),
    counts(ctx, sites, where, body.filter),
  ]);
  const vigilance = vigilanceToday();
  return { list: rows.map((row) => listItemOf(row, vigilance)), count };
}
