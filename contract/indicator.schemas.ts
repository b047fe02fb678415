import { z } from 'zod';

/**
 * The indicators of spec §7 (GET /services/backoffice/indicators/..., each with an area query)
 * and §9 (rates per 100,000 and per 1,000 inhabitants, last 24 hours, period keys). Every figure is
 * computed from the data; docs/api-history.md says how.
 */

/** Period keys of spec §9: display modes ACCURED and NEW, temporalities DAY, WEEK, MONTH, YEAR and CENTURY. */
export const periodKeys = ['ACCURED', 'CENTURY', 'MONTH', 'NEW', 'WEEK', 'YEAR'] as const;

/** Growth buckets and the window each covers: day (30 days), week (12 weeks), month (12 months), year (5 years), century (every year since the first record). */
export const temporalities = ['day', 'week', 'month', 'year', 'century'] as const;
export type Temporality = (typeof temporalities)[number];
export const defaultTemporality: Temporality = 'month';

/** accrued: running total; new: what each bucket added (spec §7, default accrued). */
export const displayModes = ['accrued', 'new'] as const;
export type DisplayMode = (typeof displayModes)[number];

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
/** "ACCURED" is how the spec's period key spells accrued. */
const lower = (value: unknown) => (typeof value === 'string' ? (value.toLowerCase() === 'accured' ? 'accrued' : value.toLowerCase()) : value);
const day = z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional());

/**
 * The area query: empty for everything the caller's accounts hold, a country (FR, LU), or a French
 * département code (63, 2A, 974). Rankings go one level down: départements of a country, communes
 * of a département.
 */
export const areaQuery = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(FR|LU|\d{2,3}|2[AB])$/)
    .optional(),
);

const common = {
  area: areaQuery,
  selectedSite: z.preprocess(blank, z.coerce.number().int().positive().optional()),
};
const range = { startDate: day, endDate: day };

export const heatmapQuery = z.object(common);
export const growthQuery = z.object({ ...common, temporality: z.preprocess((value) => lower(blank(value)), z.enum(temporalities).default(defaultTemporality)) });
export const respondersGrowthQuery = growthQuery.extend({ displayMode: z.preprocess((value) => lower(blank(value)), z.enum(displayModes).default('accrued')) });
export const rangeQuery = z.object({ ...common, ...range });
export const skillsQuery = z.object({ ...common, lang: z.preprocess(blank, z.string().max(10).default('fr')) });
export const areaOnlyQuery = z.object(common);
export type RangeQuery = z.infer<typeof rangeQuery>;

/** Heatmap points: [lat, lon, weight] of grid cells about 1 km wide. */
export const heatmap = z.object({
  points: z.array(z.tuple([z.number(), z.number(), z.number()])),
  total: z.number().int(),
  /** The heaviest cell, for the colour scale. */
  max: z.number().int(),
  cellDegrees: z.number(),
});
export type Heatmap = z.infer<typeof heatmap>;

export const growthBucket = z.object({
  /** 2026-03-14 (day), 2026-W11 (week), 2026-03 (month), 2026 (year). */
  key: z.string(),
  /** First instant of the bucket (ISO, Europe/Paris). */
  start: z.string(),
  /** Added during the bucket. */
  added: z.number().int(),
  /** Running total at the end of the bucket. */
  accrued: z.number().int(),
  /** What the display mode shows: accrued or added. */
  value: z.number().int(),
});
export const growth = z.object({
  temporality: z.enum(temporalities),
  displayMode: z.enum(displayModes),
  buckets: z.array(growthBucket),
  /** Total at the end of the last bucket. */
  total: z.number().int(),
});
export type Growth = z.infer<typeof growth>;

export const rankingRow = z.object({
  code: z.string(),
  name: z.string(),
  count: z.number().int(),
  population: z.number().int(),
  /** count per `per` inhabitants, two decimals. */
  rate: z.number(),
});
export const ranking = z.object({
  level: z.enum(['department', 'commune']),
  /** 100000 for alerts, 1000 for responders (spec §9). */
  per: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  rows: z.array(rankingRow),
  /** Items Vigil could not place in a French commune (abroad, at sea). */
  unplaced: z.number().int(),
});
export type Ranking = z.infer<typeof ranking>;

export const alertsType = z.object({
  startDate: z.string(),
  endDate: z.string(),
  total: z.number().int(),
  types: z.array(z.object({ alertType: z.number().int(), count: z.number().int() })),
});
export type AlertsType = z.infer<typeof alertsType>;

const labelledCount = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export const respondersSkills = z.object({
  total: z.number().int(),
  trained: z.array(labelledCount),
  skills: z.array(labelledCount),
});
export type RespondersSkills = z.infer<typeof respondersSkills>;

export const lookLast24 = z.object({
  since: z.string(),
  total: z.number().int(),
  open: z.number().int(),
  departures: z.number().int(),
  /** Mean seconds from launch to the first acceptance, over the alerts that had one. */
  averageFirstDepartureSeconds: z.number().nullable(),
  byType: z.array(z.object({ alertType: z.number().int(), count: z.number().int() })),
  /** Newest first, at most 50. */
  alerts: z.array(
    z.object({
      alertId: z.number().int(),
      date: z.string(),
      alertType: z.number().int(),
      address: z.string(),
      nbRequests: z.number().int(),
      nbDepartures: z.number().int(),
      open: z.boolean(),
      closeReason: z.enum(['user', 'auto']).nullable(),
    }),
  ),
});
export type LookLast24 = z.infer<typeof lookLast24>;

/** GET /services/backoffice/indicators/alertsSummary (the alert reporting page, /alert/dashboard). */
export const alertsSummary = z.object({
  startDate: z.string(),
  endDate: z.string(),
  total: z.number().int(),
  open: z.number().int(),
  closedByUser: z.number().int(),
  autoClosed: z.number().int(),
  withDeparture: z.number().int(),
  nbRequests: z.number().int(),
  nbDepartures: z.number().int(),
  nbRefused: z.number().int(),
  averageFirstDepartureSeconds: z.number().nullable(),
  averageDurationSeconds: z.number().nullable(),
  /** Alerts per day of the range, for the chart. */
  perDay: z.array(z.object({ day: z.string(), count: z.number().int(), departures: z.number().int() })),
});
export type AlertsSummary = z.infer<typeof alertsSummary>;
