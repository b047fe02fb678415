import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { countryLanguages, type CoordinatesCheck, type Country, type GeoResult } from '../../../../contract/geo.schemas';
import { departementOf } from '../../adapters/geocoding/departements';
import type { GeocodeQuery, GeocodeResult } from '../../adapters/geocoding/geocoder';
import { createGazetteer, gazetteerCountries } from '../../adapters/geocoding/gazetteer';
import { distanceKm } from '../../adapters/geocoding/gazetteer-index';
import type { AppContext } from '../../context';
import { alertSettings } from '../alerts/face';

/** Where the service works: the alert map's centre and GEOCODER_AREA_KM around it. */
export interface ServiceArea {
  lat: number;
  lon: number;
  km: number;
}

/** Candidates asked of the provider, so that area ranking can lift a near answer above a far one. */
const rankedCandidates = 10;

/** The service area of a context: the configured map centre (ALERT_MAP_LAT/LNG) and GEOCODER_AREA_KM. */
export function serviceArea(ctx: Pick<AppContext, 'config'>): ServiceArea {
  const settings = alertSettings(ctx);
  return { lat: settings.ALERT_MAP_LAT, lon: settings.ALERT_MAP_LNG, km: ctx.config.GEOCODER_AREA_KM };
}

/**
 * How much an answer loses for its distance: a little within the area (the nearer of two equal
 * names first), much beyond it (a homonym 260 km away ranks after the service's own commune).
 */
function areaPenalty(km: number, area: ServiceArea): number {
  return km <= area.km ? 0.05 * (km / area.km) : 0.3 + 0.1 * Math.min(1, (km - area.km) / 1000);
}

/** A provider's answer as the API gives it: pin flag, département, distance to the service area. */
function described(result: GeocodeResult, area: ServiceArea): GeoResult {
  const { insee, ...rest } = result;
  const departement = departementOf(result.countryCode, insee, result.zipCode);
  const km = Math.round(distanceKm(area.lat, area.lon, result.lat, result.lon) * 10) / 10;
  return {
    ...rest,
    street: result.precision === 'municipality' ? '' : (result.street ?? ''),
    needsPinMove: result.precision === 'municipality',
    departementCode: departement?.code ?? '',
    departementName: departement?.name ?? '',
    distanceKm: km,
    outsideArea: km > area.km,
  };
}

/** Every candidate for an address, best first (text score, then nearness to the service area); empty when nothing matches. */
export async function geocode(ctx: AppContext, query: GeocodeQuery, signal?: AbortSignal): Promise<GeoResult[]> {
  const area = serviceArea(ctx);
  const limit = query.limit ?? 5;
  const results = await ctx.geocoder.search({ ...query, countryCode: query.countryCode || 'FR', near: area, limit: Math.max(limit, rankedCandidates) }, signal);
  return results
    .map((result) => ({ result: described(result, area), rank: result.score - areaPenalty(distanceKm(area.lat, area.lon, result.lat, result.lon), area) }))
    .sort((a, b) => b.rank - a.rank)
    .slice(0, limit)
    .map(({ result }) => result);
}

/** What an address leads to: a place to use, a place found only beyond the service area, or nothing. */
export type AddressOutcome = { kind: 'found'; place: GeoResult } | { kind: 'outsideArea'; place: GeoResult } | { kind: 'notFound' };

/**
 * The place an address is set up at. The best candidate, unless it lies beyond the service area and
 * the typed text does not carry its postal code: a homonym far away ("20 Bonvillers Village" →
 * Bonvillers 60120, 260 km) is reported, never picked silently. Picking the suggestion (whose text
 * carries the postal code) confirms it.
 */
export async function placeOfAddress(ctx: AppContext, query: GeocodeQuery, signal?: AbortSignal): Promise<AddressOutcome> {
  const [best] = await geocode(ctx, { ...query, limit: rankedCandidates }, signal);
  if (!best) return { kind: 'notFound' };
  const typed = `${query.address} ${query.zipCode ?? ''}`.replace(/(\d{2}) (\d{3})/g, '$1$2');
  if (best.outsideArea && !(best.zipCode && typed.includes(best.zipCode))) return { kind: 'outsideArea', place: best };
  return { kind: 'found', place: best };
}

/**
 * The best place for an address, for the AED register and imports: `undefined` when the address is
 * not found (the caller answers "check the spelling"), else the best candidate with `needsPinMove`
 * true when it is only as precise as the commune.
 */
export async function geocodeAddress(ctx: AppContext, query: GeocodeQuery): Promise<GeoResult | undefined> {
  const [best] = await geocode(ctx, { ...query, limit: 1 });
  return best;
}

/** The place at a point, or `undefined` when nothing is known there. */
export async function reverseGeocode(ctx: AppContext, lat: number, lon: number, country?: string, signal?: AbortSignal): Promise<GeoResult | undefined> {
  const result = await ctx.geocoder.reverse(lat, lon, country, signal);
  return result && described(result, serviceArea(ctx));
}

const gazetteer = createGazetteer();

/**
 * Whether a point lies in a country the offline gazetteer knows (within 30 km of one of its
 * communes: so at sea or abroad it does not), and, when it does not, whether the point read the
 * other way round does: "3.0870, 45.7772" pasted as latitude, longitude. Other countries: trusted.
 */
export async function checkCoordinates(lat: number, lon: number, country: string | undefined): Promise<CoordinatesCheck> {
  const code = (country || 'FR').toUpperCase();
  if (!gazetteerCountries.has(code)) return { inCountry: true, swapped: null };
  if (await gazetteer.reverse(lat, lon, code)) return { inCountry: true, swapped: null };
  const swappedInside = Math.abs(lon) <= 90 && (await gazetteer.reverse(lon, lat, code)) !== undefined;
  return { inCountry: false, swapped: swappedInside ? { lat: lon, lon: lat } : null };
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
