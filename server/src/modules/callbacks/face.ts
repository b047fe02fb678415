// What other modules may use of the call-backs (history, indicators, interviews, dashboards).

/** SQL fragments over requests and call-backs: set off, accepted at, contact status, staleness. */
export { acceptedAt, contactStatusOf, setOff, staleSql } from './repo';
/** The contact status of an alert from its call-backs' statuses. */
export { alertContactStatus } from './repo';
/** The outcomes a call may record from a call-back's status. */
export { allowedOutcomes } from './service';
/** Records a call (and its interview) on a request's call-back. */
export { recordCall } from './service';
/** Creates the call-backs that closed alerts owe before a call-back question is answered. */
export { syncCallbacks } from './sync';
