import { z } from 'zod';

/** The offline vector basemap Vigil serves (a PMTiles archive), as the SPA draws it with protomaps-leaflet. */
export const tileArchive = z.object({
  /** Where the archive is read with HTTP range requests (same origin). */
  url: z.string(),
  attribution: z.string(),
  minZoom: z.number().int(),
  maxZoom: z.number().int(),
  /** West, south, east, north in degrees: outside, the map shows the outlines. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

/**
 * What every map of the SPA draws under its markers, best first: the offline archive when one is
 * installed, else the online street tiles, else (and whenever the chosen one does not answer) the
 * country and département outlines with a "street map unavailable" notice.
 */
export const basemap = z.object({
  archive: tileArchive.nullable(),
  /** Online raster tiles ({z}/{x}/{y}, optional {s}); null when TILE_URL is "none". */
  tileUrl: z.string().nullable(),
  /** Credit of the online tiles (text and links). */
  attribution: z.string(),
  maxZoom: z.number().int(),
  /** GeoJSON of the country and département outlines, with commune names. */
  outlinesUrl: z.string(),
  /** Commune names inside a box (query west, south, east, north). */
  communesUrl: z.string(),
});
export type Basemap = z.infer<typeof basemap>;
export type TileArchive = z.infer<typeof tileArchive>;

/** The box of a commune-name request (the map's view). */
export const communesQuery = z.object({
  west: z.coerce.number().min(-180).max(180),
  south: z.coerce.number().min(-90).max(90),
  east: z.coerce.number().min(-180).max(180),
  north: z.coerce.number().min(-90).max(90),
});

/** A commune name at its centre, for the outline map. */
export const communeLabel = z.object({ code: z.string(), name: z.string(), lon: z.number(), lat: z.number() });
export type CommuneLabel = z.infer<typeof communeLabel>;
