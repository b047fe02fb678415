import type { SnapshotFrom } from 'xstate';
import type { Alert } from '../../../contract/alert.schemas';
import type { ongoingAlertsMachine } from './ongoing-alerts.machine';

export type OngoingAlertsSnapshot = SnapshotFrom<typeof ongoingAlertsMachine>;

/**
 * The live interventions of the user's own service, newest launch first. The list call answers the
 * whole account subtree; the spec's banner shows the user's own regional service only.
 */
export function ongoingAlertsOf(snapshot: OngoingAlertsSnapshot): Alert[] {
  return snapshot.context.alerts
    .filter((alert) => alert.idSite === snapshot.context.siteId && alert.close === 0 && alert.status === 2)
    .sort((a, b) => (b.date ?? b.creationDate).localeCompare(a.date ?? a.creationDate));
}

export const ongoingCountOf = (snapshot: OngoingAlertsSnapshot) => ongoingAlertsOf(snapshot).length;
export const isLoadingOngoing = (snapshot: OngoingAlertsSnapshot) => snapshot.matches('loading');
/** The last load failed: the list may be out of date. */
export const ongoingFailedOf = (snapshot: OngoingAlertsSnapshot) => snapshot.context.failed;
export const ongoingLoadedOf = (snapshot: OngoingAlertsSnapshot) => snapshot.context.loaded;
