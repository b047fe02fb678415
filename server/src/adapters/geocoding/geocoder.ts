/** How precise a geocoding answer is: a commune-level answer means the pin must be moved. */
export type GeocodePrecision = 'housenumber' | 'street' | 'municipality';

export interface GeocodeQuery {
  address: string;
  city?: string;
  zipCode?: string;
  /** ISO 3166-1 alpha-2, default FR. */
  countryCode?: string;
  limit?: number;
  /** The dispatcher's service area: among equally good answers, the nearest first. */
  near?: { lat: number; lon: number };
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
  /** Number and street ("12 Place de Jaude"), without postcode and commune; absent for a commune. */
  street?: string;
  /** INSEE code of the commune when the provider gives it: names the département exactly. */
  insee?: string;
}

/**
 * Address → coordinates and back. The embedded default is an offline gazetteer of French communes;
 * BAN- and Nominatim-compatible HTTP services are chosen by configuration.
 */
export interface Geocoder {
  search(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeResult[]>;
  reverse(lat: number, lon: number, countryCode?: string, signal?: AbortSignal): Promise<GeocodeResult | undefined>;
}
