import { z } from 'zod';
import { flag } from './http';

/**
 * The coverage-gap map (issue 23, docs/decisions.md "Coverage-gap map"): for an account's area and
 * an hour band, the expected time for the first responder and for an AED to reach each cell.
 */

/** An hour band: weekdays or weekends, and a Europe/Paris hour. */
export const coverageBand = z.object({
  weekend: flag(false),
  hour: z.coerce.number().int().min(0).max(23),
});
export type CoverageBand = z.infer<typeof coverageBand>;

const selectedSite = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().positive().optional());

/** GET coverage summary and export: an account (the caller's by default) and a band. */
export const coverageQuery = coverageBand.extend({ selectedSite });
export type CoverageQuery = z.infer<typeof coverageQuery>;

/** GET the candidates' export: its headers in this language. */
export const coverageExportQuery = coverageQuery.extend({ lang: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(10).default('fr')) });
export type CoverageExportQuery = z.infer<typeof coverageExportQuery>;

/** GET coverage map: the cells in a view (the whole area when no view is given). */
export const coverageMapQuery = coverageQuery.extend({
  south: z.coerce.number().min(-90).max(90).optional(),
  west: z.coerce.number().min(-180).max(180).optional(),
  north: z.coerce.number().min(-90).max(90).optional(),
  east: z.coerce.number().min(-180).max(180).optional(),
});
export type CoverageMapQuery = z.infer<typeof coverageMapQuery>;

/** GET a cell's explanation: the point clicked. */
export const coverageCellQuery = coverageQuery.extend({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) });
export type CoverageCellQuery = z.infer<typeof coverageCellQuery>;

export const coverageGrid = z.object({
  south: z.number(),
  west: z.number(),
  cellMetres: z.number(),
  metresPerLon: z.number(),
  cols: z.number().int(),
  rows: z.number().int(),
});

/** A cell as the map draws it: [ix, iy, responder seconds, AED seconds, past alerts]; null seconds: none within reach. */
export const coverageCell = z.tuple([z.number().int(), z.number().int(), z.number().int().nullable(), z.number().int().nullable(), z.number().int()]);
export type CoverageCell = z.infer<typeof coverageCell>;

export const coverageMap = z.object({
  computedAt: z.string(),
  /** Null when the account has no AED and no alert: no area to map. */
  grid: coverageGrid.nullable(),
  /** Cells of 2^level × 2^level cells of the grid: a block shows its best cell's times. */
  level: z.number().int(),
  targetSeconds: z.number().int(),
  /** Sampled moments of the band over the weeks kept. */
  instants: z.number().int(),
  cells: z.array(coverageCell),
});
export type CoverageMap = z.infer<typeof coverageMap>;

const ranked = z.object({ ix: z.number().int(), iy: z.number().int(), lat: z.number(), lon: z.number() });

export const coverageGap = ranked.extend({ alerts: z.number().int(), responderSeconds: z.number().int().nullable(), aedSeconds: z.number().int().nullable() });
export type CoverageGap = z.infer<typeof coverageGap>;

export const coverageCandidate = ranked.extend({ gapMinutesRemoved: z.number(), alertsHelped: z.number().int() });
export type CoverageCandidate = z.infer<typeof coverageCandidate>;

export const coverageSummary = z.object({
  computedAt: z.string(),
  instants: z.number().int(),
  targetSeconds: z.number().int(),
  cells: z.number().int(),
  gapCells: z.number().int(),
  /** Gap cells with past alerts, most alerts first. */
  worst: z.array(coverageGap),
  /** Where one more AED would help most. */
  candidates: z.array(coverageCandidate),
});
export type CoverageSummary = z.infer<typeof coverageSummary>;

/** Why a cell's times are what they are. */
export const coverageReasons = ['noResponderSeen', 'respondersRarelyNear', 'nearestAedsClosed', 'noAedInReach', 'aedTooFar'] as const;
export type CoverageReason = (typeof coverageReasons)[number];

export const coverageNearbyAed = z.object({
  id: z.number().int(),
  name: z.string(),
  distance: z.number().int(),
  /** Available and open at half past the hour on every day of the day type. */
  openInBand: z.boolean(),
});

export const coverageCellDetail = z.object({
  ix: z.number().int(),
  iy: z.number().int(),
  lat: z.number(),
  lon: z.number(),
  responderSeconds: z.number().int().nullable(),
  aedSeconds: z.number().int().nullable(),
  alerts: z.number().int(),
  gap: z.boolean(),
  instants: z.number().int(),
  /** Sampled moments when a responder was within reach of the cell. */
  instantsWithResponder: z.number().int(),
  /** The AED the model sends a responder to fetch: the nearest open in the band. */
  fetchedAed: coverageNearbyAed.nullable(),
  /** The nearest AEDs, open or not, within reach. */
  nearestAeds: z.array(coverageNearbyAed),
  reasons: z.array(z.enum(coverageReasons)),
});
export type CoverageCellDetail = z.infer<typeof coverageCellDetail>;
