import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createAddressGeocoder } from './addresses';
import { createBanGeocoder } from './ban';
import { createGazetteer } from './gazetteer';
import type { Geocoder } from './geocoder';
import { createNominatimGeocoder } from './nominatim';
import { withFallback, withPause, type HttpGeocoder } from './provider';
import { withAddresses } from './with-addresses';

/** The public BAN service GEOCODER=auto asks when no address is imported and GEOCODER_URL is not set. */
export const publicBanUrl = 'https://api-adresse.data.gouv.fr';
/** How long GEOCODER=auto trusts its finding that addresses are (or are not) imported. */
const presenceCheckMs = 60_000;

/**
 * Chooses the geocoder from the configuration. `auto` (the default): the addresses imported into the
 * database (house numbers) with the commune gazetteer when any are present, else the BAN service
 * (GEOCODER_URL, or the public one) when it answers, else the gazetteer. `gazetteer`: communes only,
 * offline. `ban` or `nominatim`: that HTTP service at GEOCODER_URL, the gazetteer answering when it
 * fails or is slower than GEOCODER_TIMEOUT_MS.
 */
export function createGeocoder(config: Config, log?: FastifyBaseLogger, database?: Database): Geocoder {
  const gazetteer = createGazetteer();
  if (config.GEOCODER === 'gazetteer') return gazetteer;
  const logger = log ?? (pino({ level: config.LOG_LEVEL, name: 'geocoder' }) as FastifyBaseLogger);
  const options = (url: string) => ({ url, timeoutMs: config.GEOCODER_TIMEOUT_MS, userAgent: `Vigil (${config.PUBLIC_URL})` });
  if (config.GEOCODER === 'auto') {
    const online = withFallback(withPause(createBanGeocoder(options(config.GEOCODER_URL ?? publicBanUrl))), gazetteer, logger);
    if (!database) return online;
    const addresses = createAddressGeocoder(database);
    const imported = withAddresses(addresses, gazetteer);
    let known: { present: boolean; at: number } | undefined;
    const choose = async (): Promise<Geocoder> => {
      if (!known || Date.now() - known.at > presenceCheckMs) known = { present: await addresses.hasAddresses(), at: Date.now() };
      return known.present ? imported : online;
    };
    return {
      search: async (query, signal) => (await choose()).search(query, signal),
      reverse: async (lat, lon, countryCode, signal) => (await choose()).reverse(lat, lon, countryCode, signal),
    };
  }
  if (!config.GEOCODER_URL) throw new Error(`Invalid configuration:\n  GEOCODER_URL: required when GEOCODER=${config.GEOCODER}`);
  const primary: HttpGeocoder = config.GEOCODER === 'ban' ? createBanGeocoder(options(config.GEOCODER_URL)) : createNominatimGeocoder(options(config.GEOCODER_URL));
  return withFallback(primary, gazetteer, logger);
}
