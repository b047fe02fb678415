import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder } from '../../server/src/adapters/geocoding/create-geocoder';
import { createGazetteer } from '../../server/src/adapters/geocoding/gazetteer';
import { loadConfig } from '../../server/src/config';
import { importAddressFile, UnknownAddressLayout } from '../../server/src/modules/addresses/import';
import { geocode } from '../../server/src/modules/geo/service';
import { banSearch } from './geocoding-fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let operator: string;
const dir = mkdtempSync(join(tmpdir(), 'vigil-addresses-'));
beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  operator = await server.signIn('operator@vigil.test');
  await createGazetteer().ready(); // loaded once per process: not inside the first test's time
});
afterAll(async () => server?.close());

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { authorization: operator } });
const suggest = async (address: string) => {
  const response = await get(`/services/backOffice/aed/geoCoding?address=${encodeURIComponent(address)}`);
  expect(response.statusCode, address).toBe(200);
  return response.json().data as { label: string; lat: number; lon: number; precision: string; city: string; departementCode: string; departementName: string; distanceKm: number; outsideArea: boolean }[];
};
const counts = async () => {
  const [row] = await server.ctx.database.query<{ streets: number; points: number }>('SELECT (SELECT count(*) FROM address_streets)::int AS streets, (SELECT count(*) FROM address_points)::int AS points');
  return row;
};

/** A BAN per-department export (a few rows of Lezoux, 63190, which the demo does not carry), with two bad rows. */
const banHeader = 'id;id_fantoir;numero;rep;nom_voie;code_postal;code_insee;nom_commune;code_insee_ancienne_commune;nom_ancienne_commune;x;y;lon;lat;type_position;alias;nom_ld;libelle_acheminement;nom_afnor;source_position;source_nom_voie;certification_commune;cad_parcelles';
const banRows = [
  '63195_0420_00001;63195_0420;1;;Place de l’Hôtel de Ville;63190;63195;Lezoux;;;;;3.379500;45.827100;entrée;;;LEZOUX;PLACE DE L HOTEL DE VILLE;commune;commune;1;',
  '63195_0420_00003;63195_0420;3;;Place de l’Hôtel de Ville;63190;63195;Lezoux;;;;;3.379700;45.827200;entrée;;;LEZOUX;PLACE DE L HOTEL DE VILLE;commune;commune;1;',
  '63195_0420_00003_bis;63195_0420;3;bis;Place de l’Hôtel de Ville;63190;63195;Lezoux;;;;;3.379800;45.827300;entrée;;;LEZOUX;PLACE DE L HOTEL DE VILLE;commune;commune;1;',
  '63195_0500_00007;63195_0500;7;;Rue Saint-Taurin;63190;63195;Lezoux;;;;;3.381000;45.828000;entrée;;;LEZOUX;RUE ST TAURIN;commune;commune;1;',
  '63195_0500_0000x;63195_0500;x;;Rue Saint-Taurin;63190;63195;Lezoux;;;;;3.381000;45.828000;entrée;;;LEZOUX;RUE ST TAURIN;commune;commune;1;',
  '63195_0500_00009;63195_0500;9;;Rue Saint-Taurin;63190;63195;Lezoux;;;;;;;entrée;;;LEZOUX;RUE ST TAURIN;commune;commune;1;',
];

describe('npm run addresses:import', () => {
  it('loads a gzipped BAN export, reports its bad rows by line, and changes nothing when loaded again', async () => {
    const file = join(dir, 'adresses-63.csv.gz');
    writeFileSync(file, gzipSync(`${banHeader}\n${banRows.join('\n')}\n`));
    const before = await counts();
    const report = await importAddressFile(server.ctx.database, file);
    expect(report).toMatchObject({ layout: 'BAN', rows: 6, written: 4, bad: 2 });
    expect(report.badRows).toEqual([
      { line: 6, reason: 'house number "x" is not a number' },
      { line: 7, reason: 'position ", " is not valid' },
    ]);
    const after = await counts();
    expect(after).toEqual({ streets: before.streets + 2, points: before.points + 4 });

    const again = await importAddressFile(server.ctx.database, file);
    expect(again).toMatchObject({ written: 4, bad: 2 });
    expect(await counts()).toEqual(after);
    const [first] = await suggest('3 bis place de l hotel de ville lezoux');
    expect(first).toMatchObject({ label: '3 bis Place de l’Hôtel de Ville 63190 Lezoux', precision: 'housenumber', lat: 45.8273, lon: 3.3798 });
  });

  it('loads a BAL file (no postal code: the commune’s own is used) and moves a number whose position changed', async () => {
    const file = join(dir, 'bal-63195.csv');
    writeFileSync(
      file,
      [
        'uid_adresse;cle_interop;commune_insee;commune_nom;commune_deleguee_insee;commune_deleguee_nom;voie_nom;lieudit_complement_nom;numero;suffixe;position;x;y;long;lat;cad_parcelles;source;date_der_maj;certification_commune',
        ';63195_0500_00007;63195;Lezoux;;;Rue Saint-Taurin;;7;;entrée;;;3.381200;45.828100;;commune;2026-01-01;1',
        ';63195_0610_00002;63195;Lezoux;;;"Rue de la Poste";;2;;entrée;;;3.3775;45.8262;;commune;2026-01-01;1',
      ].join('\r\n'),
    );
    const report = await importAddressFile(server.ctx.database, file);
    expect(report).toMatchObject({ layout: 'BAL', rows: 2, written: 2, bad: 0 });
    const [moved] = await suggest('7 rue saint taurin, lezoux');
    expect(moved).toMatchObject({ label: '7 Rue Saint-Taurin 63190 Lezoux', lat: 45.8281, lon: 3.3812, precision: 'housenumber' });
    const [poste] = await suggest('2 rue de la poste lezoux');
    expect(poste).toMatchObject({ label: '2 Rue de la Poste 63190 Lezoux', precision: 'housenumber' });
  });

  it('refuses a file that is neither layout, writing nothing', async () => {
    const file = join(dir, 'other.csv');
    writeFileSync(file, 'name;city\nx;y\n');
    const before = await counts();
    await expect(importAddressFile(server.ctx.database, file)).rejects.toBeInstanceOf(UnknownAddressLayout);
    expect(await counts()).toEqual(before);
  });
});

