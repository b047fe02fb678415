import { z } from 'zod';
import { can } from './access';
import { groups } from './groups';

/**
 * The live inspector (issue "statecharts as a product"): who may open it, and the domain charts of a
 * live alert as the server derives them from the alert's event log.
 */

const pseudoGroups: readonly number[] = [groups.updatePassword, groups.noRights, groups.signedOut];

/**
 * Whether a group may open the inspector: the `inspect.live` capability (super administrator), or a
 * staff group the server configuration adds (INSPECTOR_GROUPS, e.g. "6,7").
 */
export function mayInspect(idGroup: number, extraGroups: readonly number[] = []): boolean {
  if (pseudoGroups.includes(idGroup)) return false;
  return can(idGroup, 'inspect.live') || extraGroups.includes(idGroup);
}

/** GET /services/inspection/v1/access: whether the caller may open the inspector. */
export const inspectionAccess = z.object({ allowed: z.boolean() });
export type InspectionAccess = z.infer<typeof inspectionAccess>;

/** One alert the inspector may follow (no address, no names: an analyst reads states, not people). */
export const inspectableAlert = z.object({
  alertId: z.number().int(),
  alertType: z.number().int(),
  state: z.string(),
  debugMode: z.number().int(),
  test: z.boolean(),
  createdAt: z.string(),
});
export type InspectableAlert = z.infer<typeof inspectableAlert>;

/** A state an entity went through, derived from the event log, with the time it entered it. */
export const chartStep = z.object({
  state: z.string(),
  /** The chart event that led there (null for the initial state). */
  event: z.string().nullable(),
  at: z.string(),
});
export type ChartStep = z.infer<typeof chartStep>;

/** The alert chart's current state and the path the log says it took. */
export const alertChartState = z.object({
  alertId: z.number().int(),
  state: z.string(),
  since: z.string(),
  steps: z.array(chartStep),
  /** False when the stored status disagrees with the state the log leads to (worth a look). */
  consistent: z.boolean(),
});

/** One responder request on the responder-request chart. */
export const requestChartState = z.object({
  requestId: z.number().int(),
  /** The responder's number, never their name. */
  responderId: z.number().int(),
  rank: z.number().int(),
  mission: z.string(),
  state: z.string(),
  since: z.string(),
  steps: z.array(chartStep),
  consistent: z.boolean(),
});
export type RequestChartState = z.infer<typeof requestChartState>;

/** GET /services/inspection/v1/alerts/:alertId: the domain charts of an alert, with their current states. */
export const alertCharts = z.object({
  alert: alertChartState,
  requests: z.array(requestChartState),
  /** Log events that the charts refused (an illegal transition in the log), for the analyst. */
  anomalies: z.array(z.object({ at: z.string(), kind: z.string(), detail: z.string() })),
});
export type AlertCharts = z.infer<typeof alertCharts>;

export const inspectionAlertParams = z.object({ alertId: z.coerce.number().int().positive() });
