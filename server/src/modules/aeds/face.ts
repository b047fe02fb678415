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
/** The register's bulk writes (import, demo seed): AEDs by COPY, patches of many AEDs, contacts. */
export { insertAeds, patchAeds, writeContacts, insertContacts, contactsOf, type AedInsert, type AedPatch, type ContactFields, type ContactRow } from './register';
/** The id an OpenStreetMap file Vigil writes gives an AED that came from no other source. */
export { vigilExternalId } from './register';
/** The register's duplicate thresholds, shared by the form, the duplicates screen and the import. */
export { duplicateRadiusMetres, duplicateNameSimilarity, duplicateCloseMetres, sameDeviceMetres } from './register-duplicates';
/** Potential duplicates of a whole batch of new rows in one query, with the register's rules. */
export { findDuplicates, type DuplicateProbe, type DuplicateHit } from './register-duplicates';
/** Lower case without accents, as the register compares names. */
export { normalise as normaliseName } from './filters';
