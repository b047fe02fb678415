import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createBanGeocoder } from './ban';
import { createGazetteer } from './gazetteer';
import type { Geocoder } from './geocoder';
import { createNominatimGeocoder } from './nominatim';
import { withFallback } from './provider';

/**
 * Chooses the geocoder from the configuration: the offline gazetteer by default; with GEOCODER=ban or
 * nominatim, that HTTP service at GEOCODER_URL, falling back to the gazetteer when it fails or is slower
 * than GEOCODER_TIMEOUT_MS.
 */
export function createGeocoder(config: Config, log?: FastifyBaseLogger): Geocoder {
  const gazetteer = createGazetteer();
  if (config.GEOCODER === 'gazetteer') return gazetteer;
  if (!config.GEOCODER_URL) throw new Error(`Invalid configuration:\n  GEOCODER_URL: required when GEOCODER=${config.GEOCODER}`);
  const options = { url: config.GEOCODER_URL, timeoutMs: config.GEOCODER_TIMEOUT_MS, userAgent: `Vigil (${config.PUBLIC_URL})` };
  const primary = config.GEOCODER === 'ban' ? createBanGeocoder(options) : createNominatimGeocoder(options);
  const logger = log ?? (pino({ level: config.LOG_LEVEL, name: 'geocoder' }) as FastifyBaseLogger);
  return withFallback(primary, gazetteer, logger);
}
