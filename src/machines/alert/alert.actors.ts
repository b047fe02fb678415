import { fromCallback, fromPromise } from 'xstate';
import * as api from '../../services/alert.api';
import { subscribe } from '../../services/realtime';
import type { AlertCallInput, AlertOutcome, LiveOutcome, MoveInput, OptionsOutcome, ResponderChange, RespondersOutcome, SetUpOutcome } from './alert.types';

/** Drops an undefined coordinate so the server geocodes the address instead. */
function placeBody(input: { address: string; lat?: number; lon?: number }) {
  return { address: input.address, ...(input.lat !== undefined && input.lon !== undefined ? { lat: input.lat, lon: input.lon } : {}) };
}

/** The alert and its responders, fetched together; the first failure wins. */
async function fetchLive(alertId: number, signal: AbortSignal): Promise<LiveOutcome> {
  const [alert, responders] = await Promise.all([api.getAlert(alertId, signal), api.getRespondersOnCall(alertId, signal)]);
  if (!alert.ok) return alert;
  if (!responders.ok) return responders;
  return { ok: true, data: { alert: alert.data, responders: responders.data } };
}

/** The alert machine's I/O; tests replace them with `.provide({ actors })`. */
export const alertActors = {
  loadOptions: fromPromise<OptionsOutcome>(({ signal }) => api.getAlertOptions(signal)),
  setUp: fromPromise<SetUpOutcome, AlertCallInput>(({ input, signal }) =>
    api.setUpAlert({ alertId: input.alertId, ...placeBody(input), addressInfo: input.addressInfo, alertType: input.alertType, debugMode: input.debugMode }, signal),
  ),
  launch: fromPromise<AlertOutcome, AlertCallInput>(({ input, signal }) =>
    api.launchAlert({ alertId: input.alertId, ...placeBody(input), addressInfo: input.addressInfo, alertType: input.alertType, debugMode: input.debugMode }, signal),
  ),
  fetchLive: fromPromise<LiveOutcome, { alertId: number }>(({ input, signal }) => fetchLive(input.alertId, signal)),
  moveAlert: fromPromise<AlertOutcome, MoveInput>(({ input, signal }) => api.updateAlertAddress(input.alertId, { ...placeBody(input.place), addressInfo: input.addressInfo }, signal)),
  changeResponder: fromPromise<RespondersOutcome, ResponderChange>(({ input, signal }) => api.changeResponder(input.action, input.alertId, input.id, signal)),
  closeAlert: fromPromise<AlertOutcome, { alertId: number }>(({ input, signal }) => api.closeAlert(input.alertId, signal)),
  /** Turns REFRESH_ALERTS about this alert (or about no alert in particular) into `alerts.refresh`. */
  listenRefresh: fromCallback<{ type: 'alerts.refresh' }, { alertId: number }>(({ input, sendBack }) =>
    subscribe('REFRESH_ALERTS', (data) => {
      const about = (data as { alertId?: unknown } | undefined)?.alertId;
      if (about === undefined || about === input.alertId) sendBack({ type: 'alerts.refresh' });
    }),
  ),
};
