import { z } from 'zod';
import { flag } from './http';

/**
 * The dashboard view (spec §2 "Dashboards", §3 "Statistics", §4 "Dashboard", §7
 * getStatsReferentDashboard) and the admin tab's account statistics. docs/api-history.md
 * describes every figure and how it is computed.
 */

/** Tabs of /dashboard/view (spec §2); referent is the default. Any other name is an unknown dashboard. */
export const dashboardViews = ['referent', 'tech', 'admin'] as const;
export type DashboardView = (typeof dashboardViews)[number];
export const defaultDashboardView: DashboardView = 'referent';

/** The departure-period switch (spec §4, default 1): 1 the current month (with the last 12 months), 2 the total. */
export const departureSwitches = [1, 2] as const;
export type DepartureSwitch = (typeof departureSwitches)[number];
export const defaultDepartureSwitch: DepartureSwitch = 1;


/** GET /services/backoffice/alert/getStatsReferentDashboard */
export const referentStatsQuery = z.object({
  selectedSite: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().positive().optional()),
  isPersonalFetch: flag(true),
  isMonthDepartureFetch: flag(true),
  isTotalDepartureFetch: flag(true),
});
export type ReferentStatsQuery = z.infer<typeof referentStatsQuery>;

/** A duration with the unit that reads best (spec §3 averageTimeBeforeCall {value, period}). */
export const durationFigure = z.object({ value: z.number().nullable(), period: z.enum(['minute', 'hour', 'day']) });
export type DurationFigure = z.infer<typeof durationFigure>;

/** Departures of a period (spec §3): responders who set off, interventions, delays. */
export const departureFigures = z.object({
  /** Distinct responders who set off at least once. */
  nbRescuer: z.number().int(),
  /** Launched alerts of the period (test alerts excluded). */
  nbIntervention: z.number().int(),
  /** Mean seconds from launch to each departure (acceptance); null without departure. */
  averageDurationBetweenAlert: z.number().nullable(),
  /** Departures per intervention. */
  averageRescuerBy_Alert: z.number(),
  /** Departures (responder and alert pairs). */
  nbDeparture: z.number().int(),
});
export type DepartureFigures = z.infer<typeof departureFigures>;

export const monthDepartures = departureFigures.extend({
  /** First day of the current month (YYYY-MM-DD). */
  month: z.string(),
  /** The last 12 months, oldest first, for the chart. */
  series: z.array(departureFigures.extend({ month: z.string() })),
});

export const referentStats = z.object({
  personal: z
    .object({
      /** Interviews the user completed (outcome done), ever. */
      formComplete: z.number().int(),
      /** Calls the user made over the last 30 days, whatever their outcome. */
      callRollingMonth: z.number().int(),
      /** Mean time from an alert's close to the user's first call to each responder, over the last 30 days. */
      averageTimeBeforeCall: durationFigure,
    })
    .nullable(),
  departure: z.object({ month: monthDepartures.nullable(), total: departureFigures.extend({ since: z.string().nullable() }).nullable() }),
});
export type ReferentStats = z.infer<typeof referentStats>;

/** GET /services/backoffice/dashboard/getAccountStats?selectedSite (the admin tab). */
export const accountStatsQuery = z.object({ selectedSite: referentStatsQuery.shape.selectedSite });

export const accountStatsRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  parentId: z.number().int().nullable(),
  users: z.number().int(),
  aeds: z.number().int(),
  aedsAvailable: z.number().int(),
  /** Launched non-test alerts over the last 12 months, and ever. */
  alertsYear: z.number().int(),
  alertsTotal: z.number().int(),
  departuresYear: z.number().int(),
  /** Activated responders who signed up through this account (the public app). */
  responders: z.number().int(),
  formsCompleted: z.number().int(),
  /** Responders still to call (to do, no answer, recall) after this account's alerts. */
  callbacksPending: z.number().int(),
});
export type AccountStatsRow = z.infer<typeof accountStatsRow>;
export const accountStats = z.object({ accounts: z.array(accountStatsRow) });
export type AccountStats = z.infer<typeof accountStats>;
