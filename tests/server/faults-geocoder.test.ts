import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * The HTTP geocoder (BAN here) accepts the connection and never answers. The provider itself
 * gives up at GEOCODER_TIMEOUT_MS (tests/server/geocoding.test.ts); these check what a dispatcher
 * sees through the routes, with the time-out at its default of 4 s: the answer comes from the
 * offline gazetteer within the time-out, with its key, and an alert set up by coordinates goes on.
 */
const timeoutMs = 4000;
/** The time-out, then the gazetteer and the request itself. */
const boundMs = timeoutMs + 1500;

let hanging: Server;
const held: ServerResponse[] = [];
let server: TestServer;
let operator: string;

beforeAll(async () => {
  hanging = createServer((_request, response) => held.push(response)); // never a word back
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  server = await startTestServer({ GEOCODER: 'ban', GEOCODER_URL: url, GEOCODER_TIMEOUT_MS: timeoutMs }, { background: false });
  operator = await server.signIn('operator@vigil.test');
}, 120_000);
afterAll(async () => {
  await server?.close();
  hanging?.closeAllConnections();
  await new Promise<void>((resolve) => hanging?.close(() => resolve()));
});

/** Runs `request`, and answers its result with how long it took and how many calls the geocoder received meanwhile. */
async function timed<T>(request: () => Promise<T>): Promise<{ result: T; ms: number; geocoderCalls: number }> {
  const before = held.length;
  const started = performance.now();
  const result = await request();
  return { result, ms: performance.now() - started, geocoderCalls: held.length - before };
}

describe('a geocoder that never answers', () => {
  it('leaves the address search to the gazetteer within the time-out: the commune, and "move the pin"', async () => {
    const found = await timed(() => server.app.inject({ url: '/services/backOffice/aed/geoCoding?address=12%20rue%20Blatin&zipCode=63000&city=Clermont-Ferrand', headers: { authorization: operator } }));
    expect(found.geocoderCalls).toBe(1);
    expect(found.ms).toBeLessThan(boundMs);
    expect(found.result.statusCode).toBe(200);
    expect(found.result.json().data[0]).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality', needsPinMove: true });

    const unknown = await timed(() => server.app.inject({ url: '/services/backOffice/aed/geoCoding?address=xyzzy%20qwerty', headers: { authorization: operator } }));
    expect(unknown.ms).toBeLessThan(boundMs);
    expect(unknown.result.statusCode).toBe(404);
    expect(unknown.result.json()).toEqual({ error: true, msg: 'error.geocoding.address-not-found' });
  });

  it('leaves the reverse look-up to the gazetteer within the time-out', async () => {
    const place = await timed(() => server.app.inject({ url: '/services/backOffice/aed/reverseGeoCoding?lat=45.7797&lon=3.0868&country=FR', headers: { authorization: operator } }));
    expect(place.geocoderCalls).toBe(1);
    expect(place.ms).toBeLessThan(boundMs);
    expect(place.result.json().data).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality', needsPinMove: true });
  });

  it('does not hold up an alert set up by coordinates: with an address typed it is not asked, without one the commune fills in', async () => {
    const pin = { lat: 45.7797, lon: 3.0868 };
    const typed = await timed(() => call(server, operator, 'PUT', '/services/emergency/v2/alertSettingUp', { ...pin, address: '12 rue Blatin', countryCode: 'FR' }));
    expect(typed.geocoderCalls).toBe(0);
    expect(typed.result.status).toBe(200);
    expect(typed.result.body.data).toMatchObject({ wrongAddress: false, needsPinMove: false, alert: { precision: 'manual', address: '12 rue Blatin' } });

    const bare = await timed(() => call(server, operator, 'PUT', '/services/emergency/v2/alertSettingUp', { ...pin, address: '', countryCode: 'FR' }));
    expect(bare.geocoderCalls).toBe(1);
    expect(bare.ms).toBeLessThan(boundMs);
    expect(bare.result.status).toBe(200);
    expect(bare.result.body.data).toMatchObject({ wrongAddress: false, alert: { precision: 'manual', address: 'Clermont-Ferrand', lat: pin.lat } });
    expect(bare.result.body.data.nbPotentialBS).toBeGreaterThan(0);
  });

  it('places an alert set up by address at the commune, asking to move the pin, rather than calling the address wrong', async () => {
    const setUp = await timed(() => call(server, operator, 'PUT', '/services/emergency/v2/alertSettingUp', { address: '12 rue Blatin 63000 Clermont-Ferrand', countryCode: 'FR' }));
    expect(setUp.geocoderCalls).toBe(1);
    expect(setUp.ms).toBeLessThan(boundMs);
    expect(setUp.result.body.data).toMatchObject({ wrongAddress: false, needsPinMove: true, msg: 'error.alert.address-imprecise', alert: { precision: 'municipality' } });
  });
});
