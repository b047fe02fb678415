// What other modules may use of the sign-in.

/** A user's own site, and the switch of a session to another account the user may reach. */
export { ownSiteOf, switchAccount } from './service';
