import { z } from 'zod';
import { aedEditableFieldNames } from './aed.schemas';

/** Schemas of duplicates, the GeoDAE link and the merge of AEDs (spec §7, §5 "Merge"). */

const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * GET aed/potentialDuplicateAed: AEDs near and alike the reference AED (udid) or GeoDAE record
 * (idGeocoeur). isLinked keeps only linked (true) or unlinked (false) candidates; from says which
 * side asks: "aed" (default) looks among the caller's AEDs and GeoDAE records, "geodae" only among
 * the caller's own AEDs.
 */
export const potentialDuplicateQuery = z.object({
  udid: z.string().max(64).optional(),
  idGeocoeur: z.string().max(100).optional(),
  isLinked: booleanQuery.optional(),
  from: z.enum(['aed', 'geodae', 'form', 'list']).optional(),
  /** Search radius in metres, default 300. */
  radius: z.coerce.number().min(10).max(5000).optional(),
});

export const potentialDuplicate = z.object({
  id: z.number().int(),
  udid: z.string(),
  idSite: z.number().int(),
  accountKind: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
  /** Metres from the reference AED. */
  distance: z.number(),
  /** Name similarity 0..1 (pg_trgm). */
  similarity: z.number(),
  isLinked: z.boolean(),
  idGeocoeur: z.string().nullable(),
  source: z.string(),
  serialNumber: z.string().nullable(),
});
export const potentialDuplicatesResponse = z.object({ reference: z.object({ udid: z.string(), name: z.string() }), list: z.array(potentialDuplicate) });
export type PotentialDuplicate = z.output<typeof potentialDuplicate>;

/** PATCH aed/linkGeoDaeToSA: links one of our AEDs (udid) to a GeoDAE record (udid or idGeocoeur). */
export const linkGeoDaeBody = z
  .object({ udid: z.string().min(1).max(64), geoDaeUdid: z.string().max(64).optional(), idGeocoeur: z.string().max(100).optional() })
  .refine((body) => body.geoDaeUdid || body.idGeocoeur, { message: 'error.auth.missing-fields', path: ['geoDaeUdid'] });

/** GET aed/aedsMergeInfo?compareUdid&preferredUdid&lang: compareUdid holds one or more udids, comma-separated. */
export const mergeInfoQuery = z.object({
  compareUdid: z.string().min(1).max(64 * 20),
  preferredUdid: z.string().min(1).max(64),
  lang: z.string().max(10).optional(),
});

export const mergeableFields = aedEditableFieldNames.filter((field) => field !== 'source');

export const mergeInfoResponse = z.object({
  preferredUdid: z.string(),
  aeds: z.array(z.object({ udid: z.string(), id: z.number().int(), name: z.string(), idSite: z.number().int(), status: z.string(), pictures: z.number().int(), contacts: z.number().int(), reports: z.number().int() })),
  fields: z.array(
    z.object({
      field: z.string(),
      /** Label key for the form (aed.field.<name>). */
      label: z.string(),
      values: z.array(z.object({ udid: z.string(), value: z.unknown() })),
      /** True when every AED holds the same value. */
      same: z.boolean(),
      /** The udid whose value is proposed: the preferred AED's, or the first non-empty one. */
      proposedUdid: z.string(),
    }),
  ),
});

/**
 * PATCH aed/aedMerge: merges mergedUdids into preferredUdid. values picks, per field, the udid
 * whose value the merged AED keeps (fields not named keep the preferred AED's value). An empty
 * chosen value is refused with warnings unless confirmEmpty is true.
 */
export const mergeBody = z.object({
  preferredUdid: z.string().min(1).max(64),
  mergedUdids: z.array(z.string().min(1).max(64)).min(1).max(19),
  values: z.record(z.string(), z.string().max(64)).default({}),
  confirmEmpty: z.boolean().default(false),
});

export const mergeResponse = z.object({
  merged: z.boolean(),
  udid: z.string(),
  /** Fields whose chosen value is empty: confirm with confirmEmpty true. */
  warnings: z.array(z.object({ field: z.string(), key: z.string() })),
  mergedUdids: z.array(z.string()),
});

export type MergeInfo = z.output<typeof mergeInfoResponse>;
export type MergeBody = z.input<typeof mergeBody>;
export type MergeResult = z.output<typeof mergeResponse>;
