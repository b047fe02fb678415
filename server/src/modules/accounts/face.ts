// What other modules may use of the accounts: the account tree and the tenancy scopes built on it.

/** One account's row by id (undefined when absent). */
export { findAccount } from './repo';
/** Whether a user was granted access to an account besides their own (third access). */
export { hasThirdAccess } from './repo';
/** An account and its descendants: what a session on that account may see. */
export { accountSubtree } from './repo';
/** The accounts a user manages by third access from the programme's own account's tree. */
export { managedAccounts } from './repo';
/** An account of a subtree, as the modules that scope by account need it. */
export type { AccountNode } from './subtrees';
/** The accounts a history, call-back or dashboard question covers, narrowed to a chosen site. */
export { resolveScope, type Scope } from './scope';
/** The responders a session may see, and the SQL and JS tests of a site against it. */
export { responderScope, inScope, siteInScope, type ResponderScope } from './scope';
