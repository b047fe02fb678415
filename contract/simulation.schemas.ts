import { z } from 'zod';

/**
 * The alert-policy simulator (issue 23): a period of history replayed under the current policy and
 * a proposed one, each past alert against the responders sampled around its launch.
 */

/** A policy the simulator compares: the launch's radius and selection, the AED search, the escalation. */
export const simulationPolicy = z.object({
  radiusKm: z.number().positive().max(50),
  maxSelected: z.number().int().positive().max(1000),
  directResponders: z.number().int().min(0).max(1000),
  aedRunners: z.number().int().min(0).max(1000),
  aedRadiusKm: z.number().positive().max(50),
  escalation: z.object({
    enabled: z.boolean(),
    minAccepted: z.number().int().min(1).max(1000),
    afterSeconds: z.number().int().min(1).max(3600),
    stepKm: z.number().positive().max(50),
    maxKm: z.number().positive().max(50),
  }),
});
export type SimulationPolicy = z.infer<typeof simulationPolicy>;

/** POST simulations: the period (YYYY-MM-DD, inclusive), an account of the caller's subtree (default: theirs), the seed and the proposed policy. */
export const simulationBody = z.object({
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  selectedSite: z.number().int().positive().optional(),
  seed: z.number().int().min(0).max(2_147_483_647).default(1),
  proposed: simulationPolicy,
});
export type SimulationBody = z.infer<typeof simulationBody>;

const spread = z.object({ median: z.number().nullable(), p90: z.number().nullable() });

/** What one policy gives over the period (seconds; the histograms count alerts per minute, the last one 30 min and more). */
export const policySummary = z.object({
  alerts: z.number().int(),
  firstOnSite: spread,
  aedOnSite: spread,
  noResponder: z.number().int(),
  alertedPerAlert: z.number(),
  perResponderMonth: z.object({ mean: z.number(), max: z.number() }),
  escalatedAlerts: z.number().int(),
  firstOnSiteMinutes: z.array(z.number().int()),
  aedOnSiteMinutes: z.array(z.number().int()),
});
export type PolicySummary = z.infer<typeof policySummary>;

export const simulationResults = z.object({
  current: policySummary,
  proposed: policySummary,
  /** Acceptance probability per Europe/Paris hour and the delay to accept, as the period's history gave them. */
  acceptByHour: z.array(z.number()),
  acceptSeconds: z.number(),
  /** Alerts that had no position sample near their launch (replayed with nobody around). */
  alertsWithoutSample: z.number().int(),
  /** Milliseconds reading the period from the database, and in all. */
  readMs: z.number().int(),
  elapsedMs: z.number().int(),
});
export type SimulationResults = z.infer<typeof simulationResults>;

export const simulationStatuses = ['queued', 'running', 'done', 'failed'] as const;

/** A stored run: its parameters (with the current policy of the moment) and, once done, its results. */
export const simulationRun = z.object({
  runId: z.number().int(),
  accountId: z.number().int(),
  createdAt: z.string(),
  status: z.enum(simulationStatuses),
  params: simulationBody.extend({ accountIds: z.array(z.number().int()), current: simulationPolicy }),
  results: simulationResults.nullable(),
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type SimulationRun = z.infer<typeof simulationRun>;

export const simulationRunParams = z.object({ runId: z.coerce.number().int().positive() });
export const simulationListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
