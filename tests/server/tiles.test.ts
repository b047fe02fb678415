import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import { securityHeaderOptions } from '../../server/src/app';
import { registerErrorHandling } from '../../server/src/errors';
import { serializerCompiler } from '../../server/src/serialization';
import { tileRoutes } from '../../server/src/modules/tiles/routes';
import { basemapOf } from '../../server/src/modules/tiles/service';
import { loadConfig } from '../../server/src/config';
import type { AppContext } from '../../server/src/context';
import { locateArchive } from '../../server/src/modules/tiles/archive';
import { defaultTileUrl } from '../../server/src/modules/tiles/online';
import { testArchiveAttribution, testArchiveBounds, writeTestArchive } from '../fixtures/basemap/test-archive';
import { startTestServer, type TestServer } from './harness';

const folder = mkdtempSync(join(tmpdir(), 'vigil-tiles-'));
const archivePath = join(folder, 'clermont.pmtiles');
const archiveSize = writeTestArchive(archivePath);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TILE_PMTILES: archivePath }, { background: false });
});
afterAll(async () => server?.close());

const extraInfos = async (app: TestServer['app']) => (await app.inject('/services/backOffice/signin/getExtraInfos')).json().data;
const imgSrc = (config: Record<string, string>) => securityHeaderOptions({ config: loadConfig(config) } as AppContext).contentSecurityPolicy.directives.imgSrc;

/** Reads the archive the way the browser's pmtiles reader does: byte ranges over HTTP. */
class HttpRangeSource implements Source {
  ranges: string[] = [];
  getKey = () => '/tiles/basemap.pmtiles';
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const range = `bytes=${offset}-${offset + length - 1}`;
    this.ranges.push(range);
    const answer = await server.app.inject({ url: '/tiles/basemap.pmtiles', headers: { range } });
    expect(answer.statusCode, range).toBe(206);
    return { data: new Uint8Array(answer.rawPayload).buffer as ArrayBuffer };
  }
}

