// What other modules (the responders' app) may use of the alerts.

/** What follows a change of an alert: live refresh of its account, push to its responders. */
export { afterAlertChange } from './effects';
/** Asks the engaged responders' phones for fresh positions. */
export { refreshEngaged } from './position-refresh';
/** One alert by id, scoped or not, optionally locked; and its row type. */
export { findAlert, type AlertRow } from './repo';
/** A responder's request on an alert: find, check and move along its chart, then announce it. */
export { afterRequestChange, checkAlertEvent, findRequest, moveRequest, type RequestRow } from './requests';
/** The alert settings of the configuration (radii, delays, walking speed). */
export { alertSettings } from './settings';
/** The launch's missions (direct or via an AED) for candidates in order of distance: the simulator replays them. */
export { planMissions, type Candidate } from './selection';
/** The settings' type, for a caller that varies some of them (the simulator's policies). */
export type { AlertSettings } from './settings';
