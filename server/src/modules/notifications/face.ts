// What other modules may use of the notifications.

/** Sends one push message to one device and waits briefly for its outcome (testers' checks). */
export { sendDirect } from './direct';
