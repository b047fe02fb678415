/** How precise a geocoding answer is: a commune-level answer means the pin must be moved. */
export type GeocodePrecision = 'housenumber' | 'street' | 'municipality';

export interface GeocodeQuery {
  address: string;
  city?: string;
  zipCode?: string;
  /** ISO 3166-1 alpha-2, default FR. */
  countryCode?: string;
  limit?: number;
}

export interface GeocodeResult {
  label: string;
  lat: number;
  lon: number;
  city: string;
  zipCode: string;
  countryCode: string;
  precision: GeocodePrecision;
  /** 0..1, higher is better. */
  score: number;
}

/**
 * Address → coordinates and back. The embedded default is an offline gazetteer of French communes;
 * BAN- and Nominatim-compatible HTTP services are chosen by configuration.
 */
export interface Geocoder {
  search(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeResult[]>;
  reverse(lat: number, lon: number, countryCode?: string, signal?: AbortSignal): Promise<GeocodeResult | undefined>;
}
