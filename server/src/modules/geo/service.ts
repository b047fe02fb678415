import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { countryLanguages, type Country, type GeoResult } from '../../../../contract/geo.schemas';
import type { GeocodeQuery, GeocodeResult } from '../../adapters/geocoding/geocoder';
import type { AppContext } from '../../context';

/** A geocoding answer with the flag the dispatcher sees: at commune precision the pin must be moved (spec §5). */
function withPinFlag(result: GeocodeResult): GeoResult {
  return { ...result, needsPinMove: result.precision === 'municipality' };
}

/** Every candidate for an address, best first; empty when nothing matches. */
export async function geocode(ctx: AppContext, query: GeocodeQuery): Promise<GeoResult[]> {
  const results = await ctx.geocoder.search({ ...query, countryCode: query.countryCode || 'FR' });
  return results.map(withPinFlag);
}

/**
 * The best place for an address, for the alert workflow and the AED register: `undefined` when the
 * address is not found (the caller answers "check the spelling" or sets wrongAddress), else the best
 * candidate with `needsPinMove` true when it is only as precise as the commune.
 */
export async function geocodeAddress(ctx: AppContext, query: GeocodeQuery): Promise<GeoResult | undefined> {
  const [best] = await geocode(ctx, { ...query, limit: 1 });
  return best;
}

/** The place at a point, or `undefined` when nothing is known there. */
export async function reverseGeocode(ctx: AppContext, lat: number, lon: number, country?: string): Promise<GeoResult | undefined> {
  const result = await ctx.geocoder.reverse(lat, lon, country);
  return result && withPinFlag(result);
}

const countryLists = new Map<string, Country[]>();

/**
 * Every country with a calling code (libphonenumber-js), named in French, English or German through
 * Intl.DisplayNames and sorted by that name; an unknown language gets English.
 */
export function countryList(lang: string | undefined): Country[] {
  const language = (countryLanguages as readonly string[]).find((code) => code === lang?.slice(0, 2).toLowerCase()) ?? 'en';
  let list = countryLists.get(language);
  if (!list) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(language);
    list = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, phoneCode: `+${getCountryCallingCode(code)}` }))
      .sort((a, b) => collator.compare(a.name, b.name));
    countryLists.set(language, list);
  }
  return list;
}
