import type { AlertCharts, InspectableAlert, InspectionAccess } from '../../contract/inspection';
import { call, type Result } from './http';

/** The live inspector's calls (/services/inspection/v1/...). No React, no state. */

const base = '/services/inspection/v1';

/** Whether the signed-in user may open the inspector (super administrator, or a group the server adds). */
export function getInspectionAccess(signal?: AbortSignal): Promise<Result<InspectionAccess>> {
  return call<InspectionAccess>(`${base}/access`, { signal });
}

/** Open alerts of the user's accounts, with their alert-chart state. */
export function getInspectableAlerts(signal?: AbortSignal): Promise<Result<InspectableAlert[]>> {
  return call<InspectableAlert[]>(`${base}/alerts`, { signal });
}

/** The alert chart and each responder-request chart of an alert, replayed by the server from its event log. */
export function getAlertCharts(alertId: number, signal?: AbortSignal): Promise<Result<AlertCharts>> {
  return call<AlertCharts>(`${base}/alerts/${alertId}`, { signal });
}