describe('offline basemap (PMTiles archive)', () => {
  it('is announced to the SPA with its zooms, bounds and credit', async () => {
    const { basemap } = await extraInfos(server.app);
    expect(basemap.archive).toEqual({ url: '/tiles/basemap.pmtiles', attribution: testArchiveAttribution, minZoom: 0, maxZoom: 15, bounds: testArchiveBounds });
    expect(basemap.outlinesUrl).toBe('/tiles/outlines.json');
  });

  it('answers range requests with 206 and the exact bytes, a whole GET and HEAD with the size', async () => {
    const head = await server.app.inject({ url: '/tiles/basemap.pmtiles', headers: { range: 'bytes=0-126' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-126/${archiveSize}`);
    expect(head.rawPayload.length).toBe(127);
    expect(head.rawPayload.subarray(0, 7).toString()).toBe('PMTiles');

    const whole = await server.app.inject('/tiles/basemap.pmtiles');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(archiveSize);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers.etag).toBeTruthy();

    const onlyHead = await server.app.inject({ method: 'HEAD', url: '/tiles/basemap.pmtiles' });
    expect(onlyHead.statusCode).toBe(200);
    expect(Number(onlyHead.headers['content-length'])).toBe(archiveSize);

    const beyond = await server.app.inject({ url: '/tiles/basemap.pmtiles', headers: { range: `bytes=${archiveSize + 10}-${archiveSize + 20}` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${archiveSize}`);
  });

  it('gives a street tile of place de Jaude through range requests, as protomaps-leaflet reads it', async () => {
    const source = new HttpRangeSource();
    const archive = new PMTiles(source);
    // Place de Jaude (45.7772 N, 3.0819 E) at zoom 15.
    const x = Math.floor(((3.0819 + 180) / 360) * 2 ** 15);
    const rad = (45.7772 * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** 15);
    const tile = await archive.getZxy(15, x, y);
    expect(tile).toBeDefined();
    const layers = new VectorTile(new Pbf(new Uint8Array(tile!.data))).layers;
    expect(Object.keys(layers)).toEqual(expect.arrayContaining(['earth', 'roads', 'buildings', 'landuse']));
    expect(layers.roads!.length).toBeGreaterThan(0);
    expect(source.ranges.length).toBeGreaterThanOrEqual(2);
    expect(await archive.getZxy(15, x + 200, y)).toBeUndefined();
  });

  it('is found in DATA_DIR without TILE_PMTILES, the first *.pmtiles by name', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vigil-tiles-dir-'));
    expect(await locateArchive({ DATA_DIR: dataDir })).toBeUndefined();
    writeFileSync(join(dataDir, 'b-region.pmtiles'), '');
    writeFileSync(join(dataDir, 'a-region.PMTiles'), '');
    writeFileSync(join(dataDir, 'notes.txt'), '');
    expect(await locateArchive({ DATA_DIR: dataDir })).toBe(join(dataDir, 'a-region.PMTiles'));
    expect(await locateArchive({ DATA_DIR: dataDir, TILE_PMTILES: archivePath })).toBe(archivePath);
  });
});

describe('tile paths Vigil does not serve', () => {
  it('answer 404 with a message key, never the SPA page', async () => {
    for (const url of ['/tiles/12/2100/1400.png', '/tiles/other.pmtiles', '/tiles/']) {
      const answer = await server.app.inject(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toContain('application/json');
      expect(answer.json(), url).toEqual({ error: true, msg: 'error.not-found' });
    }
  });
});

describe('outlines (the map without street tiles)', () => {
  it('serve the country and département outlines as GeoJSON, gzipped when the browser accepts it', async () => {
    const plain = await server.app.inject('/tiles/outlines.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('application/geo+json');
    const areas = plain.json().data as { type: string; features: { properties: { kind: string; code: string; name?: string } }[] };
    expect(areas.type).toBe('FeatureCollection');
    expect(areas.features.find((feature) => feature.properties.code === '63')?.properties).toEqual({ kind: 'departement', code: '63', name: 'Puy-de-Dôme' });
    expect(areas.features.filter((feature) => feature.properties.kind === 'departement')).toHaveLength(101);
    expect(areas.features.some((feature) => feature.properties.kind === 'country' && feature.properties.code === 'FR')).toBe(true);

    const zipped = await server.app.inject({ url: '/tiles/outlines.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).data).toEqual(areas);
  });

  it('name the communes of a box, the most populated first', async () => {
    const answer = await server.app.inject('/tiles/communes.json?west=2.9&south=45.6&east=3.3&north=45.9');
    expect(answer.statusCode).toBe(200);
    const communes = answer.json().data as { code: string; name: string; lon: number; lat: number }[];
    expect(communes[0]).toMatchObject({ code: '63113', name: 'Clermont-Ferrand' });
    expect(communes.length).toBeGreaterThan(20);
    for (const commune of communes) expect(commune.lon >= 2.9 && commune.lon <= 3.3 && commune.lat >= 45.6 && commune.lat <= 45.9).toBe(true);

    const bad = await server.app.inject('/tiles/communes.json?west=abc&south=45.6&east=3.3&north=45.9');
    expect(bad.statusCode).toBe(400);
  });
});

describe('online street map', () => {
  it('is Plan IGN by default, with its credit, zoom 19 and its origin in the CSP', async () => {
    const config = loadConfig({});
    expect(config.TILE_URL).toBe(defaultTileUrl);
    expect(config.TILE_MAX_ZOOM).toBe(19);
    const { basemap } = await extraInfos(server.app);
    expect(basemap).toMatchObject({ tileUrl: defaultTileUrl, maxZoom: 19, attribution: expect.stringContaining('IGN') });
    expect(imgSrc({})).toContain('https://data.geopf.fr');
  });

  it('follows TILE_URL, TILE_ATTRIBUTION and TILE_MAX_ZOOM, {s} subdomains becoming a CSP wildcard', async () => {
    const osm = { TILE_URL: 'https://{s}.tile.openstreetmap.fr/osmfr/{z}/{x}/{y}.png', TILE_ATTRIBUTION: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors', TILE_MAX_ZOOM: '20' };
    expect(imgSrc(osm)).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.fr']);
    expect(imgSrc({ TILE_URL: 'none' })).toEqual(["'self'", 'data:', 'blob:']);
    expect(imgSrc({ TILE_URL: '/osm/{z}/{x}/{y}.png' })).toEqual(["'self'", 'data:', 'blob:']);
    // A second server on its own database takes long on a busy machine: the same routes on a bare Fastify.
    const ctx = { config: loadConfig({ ...osm, TILE_PMTILES: join(folder, 'missing.pmtiles') }), log: pino({ level: 'silent' }) } as unknown as AppContext;
    expect(await basemapOf(ctx)).toMatchObject({ archive: null, tileUrl: osm.TILE_URL, attribution: osm.TILE_ATTRIBUTION, maxZoom: 20 });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await tileRoutes(app, ctx);
    expect((await app.inject('/tiles/basemap.pmtiles')).statusCode).toBe(404);
    await app.close();
  });

  it('refuses a credit that could carry markup, and a tile URL that is not one', () => {
    expect(() => loadConfig({ TILE_ATTRIBUTION: 'IGN <img src=x onerror=alert(1)>' })).toThrow(/TILE_ATTRIBUTION/);
    expect(() => loadConfig({ TILE_ATTRIBUTION: '<a href="javascript:alert(1)">x</a>' })).toThrow(/TILE_ATTRIBUTION/);
    expect(() => loadConfig({ TILE_URL: '/tiles/{z}/{x}/{y}.png' })).toThrow(/TILE_URL/);
    expect(() => loadConfig({ TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' })).toThrow(/TILE_URL/);
    expect(loadConfig({ TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).TILE_ATTRIBUTION).toBeUndefined();
  });
});
