import type { AppContext } from '../../context';

/** Where the victim is, and how sure we are of it. */
export interface Place {
  lat: number;
  lon: number;
  address: string;
  countryCode: string;
  /** housenumber, street, municipality (the pin must be moved) or manual (coordinates given). */
  precision: 'housenumber' | 'street' | 'municipality' | 'manual';
}

/** What the dispatcher sent: coordinates (a placed or pasted pin), an address, or both. */
export interface PlaceInput {
  lat?: number;
  lon?: number;
  address: string;
  countryCode?: string;
}

/**
 * Room the offline gazetteer gets after the HTTP geocoder's own time-out (GEOCODER_TIMEOUT_MS):
 * the call is abandoned only past both, so a slow service ends in the gazetteer's commune, not in
 * "address not found".
 */
const gazetteerRoomMs = 1000;

/**
 * Turns the dispatcher's input into a place. Coordinates win (precision `manual`; an empty address
 * is filled by reverse geocoding when it answers). Otherwise the address (kept as typed) is geocoded through
 * ctx.geocoder; undefined when nothing was found (the wrongAddress case: "check the spelling").
 */
export async function resolvePlace(ctx: AppContext, input: PlaceInput): Promise<Place | undefined> {
  const countryCode = input.countryCode ?? 'FR';
  if (input.lat !== undefined && input.lon !== undefined) {
    let address = input.address;
    if (!address) {
      try {
        address = (await ctx.geocoder.reverse(input.lat, input.lon, countryCode, AbortSignal.timeout(ctx.config.GEOCODER_TIMEOUT_MS + gazetteerRoomMs)))?.label ?? '';
      } catch (error) {
        ctx.log.warn({ err: error }, 'reverse geocoding failed');
      }
    }
    return { lat: input.lat, lon: input.lon, address, countryCode, precision: 'manual' };
  }
  if (!input.address) return undefined;
  try {
    const [best] = await ctx.geocoder.search({ address: input.address, countryCode, limit: 1 }, AbortSignal.timeout(ctx.config.GEOCODER_TIMEOUT_MS + gazetteerRoomMs));
    if (!best) return undefined;
    return { lat: best.lat, lon: best.lon, address: input.address, countryCode: best.countryCode || countryCode, precision: best.precision };
  } catch (error) {
    ctx.log.warn({ err: error }, 'geocoding failed');
    return undefined;
  }
}
