import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * The HTTP geocoder (BAN here) accepts the connection and never answers. The provider itself
 * gives up at GEOCODER_TIMEOUT_MS (tests/server/geocoding.test.ts); these check what a dispatcher
 * sees through the routes, with the time-out at its default of 4 s: the answer comes from the
 * offline gazetteer once Vigil has given up on the geocoder, with its key, and an alert set up by
 * coordinates goes on. No wall-clock bound: a route that waited for the geocoder would never
 * answer (the test's own time-out ends it); one that answers shows it gave up (the geocoder saw
 * its request dropped) and did not give up before the configured time. The time taken is
 * reported beside the test.
 */
const timeoutMs = 4000;

let hanging: Server;
const held: ServerResponse[] = [];
/** Requests Vigil dropped (closed its side) before any answer. */
let dropped = 0;
let server: TestServer;
let operator: string;

beforeAll(async () => {
  hanging = createServer((request, response) => {
    held.push(response); // never a word back
    request.socket.on('close', () => dropped++);
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  server = await startTestServer({ GEOCODER: 'ban', GEOCODER_URL: url, GEOCODER_TIMEOUT_MS: timeoutMs }, { background: false });
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => {
  await server?.close();
  hanging?.closeAllConnections();
  await new Promise<void>((resolve) => hanging?.close(() => resolve()));
});

interface Timed<T> {
  result: T;
  ms: number;
  /** Calls the geocoder received meanwhile. */
  geocoderCalls: number;
  /** Of those, the ones Vigil dropped. */
  geocoderDropped: number;
}

/** Runs `request` and tells how long it took and what the geocoder saw meanwhile; the time is reported. */
async function timed<T>(annotate: (message: string) => Promise<unknown>, request: () => Promise<T>): Promise<Timed<T>> {
  const [callsBefore, droppedBefore] = [held.length, dropped];
  const started = performance.now();
  const result = await request();
  const ms = performance.now() - started;
  const calls = held.length - callsBefore;
  // The geocoder sees its socket close some turns of the event loop after Vigil dropped it: wait
  // for that. Only a drop closes it (this geocoder never answers nor times out).
  if (calls > 0) await vi.waitFor(() => expect(dropped - droppedBefore).toBe(calls), { timeout: 20_000, interval: 10 });
  await annotate(`answered in ${Math.round(ms)} ms (GEOCODER_TIMEOUT_MS ${timeoutMs})`);
  return { result, ms, geocoderCalls: held.length - callsBefore, geocoderDropped: dropped - droppedBefore };
}

/** The route asked the geocoder once, gave up on it, and not before the configured time-out. */
function expectGaveUpAtTheTimeOut(answer: Timed<unknown>): void {
  expect(answer.geocoderCalls).toBe(1);
  expect(answer.geocoderDropped).toBe(1);
  expect(answer.ms).toBeGreaterThanOrEqual(timeoutMs - 20);
}

describe('a geocoder that never answers', () => {
  it('leaves the address search to the gazetteer once it gives up: the commune, and "move the pin"', async ({ annotate }) => {
    const found = await timed(annotate, () => server.app.inject({ url: '/services/backOffice/aed/geoCoding?address=12%20rue%20Blatin&zipCode=63000&city=Clermont-Ferrand', headers: { authorization: operator } }));
    expectGaveUpAtTheTimeOut(found);
    expect(found.result.statusCode).toBe(200);
    expect(found.result.json().data[0]).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality', needsPinMove: true });

    const unknown = await timed(annotate, () => server.app.inject({ url: '/services/backOffice/aed/geoCoding?address=xyzzy%20qwerty', headers: { authorization: operator } }));
    expectGaveUpAtTheTimeOut(unknown);
    expect(unknown.result.statusCode).toBe(404);
    expect(unknown.result.json()).toEqual({ error: true, msg: 'error.geocoding.address-not-found' });
  });

  it('leaves the reverse look-up to the gazetteer once it gives up', async ({ annotate }) => {
    const place = await timed(annotate, () => server.app.inject({ url: '/services/backOffice/aed/reverseGeoCoding?lat=45.7797&lon=3.0868&country=FR', headers: { authorization: operator } }));
    expectGaveUpAtTheTimeOut(place);
    expect(place.result.json().data).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality', needsPinMove: true });
  });

  it('does not hold up an alert set up by coordinates: with an address typed it is not asked, without one the commune fills in', async ({ annotate }) => {
    const pin = { lat: 45.7797, lon: 3.0868 };
    const typed = await timed(annotate, () => call(server, operator, 'PUT', '/services/emergency/v2/alertSettingUp', { ...pin, address: '12 rue Blatin', countryCode: 'FR' }));
    expect(typed.geocoderCalls).toBe(0);
    expect(typed.result.status).toBe(200);
    expect(typed.result.body.data).toMatchObject({ wrongAddress: false, needsPinMove: false, alert: { precision: 'manual', address: '12 rue Blatin' } });

    const bare = await timed(annotate, () => call(server, operator, 'PUT', '/services/emergency/v2/alertSettingUp', { ...pin, address: '', countryCode: 'FR' }));
    expectGaveUpAtTheTimeOut(bare);
    expect(bare.result.status).toBe(200);
    expect(bare.result.body.data).toMatchObject({ wrongAddress: false, alert: { precision: 'manual', address: 'Clermont-Ferrand', lat: pin.lat } });
    expect(bare.result.body.data.nbPotentialBS).toBeGreaterThan(0);
  });

  it('places an alert set up by address at the commune, asking to move the pin, rather than calling the address wrong', async ({ annotate }) => {
    const setUp = await timed(annotate, () => call(server, operator, 'PUT', '/services/emergency/v2/alertSettingUp', { address: '12 rue Blatin 63000 Clermont-Ferrand', countryCode: 'FR' }));
    expectGaveUpAtTheTimeOut(setUp);
    expect(setUp.result.body.data).toMatchObject({ wrongAddress: false, needsPinMove: true, msg: 'error.alert.address-imprecise', alert: { precision: 'municipality' } });
  });
});
