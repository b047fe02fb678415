import type { FastifyBaseLogger } from 'fastify';
import type { Geocoder } from './geocoder';
import { GeocoderUnavailable } from './http';

/** An HTTP geocoding provider: the port, plus its name and the countries it can answer for. */
export interface HttpGeocoder extends Geocoder {
  name: string;
  covers(countryCode: string): boolean;
}

/**
 * The configured HTTP provider first, the offline gazetteer when it fails, times out or does not cover
 * the country: a dispatch is never blocked by a slow or broken geocoder. Each fallback is logged.
 * The gazetteer answers even when the caller's own deadline passed meanwhile: it is offline and
 * instant, and on a busy machine the provider's time-out and the caller's deadline fire together,
 * so which came first says nothing about whether an answer is still wanted.
 */
export function withFallback(primary: HttpGeocoder, fallback: Geocoder, log: FastifyBaseLogger): Geocoder {
  return {
    async search(query, signal) {
      const country = (query.countryCode || 'FR').toUpperCase();
      if (!primary.covers(country)) return fallback.search(query, signal);
      try {
        return await primary.search(query, signal);
      } catch (error) {
        log.warn({ err: error, provider: primary.name, operation: 'search' }, 'geocoder failed, answering from the offline gazetteer');
        return fallback.search(query, signal);
      }
    },
    async reverse(lat, lon, countryCode, signal) {
      if (countryCode && !primary.covers(countryCode.toUpperCase())) return fallback.reverse(lat, lon, countryCode, signal);
      try {
        return await primary.reverse(lat, lon, countryCode, signal);
      } catch (error) {
        log.warn({ err: error, provider: primary.name, operation: 'reverse' }, 'geocoder failed, answering from the offline gazetteer');
        return fallback.reverse(lat, lon, countryCode, signal);
      }
    },
  };
}

/** After a failure, the provider is left alone this long: an isolated network does not wait on every keystroke. */
const pauseAfterFailureMs = 60_000;

/**
 * The provider, skipped for a minute after it failed (unreachable, timed out, broken answer): the
 * fallback answers at once meanwhile instead of after GEOCODER_TIMEOUT_MS each time.
 */
export function withPause(provider: HttpGeocoder): HttpGeocoder {
  let failedAt = -Infinity;
  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    if (Date.now() - failedAt < pauseAfterFailureMs) throw new GeocoderUnavailable(provider.name, 'paused after a recent failure');
    try {
      return await call();
    } catch (error) {
      if (error instanceof GeocoderUnavailable) failedAt = Date.now();
      throw error;
    }
  };
  return {
    name: provider.name,
    covers: provider.covers,
    search: (query, signal) => guarded(() => provider.search(query, signal)),
    reverse: (lat, lon, countryCode, signal) => guarded(() => provider.reverse(lat, lon, countryCode, signal)),
  };
}
