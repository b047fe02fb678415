import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { AedMapBody } from '../../../../contract/aed-list.schemas';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import { aeds } from '../../db/schema/aeds';
import type { Session } from '../../plugins/authenticate';
import { aedConditions, brandOnlyFilter, hasNarrowingFilter } from './filters';
import { scopeSites, type SiteInfo } from './tenancy';

/** Zoom from which the map shows every AED instead of clusters. */
export const pointsZoom = 14;
/** A viewport holding at most this many AEDs is shown as points whatever the zoom. */
const pointsWhenAtMost = 300;
/** Most points one answer carries. */
const maxPoints = 5000;
const minLevel = 3;
const maxLevel = 13;
/**
 * Finest level of the pre-aggregated cells (aed_map_cells, aed_brand_cells; SQL aed_cell_max_level(),
 * migration 0031); finer maps group the viewport's rows.
 */
export const maxCellLevel = 10;

/** Grid cell of a point: the same Web-Mercator formula as the SQL functions aed_cell_x / aed_cell_y. */
export function cellX(lon: number, level: number): number {
  const size = 4 << level;
  return Math.min(Math.max(Math.floor(((lon + 180) / 360) * size), 0), size - 1);
}
export function cellY(lat: number, level: number): number {
  const size = 4 << level;
  const rad = (Math.min(Math.max(lat, -85.0511), 85.0511) * Math.PI) / 180;
  return Math.min(Math.max(Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * size), 0), size - 1);
}

interface CellRow {
  cx: number;
  cy: number;
  count: number;
  lat_sum: number;
  lon_sum: number;
  id_sum: string | number;
}

const pointColumns = {
  id: aeds.id,
  udid: aeds.udid,
  name: aeds.name,
  lat: aeds.lat,
  lon: aeds.lon,
  status: aeds.status,
  alwaysOpened: aeds.alwaysOpened,
  certified: aeds.certified,
  idSite: aeds.idSite,
};

/**
 * POST aed/getAedsMap. Below zoom 14 the viewport is answered from grid clusters: up to level 10,
 * pre-aggregated map cells when only the account scope applies and per-brand cells when only a
 * brand filter narrows it; otherwise (other filters, or zoom 11 to 13) the viewport's matching rows
 * grouped by cell. An AED alone in its cell comes back as a point. From zoom 14, or when the
 * viewport holds few AEDs, every AED is a point. With `fit`, the answer adds the extent of every
 * matching AED, wherever the viewport is.
 */
export async function mapAeds(ctx: AppContext, session: Session, body: AedMapBody) {
  const sites = await scopeSites(ctx, session, body.idSelected, body.withChild);
  const where = aedConditions(
    sites.map((site) => site.id),
    body.filter,
  );
  const [view, extent] = await Promise.all([viewportAeds(ctx, sites, where, body), body.fit ? extentOf(ctx, where) : undefined]);
  return body.fit ? { ...view, extent } : view;
}

interface ExtentRow {
  north: number | null;
  south: number | null;
  east: number | null;
  west: number | null;
}

/** The bounds of every AED the conditions match (the list's scope and filter), null when none does. */
async function extentOf(ctx: AppContext, where: SQL) {
  const [row] = await rowsOf<ExtentRow>(ctx.database.db, sql`SELECT max(lat) AS north, min(lat) AS south, max(lon) AS east, min(lon) AS west FROM aeds WHERE ${where}`);
  if (!row || row.north === null) return null;
  return { north: Number(row.north), south: Number(row.south), east: Number(row.east), west: Number(row.west) };
}

/** The clusters and points of the viewport. */
async function viewportAeds(ctx: AppContext, sites: readonly SiteInfo[], where: SQL, body: AedMapBody) {
  const siteIds = sites.map((site) => site.id);
  const { north, south } = body.bbox;
  const crossesAntimeridian = body.bbox.west > body.bbox.east;
  const west = crossesAntimeridian ? -180 : body.bbox.west;
  const east = crossesAntimeridian ? 180 : body.bbox.east;
  const inBox = sql`${aeds.lat} BETWEEN ${Math.min(south, north)} AND ${Math.max(south, north)} AND ${aeds.lon} BETWEEN ${west} AND ${east}`;

  const points = async () => {
    const rows = await ctx.database.db
      .select(pointColumns)
      .from(aeds)
      .where(and(where, inBox))
      .limit(maxPoints + 1);
    return rows;
  };

  if (body.zoom >= pointsZoom) {
    const rows = await points();
    return { mode: 'points' as const, zoom: body.zoom, total: Math.min(rows.length, maxPoints), clusters: [], points: rows.slice(0, maxPoints) };
  }

  const level = Math.min(Math.max(body.zoom, minLevel), maxLevel);
  const xRange = [cellX(west, level), cellX(east, level)];
  const yRange = [cellY(Math.max(south, north), level), cellY(Math.min(south, north), level)];
  const siteCondition = siteIds.length === 1 ? sql`id_site = ${siteIds[0]}` : inArray(sql`id_site`, siteIds);
  const cellRange = sql`level = ${level} AND cx BETWEEN ${xRange[0]} AND ${xRange[1]} AND cy BETWEEN ${yRange[0]} AND ${yRange[1]} AND ${siteCondition}`;
  const onCells = level <= maxCellLevel;
  const brands = brandOnlyFilter(body.filter);
  const cells =
    onCells && brands
      ? await rowsOf<CellRow>(
          ctx.database.db,
          sql`SELECT cx, cy, sum(count)::int AS count, sum(lat_sum) AS lat_sum, sum(lon_sum) AS lon_sum, sum(id_sum) AS id_sum
                FROM aed_brand_cells WHERE ${inArray(sql`brand`, brands)} AND ${cellRange}
               GROUP BY cx, cy HAVING sum(count) > 0`,
        )
      : !onCells || hasNarrowingFilter(body.filter)
        ? await rowsOf<CellRow>(
            ctx.database.db,
            sql`SELECT aed_cell_x(lon, ${level}) AS cx, aed_cell_y(lat, ${level}) AS cy, count(*)::int AS count,
                       sum(lat) AS lat_sum, sum(lon) AS lon_sum, sum(id) AS id_sum
                  FROM aeds WHERE ${where} AND ${inBox} GROUP BY 1, 2`,
          )
        : await rowsOf<CellRow>(
            ctx.database.db,
            sql`SELECT cx, cy, sum(count)::int AS count, sum(lat_sum) AS lat_sum, sum(lon_sum) AS lon_sum, sum(id_sum) AS id_sum
                  FROM aed_map_cells WHERE ${cellRange}
                 GROUP BY cx, cy HAVING sum(count) > 0`,
          );
  const total = cells.reduce((sum, cell) => sum + Number(cell.count), 0);
  if (total <= pointsWhenAtMost) {
    const rows = await points();
    return { mode: 'points' as const, zoom: body.zoom, total: rows.length, clusters: [], points: rows };
  }
  const singles = cells.filter((cell) => Number(cell.count) === 1).map((cell) => Number(cell.id_sum));
  const singlePoints = singles.length ? await ctx.database.db.select(pointColumns).from(aeds).where(inArray(aeds.id, singles)) : [];
  const clusters = cells
    .filter((cell) => Number(cell.count) > 1)
    .map((cell) => ({
      lat: Number(cell.lat_sum) / Number(cell.count),
      lon: Number(cell.lon_sum) / Number(cell.count),
      count: Number(cell.count),
      cell: `${level}/${cell.cx}/${cell.cy}`,
    }));
  return { mode: 'clusters' as const, zoom: body.zoom, total, clusters, points: singlePoints };
}
