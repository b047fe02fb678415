import { z } from 'zod';
import type { GeocodePrecision, GeocodeQuery, GeocodeResult } from './geocoder';
import { getJson, GeocoderUnavailable, type HttpProviderOptions } from './http';
import type { HttpGeocoder } from './provider';

/** One place of a Nominatim `format=jsonv2` answer with `addressdetails=1`, as far as Vigil reads it. */
const nominatimPlace = z.object({
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  display_name: z.string(),
  place_rank: z.coerce.number().optional(),
  address: z.record(z.string(), z.string()).optional(),
});

/**
 * Nominatim address ranks: 26-27 streets, 20-25 hamlets, neighbourhoods and city blocks (as precise
 * as a street for a dispatcher), 28-30 buildings and house numbers; below 20 a village, town or city.
 */
function precisionOf(rank: number | undefined, address: Record<string, string> | undefined): GeocodePrecision {
  if (address?.house_number || (rank ?? 0) >= 28) return 'housenumber';
  if ((rank ?? 0) >= 20) return 'street';
  return 'municipality';
}

/**
 * A Nominatim-compatible service: GET {url}/search?q=&format=jsonv2&addressdetails=1&countrycodes=&limit=
 * and GET {url}/reverse?lat=&lon=&format=jsonv2. Every country.
 */
export function createNominatimGeocoder(options: HttpProviderOptions): HttpGeocoder {
  return {
    name: 'nominatim',
    covers: () => true,
    async search(query, signal) {
      const q = textOf(query);
      if (!q) return [];
      const body = await getJson('nominatim', options, '/search', {
        q,
        format: 'jsonv2',
        addressdetails: 1,
        countrycodes: (query.countryCode || 'FR').toLowerCase(),
        limit: query.limit ?? 5,
      }, signal);
      if (!Array.isArray(body)) throw new GeocoderUnavailable('nominatim', 'search answer is not a list');
      const places = body.flatMap((raw) => {
        const place = nominatimPlace.safeParse(raw);
        return place.success ? [place.data] : [];
      });
      // Nominatim gives no match score: its order is its ranking.
      return places.map((place, rank) => resultOf(place, query.countryCode, Math.max(0.1, 1 - rank * 0.1)));
    },
    async reverse(lat, lon, countryCode, signal) {
      const body = await getJson('nominatim', options, '/reverse', { lat, lon, format: 'jsonv2', addressdetails: 1 }, signal);
      if (body && typeof body === 'object' && 'error' in body) return undefined; // {"error":"Unable to geocode"}
      const place = nominatimPlace.safeParse(body);
      if (!place.success) throw new GeocoderUnavailable('nominatim', 'reverse answer is not a place');
      return resultOf(place.data, countryCode, 1);
    },
  };
}

function textOf(query: GeocodeQuery): string {
  const address = query.address?.trim() ?? '';
  const extra = [query.zipCode, query.city].map((part) => part?.trim()).filter((part): part is string => !!part && !address.toLowerCase().includes(part.toLowerCase()));
  return [address, ...extra].filter(Boolean).join(', ');
}

function resultOf(place: z.infer<typeof nominatimPlace>, countryCode: string | undefined, score: number): GeocodeResult {
  const address = place.address ?? {};
  return {
    label: place.display_name,
    lat: place.lat,
    lon: place.lon,
    city: address.city ?? address.town ?? address.village ?? address.municipality ?? address.hamlet ?? '',
    zipCode: address.postcode ?? '',
    countryCode: (address.country_code ?? countryCode ?? 'FR').toUpperCase(),
    precision: precisionOf(place.place_rank, place.address),
    street: [address.house_number, address.road ?? address.pedestrian ?? address.hamlet].filter(Boolean).join(' '),
    score: Math.round(score * 100) / 100,
  };
}
