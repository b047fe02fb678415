// What other modules may use of the geocoding.

/** Checks that coordinates are inside the service area (and the country when given). */
export { checkCoordinates } from './service';
/** The place of an address: found, outside the service area, or not found. */
export { placeOfAddress } from './service';
/** The address at coordinates. */
export { reverseGeocode } from './service';
