import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder } from '../../server/src/adapters/geocoding/create-geocoder';
import { createGazetteer } from '../../server/src/adapters/geocoding/gazetteer';
import type { Geocoder } from '../../server/src/adapters/geocoding/geocoder';
import { loadConfig } from '../../server/src/config';
import { banEmpty, banReverse, banSearch, nominatimReverse, nominatimReverseNothing, nominatimSearch } from './geocoding-fixtures';

/** A local HTTP server answering from a routing function, recording every request. */
interface StubServer {
  url: string;
  requests: { path: string; query: URLSearchParams; userAgent?: string }[];
  close(): Promise<void>;
}

async function stub(answer: (path: string, query: URLSearchParams) => { status?: number; body?: unknown } | 'never'): Promise<StubServer> {
  const requests: StubServer['requests'] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    requests.push({ path: url.pathname, query: url.searchParams, userAgent: request.headers['user-agent'] });
    const reply = answer(url.pathname, url.searchParams);
    if (reply === 'never') return; // keeps the connection open without a word
    response.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()) && server.closeAllConnections()),
  };
}

/** A logger whose warnings the test can read. */
function capturingLogger() {
  const lines: { msg: string; provider?: string; operation?: string; err?: { message: string } }[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) }) as unknown as FastifyBaseLogger;
  return { log, lines };
}

function geocoderFor(kind: 'ban' | 'nominatim', url: string, timeoutMs = 4000) {
  const { log, lines } = capturingLogger();
  const config = loadConfig({ GEOCODER: kind, GEOCODER_URL: url, GEOCODER_TIMEOUT_MS: String(timeoutMs), LOG_LEVEL: 'silent' });
  return { geocoder: createGeocoder(config, log), warnings: lines };
}

let ban: StubServer;
let nominatim: StubServer;
let silent: StubServer;
let broken: StubServer;

beforeAll(async () => {
  ban = await stub((path, query) => {
    if (path === '/search/') return { body: query.get('q')?.includes('zzzz') ? banEmpty : banSearch };
    if (path === '/reverse/') return { body: banReverse };
    return { status: 404, body: { code: 404, message: 'Not found' } };
  });
  nominatim = await stub((path, query) => {
    if (path === '/search') return { body: query.get('q')?.includes('zzzz') ? [] : nominatimSearch };
    if (path === '/reverse') return { body: Number(query.get('lat')) > 80 ? nominatimReverseNothing : nominatimReverse };
    return { status: 404, body: {} };
  });
  silent = await stub(() => 'never');
  broken = await stub(() => ({ status: 503, body: { code: 503, message: 'Service Unavailable' } }));
  await createGazetteer().ready(); // the first load reads the data packages; later tests measure look-ups
});
afterAll(async () => {
  await Promise.all([ban, nominatim, silent, broken].map((server) => server?.close()));
});

const blatin = { address: '12 rue Blatin', zipCode: '63000', city: 'Clermont-Ferrand' };

describe('BAN-compatible provider', () => {
  it('asks /search/ with q, limit and postcode, identifies itself and maps every result type to a precision', async () => {
    const { geocoder } = geocoderFor('ban', ban.url);
    const results = await geocoder.search({ ...blatin, limit: 4 });
    const request = ban.requests.at(-1)!;
    expect(request.path).toBe('/search/');
    expect(request.query.get('q')).toBe('12 rue Blatin 63000 Clermont-Ferrand');
    expect(request.query.get('postcode')).toBe('63000');
    expect(request.query.get('limit')).toBe('4');
    expect(request.userAgent).toMatch(/^Vigil/);
    expect(results.map((result) => result.precision)).toEqual(['housenumber', 'street', 'street', 'municipality']);
    expect(results[0]).toEqual({
      label: '12 Rue Blatin 63000 Clermont-Ferrand', lat: 45.775927, lon: 3.08727, city: 'Clermont-Ferrand', zipCode: '63000',
      countryCode: 'FR', precision: 'housenumber', score: 0.9731545454545454, insee: '63113', street: '12 Rue Blatin',
    });
  });

  it('reads /reverse/ and answers an empty list when the service finds nothing', async () => {
    const { geocoder } = geocoderFor('ban', ban.url);
    const place = await geocoder.reverse(45.7759, 3.0873);
    expect(ban.requests.at(-1)!.path).toBe('/reverse/');
    expect(ban.requests.at(-1)!.query.get('lat')).toBe('45.7759');
    expect(place).toMatchObject({ label: '12 Rue Blatin 63000 Clermont-Ferrand', precision: 'housenumber', zipCode: '63000' });
    expect(await geocoder.search({ address: 'zzzz nowhere' })).toEqual([]);
  });

  it('leaves Luxembourg to the gazetteer without calling the French service', async () => {
    const { geocoder } = geocoderFor('ban', ban.url);
    const before = ban.requests.length;
    const [wiltz] = await geocoder.search({ address: 'Wiltz', countryCode: 'LU' });
    expect(ban.requests.length).toBe(before);
    expect(wiltz).toMatchObject({ city: 'Wiltz', countryCode: 'LU', precision: 'municipality' });
  });
});