describe('house-number geocoding', () => {
  it('finds "12 place de Jaude" at its house number, naming its commune and département', async () => {
    const [first] = await suggest('12 place de Jaude');
    expect(first).toMatchObject({ label: '12 Place de Jaude 63000 Clermont-Ferrand', precision: 'housenumber', city: 'Clermont-Ferrand', departementCode: '63', departementName: 'Puy-de-Dôme', outsideArea: false });
    expect(first.lat).toBeCloseTo(45.778, 2);
  });

  it('forgives case, missing accents, abbreviations and a typo', async () => {
    for (const typed of ['12 AVENUE DES ETATS UNIS', '12 av des États-Unis clermont', '12 avenue des etat unis', '12 plce de jaude']) {
      const [first] = await suggest(typed);
      expect(first.precision, typed).toBe('housenumber');
      expect(first.label, typed).toMatch(/^12 (Avenue des États-Unis|Place de Jaude) 63000 Clermont-Ferrand$/);
    }
  });

  it('finds a street while its last word is being typed, with a misspelt word, and with words run together', async () => {
    // Found through the words index (the last word as a prefix), a vocabulary word for a typo, or the whole text's trigrams.
    for (const typed of ['12 place de ja', '12 place de jaudde clermont', '12 placede jaude']) {
      const [first] = await suggest(typed);
      expect(first, typed).toMatchObject({ label: '12 Place de Jaude 63000 Clermont-Ferrand', precision: 'housenumber' });
    }
  });

  it('learns the words of the streets an import loads, so a misspelling of them is forgiven', async () => {
    const known = async () => (await server.ctx.database.query<{ known: boolean }>(`SELECT EXISTS (SELECT 1 FROM address_words WHERE word = 'quinconces') AS known`))[0].known;
    expect(await known()).toBe(false);
    const file = join(dir, 'adresses-quinconces.csv');
    writeFileSync(file, `${banHeader}\n63195_0900_00002;63195_0900;2;;Allée des Quinconces;63190;63195;Lezoux;;;;;3.377000;45.826000;entrée;;;LEZOUX;ALLEE DES QUINCONCES;commune;commune;1;\n`);
    await importAddressFile(server.ctx.database, file);
    expect(await known()).toBe(true);
    const [first] = await suggest('2 allee des quinconse lezoux');
    expect(first).toMatchObject({ label: '2 Allée des Quinconces 63190 Lezoux', precision: 'housenumber' });
  });

  it('answers the street when the number is not known, and the commune alone from the gazetteer', async () => {
    const [street] = await suggest('999 rue Blatin');
    expect(street).toMatchObject({ label: 'Rue Blatin 63000 Clermont-Ferrand', precision: 'street' });
    const [commune] = await suggest('Clermont');
    expect(commune).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality' });
  });

  it('ranks the same street name toward the service area, a named commune first', async () => {
    const near = await suggest('rue de la République');
    expect(near.map((result) => result.city).slice(0, 2)).toEqual(['Aubière', 'Clermont-Ferrand']);
    const [named] = await suggest('rue de la République Issoire');
    expect(named).toMatchObject({ city: 'Issoire', precision: 'street' });
    // A service area around Issoire puts Issoire's street first.
    const issoire = { ...server.ctx, config: { ...server.ctx.config, ALERT_MAP_LAT: 45.544, ALERT_MAP_LNG: 3.249 } as typeof server.ctx.config };
    const [local] = await geocode(issoire, { address: 'rue de la République' });
    expect(local.city).toBe('Issoire');
  });

  it('lists a homonym far from the service area after the near commune and never sets it up silently', async () => {
    const clermonts = await suggest('Clermont');
    expect(clermonts[0].city).toBe('Clermont-Ferrand');
    const homonym = clermonts.find((result) => result.city === 'Clermont');
    expect(homonym).toMatchObject({ precision: 'municipality', outsideArea: true });
    expect(homonym?.departementName).not.toBe('');

    const [lyon] = await suggest('rue de la République Lyon');
    expect(lyon).toMatchObject({ city: 'Lyon', departementCode: '69', departementName: 'Rhône' });
    const [royat] = await suggest('12 avenue de Royat');
    expect(royat).toMatchObject({ label: '12 Avenue de Royat 63400 Chamalières', precision: 'housenumber' });

    const [bonvillers] = await suggest('20 Bonvillers Village');
    expect(bonvillers).toMatchObject({ city: 'Bonvillers', departementCode: '60', outsideArea: true });
    expect(bonvillers.distanceKm).toBeGreaterThan(200);
    const setUp = (address: string) => server.app.inject({ method: 'PUT', url: '/services/emergency/v2/alertSettingUp', headers: { authorization: operator }, payload: { address, addressInfo: '', alertType: 1, countryCode: 'FR' } });
    const silent = await setUp('20 Bonvillers Village');
    expect(silent.json().data).toMatchObject({ wrongAddress: true, msg: 'error.geocoding.outside-area' });
    const chosen = await setUp('20 Bonvillers Village, 60120 Bonvillers');
    expect(chosen.json().data).toMatchObject({ wrongAddress: false, alert: { address: '20 Bonvillers Village, 60120 Bonvillers' } });
  });
});

