import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder } from '../../server/src/adapters/geocoding/create-geocoder';
import { loadConfig } from '../../server/src/config';
import { geocodeAddress } from '../../server/src/modules/geo/service';
import { banSearch } from './geocoding-fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let operator: string;
beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => server?.close());

const get = (url: string, authorization?: string) =>
  server.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('access', () => {
  it('answers 401 without a token and 403 to a group without the AED register', async () => {
    const urls = ['/services/backOffice/aed/geoCoding?address=63000', '/services/backOffice/aed/reverseGeoCoding?lat=45.78&lon=3.08', '/services/backOffice/country/?lang=fr'];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ error: true, msg: 'error.auth.invalid-token' });
    }
    const noRights = await server.signIn('norights@vigil.test');
    for (const url of urls) expect((await get(url, noRights)).statusCode, url).toBe(403);
    const aedEditor = await server.signIn('aed-editor@vigil.test');
    expect((await get(urls[0], aedEditor)).statusCode).toBe(200);
  });
});

describe('GET /services/backOffice/aed/geoCoding', () => {
  it('answers an imported address at house-number precision, naming its commune and département', async () => {
    const response = await get('/services/backOffice/aed/geoCoding?address=12%20rue%20Blatin&zipCode=63000&city=Clermont-Ferrand&countryCode=fr', operator);
    expect(response.statusCode).toBe(200);
    const [first] = response.json().data;
    expect(first).toMatchObject({
      label: '12 Rue Blatin 63000 Clermont-Ferrand', city: 'Clermont-Ferrand', zipCode: '63000', countryCode: 'FR', precision: 'housenumber', needsPinMove: false,
      departementCode: '63', departementName: 'Puy-de-Dôme', outsideArea: false,
    });
    expect(first.lat).toBeCloseTo(45.78, 1);
  });

  it('answers a commune without imported addresses from the gazetteer, and asks to move the pin', async () => {
    const response = await get('/services/backOffice/aed/geoCoding?address=12%20rue%20de%20la%20Poste&zipCode=63190&city=Lezoux&countryCode=fr', operator);
    expect(response.statusCode).toBe(200);
    const [first] = response.json().data;
    expect(first).toMatchObject({ city: 'Lezoux', zipCode: '63190', countryCode: 'FR', precision: 'municipality', needsPinMove: true, departementCode: '63' });
  });

  it('answers 404 "check the spelling" when nothing matches', async () => {
    const response = await get('/services/backOffice/aed/geoCoding?address=xyzzy%20qwerty', operator);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: true, msg: 'error.geocoding.address-not-found' });
  });

  it('refuses a query without address, city or zip code, and a malformed country code', async () => {
    expect((await get('/services/backOffice/aed/geoCoding', operator)).statusCode).toBe(400);
    expect((await get('/services/backOffice/aed/geoCoding?address=Lyon&countryCode=France', operator)).statusCode).toBe(400);
  });
});

describe('GET /services/backOffice/aed/reverseGeoCoding', () => {
  it('answers the nearest imported address, else the nearest commune', async () => {
    const response = await get('/services/backOffice/aed/reverseGeoCoding?lat=45.7797&lon=3.0868&country=FR', operator);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ city: 'Clermont-Ferrand', precision: 'housenumber', needsPinMove: false, departementCode: '63' });
    const village = await get('/services/backOffice/aed/reverseGeoCoding?lat=45.8268&lon=3.3797&country=FR', operator);
    expect(village.json().data).toMatchObject({ city: 'Lezoux', precision: 'municipality', needsPinMove: true });
  });

  it('answers 404 where nothing is known and 400 for impossible coordinates', async () => {
    const atSea = await get('/services/backOffice/aed/reverseGeoCoding?lat=46&lon=-10', operator);
    expect(atSea.statusCode).toBe(404);
    expect(atSea.json().msg).toBe('error.geocoding.reverse-failed');
    expect((await get('/services/backOffice/aed/reverseGeoCoding?lat=100&lon=3', operator)).statusCode).toBe(400);
  });
});

describe('GET /services/backOffice/country/', () => {
  it('lists countries with their calling code, named and sorted in the language asked', async () => {
    const french = (await get('/services/backOffice/country/?lang=fr', operator)).json().data as { code: string; name: string; phoneCode: string }[];
    expect(french.length).toBeGreaterThan(200);
    expect(french).toContainEqual({ code: 'FR', name: 'France', phoneCode: '+33' });
    expect(french).toContainEqual({ code: 'DE', name: 'Allemagne', phoneCode: '+49' });
    expect(french).toContainEqual({ code: 'LU', name: 'Luxembourg', phoneCode: '+352' });
    const names = french.map((entry) => entry.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
    expect(names.indexOf('Égypte')).toBeLessThan(names.indexOf('Espagne'));

    const german = (await get('/services/backOffice/country/?lang=de', operator)).json().data;
    expect(german).toContainEqual({ code: 'DE', name: 'Deutschland', phoneCode: '+49' });
    const english = (await get('/services/backOffice/country/?lang=xx', operator)).json().data;
    expect(english).toContainEqual({ code: 'DE', name: 'Germany', phoneCode: '+49' });
  });
});

describe('OpenAPI', () => {
  it('documents the three calls with their query fields', async () => {
    const document = (await get('/api/docs/json')).json();
    const parameters = (path: string) => (document.paths[path].get.parameters as { name: string }[]).map((parameter) => parameter.name);
    expect(parameters('/services/backOffice/aed/geoCoding')).toEqual(expect.arrayContaining(['address', 'city', 'zipCode', 'countryCode']));
    expect(parameters('/services/backOffice/aed/reverseGeoCoding')).toEqual(expect.arrayContaining(['lat', 'lon', 'country']));
    expect(parameters('/services/backOffice/country/')).toEqual(['lang']);
  });
});

describe('geocodeAddress, for the alert workflow', () => {
  let ban: Server;
  let banUrl: string;
  beforeAll(async () => {
    ban = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(banSearch));
    });
    await new Promise<void>((resolve) => ban.listen(0, '127.0.0.1', resolve));
    banUrl = `http://127.0.0.1:${(ban.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => ban.close(() => resolve())));

  it('answers the best candidate, flagged when the pin must be moved, or nothing', async () => {
    expect(await geocodeAddress(server.ctx, { address: '12 rue Blatin 63000 Clermont-Ferrand' })).toMatchObject({
      city: 'Clermont-Ferrand', precision: 'housenumber', needsPinMove: false,
    });
    expect(await geocodeAddress(server.ctx, { address: 'rue de la Poste 63190 Lezoux' })).toMatchObject({
      city: 'Lezoux', precision: 'municipality', needsPinMove: true,
    });
    expect(await geocodeAddress(server.ctx, { address: 'xyzzy qwerty' })).toBeUndefined();

    const geocoder = createGeocoder(loadConfig({ GEOCODER: 'ban', GEOCODER_URL: banUrl, LOG_LEVEL: 'silent' }), pino({ level: 'silent' }) as FastifyBaseLogger);
    const precise = await geocodeAddress({ ...server.ctx, geocoder }, { address: '12 rue Blatin 63000 Clermont-Ferrand' });
    expect(precise).toMatchObject({ label: '12 Rue Blatin 63000 Clermont-Ferrand', precision: 'housenumber', needsPinMove: false });
  });
});
