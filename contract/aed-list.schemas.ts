import { z } from 'zod';
import { vigilance } from './aed.schemas';

/** Schemas of the AED list, map, export and account counts (spec §3 "AED list state", §7). */

export const aedFilterTypes = ['ALL', 'TAG', 'ADVANCED'] as const;

/** Fields a TAG filter can search in (contains, accent- and case-insensitive). */
export const aedTagFields = ['name', 'address', 'city', 'zipCode', 'udid', 'serialNumber', 'brand', 'model', 'idAed', 'externalSourceId', 'cabinetId', 'idGeocoeur'] as const;

/**
 * ADVANCED filter tags and the value each takes. `unlink.geodae` keeps the AEDs not linked to a
 * GeoDAE record (the list's geoDAE flag).
 */
export const aedAdvancedTags = {
  status: 'available | inMaintenance | unavailable | deleted, or an array of them (deleted AEDs are hidden otherwise)',
  certified: 'boolean',
  validated: 'boolean',
  confirmation: 'never | under3Months | under6Months | under1Year | over1Year, or an array',
  vigilance: 'alert (any consumable expired or soon) | expired | soon | battery | pads | childPads',
  brand: 'exact brand',
  model: 'exact model',
  city: 'text contained in the city',
  zipCode: 'zip code prefix',
  country: 'ISO code',
  source: 'manual | import | geodae | publicApp',
  accessibility: '1 private | 2 public',
  position: '1 indoor | 2 outdoor',
  alwaysOpened: 'boolean',
  positionToCheck: 'boolean: placed at its commune by an import',
  itinerant: 'boolean',
  hasChildPads: 'boolean',
  isLinked: 'boolean',
  'unlink.geodae': 'any value: only AEDs not linked to GeoDAE',
  hasReports: 'boolean: has on-going reports',
  geoDaeReady: 'boolean: every mandatory column of the GeoDAE declaration (schema-dae 1.0.7) can be written',
  createdFrom: 'YYYY-MM-DD',
  createdTo: 'YYYY-MM-DD',
} as const;
export type AedAdvancedTag = keyof typeof aedAdvancedTags;

export const aedFilterEntry = z.object({
  tag: z.string().max(60).default(''),
  value: z.union([z.string().max(200), z.number(), z.boolean(), z.array(z.union([z.string().max(100), z.number()])).max(50)]).nullable().optional(),
  type: z.enum(aedFilterTypes),
});
export type AedFilterEntry = z.infer<typeof aedFilterEntry>;

export const aedOrderFields = ['created', 'updated', 'name', 'city', 'zipCode', 'status', 'brand', 'lastConfirmationDate', 'batteryExpiration', 'padsExpiration'] as const;
export type AedOrderField = (typeof aedOrderFields)[number];

/** Which AEDs: the filters and the account choice ('0' or absent = every account the caller sees). */
export const aedScope = z.object({
  filter: z.array(aedFilterEntry).max(40).default([]),
  idSelected: z.union([z.string().max(12), z.number().int()]).nullable().optional(),
  withChild: z.boolean().default(true),
  lang: z.string().max(10).optional(),
});
export type AedScope = z.infer<typeof aedScope>;

const sortDirection = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['asc', 'desc']));

/** POST aed/getAllList. page is the zero-based page plus 1 (spec §9). */
export const aedListBody = aedScope.extend({
  order: z.enum(aedOrderFields).default('created'),
  orderSort: sortDirection.default('desc'),
  limit: z.number().int().min(1).max(500).default(50),
  page: z.number().int().min(1).max(100_000).default(1),
});
export type AedListBody = z.infer<typeof aedListBody>;

export const aedListItem = z.object({
  id: z.number().int(),
  udid: z.string(),
  idAed: z.string().nullable(),
  idSite: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  status: z.string(),
  unavailableReason: z.string().nullable(),
  unavailableUntil: z.string().nullable(),
  alwaysOpened: z.boolean(),
  /** Placed at its commune's centre by an import: the position must be checked. */
  positionToCheck: z.boolean(),
  certified: z.boolean(),
  lastCertificationDate: z.string().nullable(),
  validated: z.boolean(),
  lastConfirmationDate: z.string().nullable(),
  isLinked: z.boolean(),
  source: z.string(),
  batteryExpiration: z.string().nullable(),
  padsExpiration: z.string().nullable(),
  childPadsExpiration: z.string().nullable(),
  hasChildPads: z.boolean(),
  onGoingReports: z.number().int(),
  /** The mandatory schema-dae columns the AED cannot fill yet; empty when it is ready for GeoDAE. */
  geoDaeMissing: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  vigilance,
});
export type AedListItem = z.infer<typeof aedListItem>;