describe('Nominatim-compatible provider', () => {
  it('asks /search with format=jsonv2, addressdetails and countrycodes, and maps place ranks to precisions', async () => {
    const { geocoder } = geocoderFor('nominatim', nominatim.url);
    const results = await geocoder.search(blatin);
    const request = nominatim.requests.at(-1)!;
    expect(request.path).toBe('/search');
    expect(Object.fromEntries(request.query)).toMatchObject({ format: 'jsonv2', addressdetails: '1', countrycodes: 'fr', limit: '5' });
    expect(request.query.get('q')).toBe('12 rue Blatin, 63000, Clermont-Ferrand');
    expect(request.userAgent).toMatch(/^Vigil/);
    expect(results.map((result) => result.precision)).toEqual(['housenumber', 'street', 'street', 'municipality']);
    expect(results[0]).toMatchObject({ lat: 45.7759283, lon: 3.0872688, city: 'Clermont-Ferrand', zipCode: '63000', countryCode: 'FR' });
    expect(results[2]).toMatchObject({ city: 'Clermont-Ferrand', zipCode: '63100' });
    expect(results[0].score).toBeGreaterThan(results[3].score);
  });

  it('reads /reverse, and treats "Unable to geocode" as no place', async () => {
    const { geocoder } = geocoderFor('nominatim', nominatim.url);
    expect(await geocoder.reverse(45.7759, 3.0873)).toMatchObject({ precision: 'housenumber', city: 'Clermont-Ferrand' });
    expect(Object.fromEntries(nominatim.requests.at(-1)!.query)).toMatchObject({ format: 'jsonv2', lat: '45.7759', lon: '3.0873' });
    expect(await geocoder.reverse(85, 0)).toBeUndefined();
  });
});

describe('fallback to the gazetteer', () => {
  it('answers from the gazetteer when the service does not answer within the time-out, and logs it', async ({ annotate }) => {
    const { geocoder, warnings } = geocoderFor('ban', silent.url, 300);
    const started = performance.now();
    const [result] = await geocoder.search(blatin);
    const ms = performance.now() - started;
    await annotate(`answered in ${Math.round(ms)} ms (time-out 300 ms)`);
    // Not before the configured time-out; a search that waited for the silent service would never end.
    expect(ms).toBeGreaterThanOrEqual(300 - 20);
    expect(result).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality', zipCode: '63000' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ provider: 'ban', operation: 'search', msg: 'geocoder failed, answering from the offline gazetteer' });
    expect(warnings[0].err?.message).toContain('no answer within 300 ms');
  });

  it('answers from the gazetteer when the service fails, for search and reverse', async () => {
    const { geocoder, warnings } = geocoderFor('nominatim', broken.url);
    const [result] = await geocoder.search({ address: '63000' });
    const place = await geocoder.reverse(45.7797, 3.0868);
    expect(result).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality' });
    expect(place).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality' });
    expect(warnings.map((line) => line.operation)).toEqual(['search', 'reverse']);
    expect(warnings[0].err?.message).toContain('HTTP 503');
  });

  it('answers from the gazetteer when the caller’s own deadline passed while the service was timing out', async () => {
    // On a busy machine the provider's time-out and the caller's deadline fire in the same turn.
    const { geocoder, warnings } = geocoderFor('ban', silent.url, 300);
    const deadline = new AbortController();
    const searching = geocoder.search(blatin, deadline.signal);
    const reversing = geocoder.reverse(45.7797, 3.0868, 'FR', deadline.signal);
    setTimeout(() => deadline.abort(), 150);
    expect((await searching)[0]).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality' });
    expect(await reversing).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality' });
    expect(warnings.map((line) => line.operation).sort()).toEqual(['reverse', 'search']);
  });

  it('refuses a provider without a URL at start', () => {
    expect(() => createGeocoder(loadConfig({ GEOCODER: 'ban', LOG_LEVEL: 'silent' }))).toThrow(/GEOCODER_URL/);
  });
});

