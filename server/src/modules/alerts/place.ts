import { geoErrorKeys } from '../../../../contract/geo.errors';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { checkCoordinates, placeOfAddress, reverseGeocode } from '../geo/face';

/** Where the victim is, and how sure we are of it. */
export interface Place {
  lat: number;
  lon: number;
  address: string;
  countryCode: string;
  /** housenumber, street, municipality (the pin must be moved) or manual (coordinates given). */
  precision: 'housenumber' | 'street' | 'municipality' | 'manual';
}

/** Why an address gave no place: the message key for the dispatcher. */
export interface PlaceRefusal {
  refused: string;
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
 * is filled by reverse geocoding when it answers), unless they lie outside the service's country:
 * then 422 error.geocoding.outside-country, with the swapped point when that one is inside (a
 * "longitude, latitude" paste), never a silent pin at sea. Otherwise the address (kept as typed) is
 * geocoded; a refusal says why when nothing was found, or only a homonym beyond the service area.
 */
export async function resolvePlace(ctx: AppContext, input: PlaceInput): Promise<Place | PlaceRefusal> {
  const countryCode = input.countryCode ?? 'FR';
  const signal = () => AbortSignal.timeout(ctx.config.GEOCODER_TIMEOUT_MS + gazetteerRoomMs);
  if (input.lat !== undefined && input.lon !== undefined) {
    const check = await checkCoordinates(input.lat, input.lon, countryCode);
    if (!check.inCountry) throw new AppError(422, geoErrorKeys.outsideCountry, { swapped: check.swapped });
    let address = input.address;
    if (!address) {
      try {
        address = (await reverseGeocode(ctx, input.lat, input.lon, countryCode, signal()))?.label ?? '';
      } catch (error) {
        ctx.log.warn({ err: error }, 'reverse geocoding failed');
      }
    }
    return { lat: input.lat, lon: input.lon, address, countryCode, precision: 'manual' };
  }
  if (!input.address) return { refused: geoErrorKeys.addressNotFound };
  try {
    const outcome = await placeOfAddress(ctx, { address: input.address, countryCode }, signal());
    if (outcome.kind === 'notFound') return { refused: geoErrorKeys.addressNotFound };
    if (outcome.kind === 'outsideArea') return { refused: geoErrorKeys.outsideArea };
    const best = outcome.place;
    return { lat: best.lat, lon: best.lon, address: input.address, countryCode: best.countryCode || countryCode, precision: best.precision };
  } catch (error) {
    ctx.log.warn({ err: error }, 'geocoding failed');
    return { refused: geoErrorKeys.addressNotFound };
  }
}

/** Whether resolvePlace found no place. */
export const isRefusal = (place: Place | PlaceRefusal): place is PlaceRefusal => 'refused' in place;