export const aedCount = z.object({
  totalCount: z.number().int(),
  allCount: z.array(z.object({ idSite: z.number().int(), count: z.number().int() })),
  externalCount: z.number().int(),
});

/** Counts answered with a list page: matching AEDs per account and in external accounts. */
export type AedCount = z.output<typeof aedCount>;

export const aedListResponse = z.object({ list: z.array(aedListItem), count: aedCount });
export type AedListResponse = z.infer<typeof aedListResponse>;

const mapBounds = z.object({ north: z.number().min(-90).max(90), south: z.number().min(-90).max(90), east: z.number().min(-180).max(180), west: z.number().min(-180).max(180) });

/**
 * POST aed/getAedsMap: the viewport and zoom, with the same filters as the list. With `fit` (the
 * filter or account just changed), the answer also gives the extent of every matching AED, so the
 * map can show them all.
 */
export const aedMapBody = aedScope.extend({
  bbox: mapBounds,
  zoom: z.number().int().min(0).max(22),
  fit: z.boolean().default(false),
});
export type AedMapBody = z.infer<typeof aedMapBody>;

export const aedMapPoint = z.object({
  id: z.number().int(),
  udid: z.string(),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  status: z.string(),
  alwaysOpened: z.boolean(),
  certified: z.boolean(),
  idSite: z.number().int(),
});
export const aedMapCluster = z.object({ lat: z.number(), lon: z.number(), count: z.number().int(), cell: z.string() });
export const aedMapResponse = z.object({
  /** clusters: grid clusters (count ≥ 2) plus the AEDs alone in their cell; points: every AED of the viewport. */
  mode: z.enum(['clusters', 'points']),
  zoom: z.number().int(),
  total: z.number().int(),
  clusters: z.array(aedMapCluster),
  points: z.array(aedMapPoint),
  /** Asked with `fit`: the bounds of every AED of the scope and filter, null when none matches. */
  extent: mapBounds.nullable().optional(),
});
export type AedMapPoint = z.output<typeof aedMapPoint>;
export type AedMapCluster = z.output<typeof aedMapCluster>;
/** getAedsMap: grid clusters below zoom 14 (and AEDs alone in their cell), every point above. */
export type AedMapData = z.output<typeof aedMapResponse>;

/** POST aed/export: the list scope and order; answers an xlsx file. */
export const aedExportBody = aedScope.extend({
  order: z.enum(aedOrderFields).default('created'),
  orderSort: sortDirection.default('desc'),
});
export type AedExportBody = z.infer<typeof aedExportBody>;

/**
 * POST aed/exportGeoDae: the list scope and order as a GeoDAE declaration (schema-dae 1.0.7 CSV).
 * Only the AEDs ready for GeoDAE unless `allAeds`: then every AED, the not-ready ones with empty
 * mandatory cells, and the answer's x-not-ready-count header says how many.
 */
export const geoDaeExportBody = aedExportBody.extend({ allAeds: z.boolean().default(false) });
export type GeoDaeExportBody = z.infer<typeof geoDaeExportBody>;

/** POST aed/exportOsm: the list scope and order as GeoJSON tagged for OpenStreetMap. */
export const osmExportBody = aedExportBody;

/** An account of the caller's tree with its AED counts (non-deleted AEDs). */
export const accountWithAedCount = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  tag: z.string().nullable(),
  parentId: z.number().int().nullable(),
  /** AEDs owned by the account itself. */
  count: z.number().int(),
  /** count plus the counts of every descendant. */
  totalLevel: z.number().int(),
  /** ids of the direct children. */
  child: z.array(z.number().int()),
});
export type AccountWithAedCount = z.output<typeof accountWithAedCount>;
