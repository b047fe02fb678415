import { fromCallback, fromPromise } from 'xstate';
import { listAlerts } from '../../services/alert.api';
import { subscribe } from '../../services/realtime';
import type { OngoingOutcome } from './ongoing-alerts.types';

/** The live list of spec §7: close=0 and status=2. */
export const liveListQuery = { close: 0, status: 2 } as const;

/** The ongoing alerts' I/O; tests replace them with `.provide({ actors })`. */
export const ongoingAlertsActors = {
  listLive: fromPromise<OngoingOutcome>(({ signal }) => listAlerts(liveListQuery, signal)),
  /** Every REFRESH_ALERTS of the account becomes `ongoing.refresh`. */
  listenRefresh: fromCallback<{ type: 'ongoing.refresh' }>(({ sendBack }) => subscribe('REFRESH_ALERTS', () => sendBack({ type: 'ongoing.refresh' }))),
};
