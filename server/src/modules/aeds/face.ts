// What other modules may use of the AED register.

/** The columns an availability change (start or end of an unavailability) writes on an AED. */
export { availabilityUpdate } from './availability';
/** The columns a deletion writes on an AED (its status kept to restore it). */
export { deleteUpdate } from './availability';
/** The AED list's export columns, which the import's Vigil preset reads back. */
export { exportColumns } from './export-columns';
/** An AED as the register stores it. */
export type { AedRow } from './tenancy';
/** The derived columns' upkeep after a bulk write: defer it, then catch up in slices or at once. */
export { deferUpkeep, catchUp, catchUpAll } from './upkeep';
