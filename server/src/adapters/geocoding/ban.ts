import { z } from 'zod';
import type { GeocodePrecision, GeocodeQuery, GeocodeResult } from './geocoder';
import { getJson, GeocoderUnavailable, type HttpProviderOptions } from './http';
import type { HttpGeocoder } from './provider';

/** One feature of a BAN answer (api-adresse GeoJSON), as far as Vigil reads it. */
const banFeature = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z.object({
    label: z.string(),
    score: z.number().optional(),
    type: z.string(),
    name: z.string().optional(),
    postcode: z.string().optional(),
    city: z.string().optional(),
    citycode: z.string().optional(),
  }),
});
const banCollection = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) });

/** BAN result types: a "lieu-dit" (locality) is as precise as a street; a municipality means the pin must be moved. */
const precisionOfType: Record<string, GeocodePrecision> = {
  housenumber: 'housenumber',
  street: 'street',
  locality: 'street',
  municipality: 'municipality',
};

/**
 * A BAN-compatible service (Base Adresse Nationale, addok): GET {url}/search/?q=&limit=&postcode= and
 * GET {url}/reverse/?lat=&lon=, GeoJSON answers. France only.
 */
export function createBanGeocoder(options: HttpProviderOptions): HttpGeocoder {
  return {
    name: 'ban',
    covers: (countryCode) => countryCode === 'FR',
    async search(query, signal) {
      const q = textOf(query);
      if (q.length < 3) return []; // the service refuses shorter queries
      const postcode = query.zipCode?.replace(/\s/g, '');
      const body = await getJson('ban', options, '/search/', {
        q: q.slice(0, 200),
        limit: query.limit ?? 5,
        postcode: postcode && /^\d{5}$/.test(postcode) ? postcode : undefined,
      }, signal);
      return featuresOf(body);
    },
    async reverse(lat, lon, _countryCode, signal) {
      const body = await getJson('ban', options, '/reverse/', { lat, lon, limit: 1 }, signal);
      return featuresOf(body)[0];
    },
  };
}

function textOf(query: GeocodeQuery): string {
  const parts = [query.address, query.zipCode, query.city].map((part) => part?.trim()).filter(Boolean) as string[];
  // Do not repeat a postal code or city already typed in the address.
  const address = parts[0] ?? '';
  return parts.filter((part, at) => at === 0 || !address.toLowerCase().includes(part.toLowerCase())).join(' ');
}

function featuresOf(body: unknown): GeocodeResult[] {
  const collection = banCollection.safeParse(body);
  if (!collection.success) throw new GeocoderUnavailable('ban', 'answer is not a GeoJSON FeatureCollection');
  const results: GeocodeResult[] = [];
  for (const raw of collection.data.features) {
    const feature = banFeature.safeParse(raw);
    if (!feature.success) continue;
    const { geometry, properties } = feature.data;
    results.push({
      label: properties.label,
      lon: geometry.coordinates[0],
      lat: geometry.coordinates[1],
      city: properties.city ?? (properties.type === 'municipality' ? (properties.name ?? '') : ''),
      zipCode: properties.postcode ?? '',
      countryCode: 'FR',
      precision: precisionOfType[properties.type] ?? 'municipality',
      score: Math.min(1, Math.max(0, properties.score ?? 0)),
      insee: properties.citycode,
      ...(properties.type !== 'municipality' && properties.name ? { street: properties.name } : {}),
    });
  }
  return results;
}
