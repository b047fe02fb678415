// What other modules (the AED register's open-data exports) may use of the import.

/** Weekly hours written in OpenStreetMap's `opening_hours` syntax. */
export { writeOsmHours } from './osm-hours';
/** The columns of the schema-dae and OpenStreetMap presets, which the exports write back. */
export { osmFields, schemaDaeColumns } from './presets';
/** The hour ranges the import reads for schema-dae's words ("heures ouvrables", "nuit"). */
export { businessHours, mergeRanges, nightHours, type Range } from './values';