describe('offline gazetteer', () => {
  const gazetteer: Geocoder = createGeocoder(loadConfig({ LOG_LEVEL: 'silent' }));
  const best = async (address: string, extra: object = {}) => (await gazetteer.search({ address, ...extra }))[0];

  it('finds the commune in a full address, by postal code and name, at commune precision', async () => {
    const result = await best('12 rue Blatin 63000 Clermont-Ferrand');
    expect(result).toMatchObject({ label: 'Clermont-Ferrand', city: 'Clermont-Ferrand', zipCode: '63000', countryCode: 'FR', precision: 'municipality', score: 1 });
    expect(result.lat).toBeCloseTo(45.78, 1);
    expect(result.lon).toBeCloseTo(3.09, 1);
  });

  it('ignores case, accents and hyphens', async () => {
    for (const text of ['clermont ferrand', 'CLERMONT FERRAND', 'Clermont-Ferrand', 'CLERMONT-FERRAND ']) {
      expect((await best(text)).city, text).toBe('Clermont-Ferrand');
    }
    expect((await best('st etienne')).city).toBe('Saint-Étienne');
    expect((await best("l'hay les roses")).city).toBe("L'Haÿ-les-Roses");
  });

  it('finds the communes of a postal code alone, the most populous first', async () => {
    expect(await best('63000')).toMatchObject({ city: 'Clermont-Ferrand', zipCode: '63000' });
    const shared = await gazetteer.search({ address: '', zipCode: '63450', limit: 20 });
    expect(shared.length).toBeGreaterThan(3);
    expect(shared.every((result) => result.zipCode === '63450')).toBe(true);
  });

  it('prefers the commune at the end of the address over a street or a commune named like a street word', async () => {
    expect((await best('12 rue Blatin Clermont-Ferrand')).city).toBe('Clermont-Ferrand');
    expect((await best('3 rue de Paris, Lyon')).city).toBe('Lyon');
    expect((await best('10 avenue de la République, 75011 Paris'))).toMatchObject({ city: 'Paris', zipCode: '75011' });
  });

  it('ranks exact names, then names starting with the text, then similar names', async () => {
    const clermont = await gazetteer.search({ address: 'clermont', limit: 20 });
    expect(clermont[0].city).toBe('Clermont');
    const exactCount = clermont.filter((result) => result.city === 'Clermont').length;
    expect(clermont.slice(exactCount).map((result) => result.city)).toContain('Clermont-Ferrand');
    expect(clermont[exactCount].score).toBeLessThan(clermont[0].score);
    expect((await best('Clermond Ferand')).city).toBe('Clermont-Ferrand');
    expect(await gazetteer.search({ address: 'xyzzy qwerty' })).toEqual([]);
  });

  it('knows former communes still used in addresses and Luxembourg localities', async () => {
    expect(await best('Mance')).toMatchObject({ label: 'Mance (Val de Briey)', city: 'Val de Briey' });
    expect(await best('Esch-sur-Alzette', { countryCode: 'LU' })).toMatchObject({ countryCode: 'LU', precision: 'municipality' });
    expect(await gazetteer.search({ address: 'Clermont-Ferrand', countryCode: 'DE' })).toEqual([]);
  });

  it('reverse-geocodes to the nearest commune centre, nothing far out at sea', async () => {
    expect(await gazetteer.reverse(45.7797, 3.0868)).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality', countryCode: 'FR' });
    expect(await gazetteer.reverse(49.6116, 6.1319, 'LU')).toMatchObject({ city: 'Luxembourg', countryCode: 'LU' });
    expect(await gazetteer.reverse(46, -10)).toBeUndefined();
    // Its speed is measured by bench/geocoding/gazetteer-reverse.bench.ts.
  });
});
