// What other modules may use of the testers.

/** A tester, or a device by its udid, within a responder scope. */
export { testerById, deviceByUdid } from './repo';
