import type { Alert } from '../../../contract/alert.schemas';
import type { Result } from '../../services/http';

export interface OngoingAlertsInput {
  /** The user's own service (account): the list shows its live interventions only. */
  siteId: number;
}

export interface OngoingAlertsContext extends OngoingAlertsInput {
  /** Live interventions (close=0, status=2) of the user's accounts, newest first. */
  alerts: Alert[];
  /** The list has been loaded at least once. */
  loaded: boolean;
  /** The last load failed: the list shown may be out of date. */
  failed: boolean;
  /** A REFRESH_ALERTS arrived during a load: load once more when it ends. */
  refreshAgain: boolean;
}

export type OngoingAlertsEvent = { type: 'ongoing.refresh' };

export type OngoingOutcome = Result<Alert[]>;
