import { geoEndpoints } from '../../contract/geo.endpoints';
import { call } from './http';

/**
 * The geocoding calls (docs/geocoding.md): addresses, reverse look-ups, pasted coordinates and the
 * country list, for the AED form and the alert screen alike. Apart from the AED register's calls,
 * so that a screen placing a pin does not load the register's endpoint table.
 */

export function getCountries(lang: string, signal?: AbortSignal) {
  return call(geoEndpoints.countries, { query: { lang } }, { signal });
}

export interface GeoCodingQuery {
  address: string;
  city?: string;
  zipCode?: string;
  countryCode?: string;
}

export function geoCoding(query: GeoCodingQuery, signal?: AbortSignal) {
  const cleaned = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as GeoCodingQuery;
  return call(geoEndpoints.geoCoding, { query: cleaned }, { signal });
}

export function reverseGeoCoding(lat: number, lon: number, country: string | undefined, signal?: AbortSignal) {
  return call(geoEndpoints.reverseGeoCoding, { query: { lat, lon, ...(country ? { country } : {}) } }, { signal });
}

/** Whether a pasted point is in the country, and the swapped point when only that one is. */
export function checkCoordinates(lat: number, lon: number, country: string, signal?: AbortSignal) {
  return call(geoEndpoints.coordinatesCheck, { query: { lat, lon, country } }, { signal });
}