describe('reverse geocoding and pasted coordinates', () => {
  it('names the nearest address as a whole', async () => {
    const [twelve] = await suggest('12 place de Jaude');
    const response = await get(`/services/backOffice/aed/reverseGeoCoding?lat=${twelve.lat + 0.00003}&lon=${twelve.lon}&country=FR`);
    expect(response.json().data).toMatchObject({ label: '12 Place de Jaude 63000 Clermont-Ferrand', city: 'Clermont-Ferrand', zipCode: '63000', precision: 'housenumber' });
  });

  it('catches swapped coordinates and offers the swap; the server refuses to place a victim outside the country', async () => {
    const swapped = await get('/services/backOffice/aed/coordinatesCheck?lat=3.087&lon=45.7772&country=FR');
    expect(swapped.json().data).toEqual({ inCountry: false, swapped: { lat: 45.7772, lon: 3.087 } });
    expect((await get('/services/backOffice/aed/coordinatesCheck?lat=45.7772&lon=3.087&country=FR')).json().data).toEqual({ inCountry: true, swapped: null });
    expect((await get('/services/backOffice/aed/coordinatesCheck?lat=46&lon=-10&country=FR')).json().data).toEqual({ inCountry: false, swapped: null });

    const atSea = await server.app.inject({ method: 'PUT', url: '/services/emergency/v2/alertSettingUp', headers: { authorization: operator }, payload: { lat: 3.087, lon: 45.7772, address: '', addressInfo: '', alertType: 1, countryCode: 'FR' } });
    expect(atSea.statusCode).toBe(422);
    expect(atSea.json()).toEqual({ error: true, msg: 'error.geocoding.outside-country', details: { swapped: { lat: 45.7772, lon: 3.087 } } });
  });
});

describe('GEOCODER=auto', () => {
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

  it('answers from the imported addresses when present, else from the BAN service, else from the gazetteer', async () => {
    const log = pino({ level: 'silent' }) as FastifyBaseLogger;
    const imported = createGeocoder(loadConfig({ GEOCODER_URL: banUrl, LOG_LEVEL: 'silent' }), log, server.ctx.database);
    const [fromAddresses] = await imported.search({ address: '12 place de Jaude' });
    expect(fromAddresses).toMatchObject({ label: '12 Place de Jaude 63000 Clermont-Ferrand', precision: 'housenumber' });

    const empty = { ...server.ctx.database, query: async <T>(text: string, params?: unknown[]) => (text.includes('EXISTS') ? ([{ present: false }] as T[]) : server.ctx.database.query<T>(text, params)) };
    const online = createGeocoder(loadConfig({ GEOCODER_URL: banUrl, LOG_LEVEL: 'silent' }), log, empty);
    const [fromBan] = await online.search({ address: '12 rue Blatin 63000 Clermont-Ferrand' });
    expect(fromBan).toMatchObject({ label: '12 Rue Blatin 63000 Clermont-Ferrand', lat: 45.775927, precision: 'housenumber' });

    const offline = createGeocoder(loadConfig({ GEOCODER_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' }), log, empty);
    const [fromGazetteer] = await offline.search({ address: '12 rue Blatin 63000 Clermont-Ferrand' });
    expect(fromGazetteer).toMatchObject({ city: 'Clermont-Ferrand', precision: 'municipality' });
  });
});
