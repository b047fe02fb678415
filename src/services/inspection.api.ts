import { inspectionEndpoints as endpoints } from '../../contract/inspection.endpoints';
import { call } from './http';

/** The live inspector's calls (contract/inspection.endpoints.ts). No React, no state. */

/** Whether the signed-in user may open the inspector (super administrator, or a group the server adds). */
export function getInspectionAccess(signal?: AbortSignal) {
  return call(endpoints.access, {}, { signal });
}

/** Open alerts of the user's accounts, with their alert-chart state. */
export function getInspectableAlerts(signal?: AbortSignal) {
  return call(endpoints.alerts, {}, { signal });
}

/** The alert chart and each responder-request chart of an alert, replayed by the server from its event log. */
export function getAlertCharts(alertId: number, signal?: AbortSignal) {
  return call(endpoints.alertCharts, { params: { alertId } }, { signal });
}
