import type { CommuneLabel } from '../../contract/tiles.schemas';
import { call, type Result } from './http';

/** The fallback map data Vigil serves (server/src/modules/tiles): outlines and commune names. */

/** Country and département outlines (GeoJSON), at the basemap's `outlinesUrl`. */
export function getOutlines(url: string, signal?: AbortSignal): Promise<Result<GeoJSON.FeatureCollection>> {
  return call<GeoJSON.FeatureCollection>(url, { signal });
}

/** Commune names inside a box, most populated first, at the basemap's `communesUrl`. */
export function getCommunes(url: string, box: { west: number; south: number; east: number; north: number }, signal?: AbortSignal): Promise<Result<CommuneLabel[]>> {
  return call<CommuneLabel[]>(url, { query: box, signal });
}
