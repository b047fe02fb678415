import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FieldMapConfig, ImportFileResult, ImportRun } from '../../contract/import.schemas';
import { base, fixture, importWhole, post, prepare, rows, upload, waitFor } from '../fixtures/import/client';
import { startTestServer, type TestServer } from './harness';

/**
 * Open-data and OpenStreetMap files through the import API, on the engine under test: an
 * OpenDataSoft export read with no manual mapping, OSM GeoJSON and Overpass JSON with their
 * opening_hours, saved mappings, commune-only addresses, default hours, GeoDAE operators kept,
 * and files whose delimiter was not found.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

let server: TestServer;
let admin: string;
let idSite: number;

const aed = async (udid: string) => {
  const response = await server.app.inject({ method: 'GET', url: `/services/backOffice/aed/getAed/${udid}`, headers: { authorization: admin } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

/** The AEDs a finished run inserted or updated, by the value of their first cell. */
async function aedsOf(run: ImportRun) {
  const list = (await rows(server.app, admin, run.idImport)).list;
  const out: Record<string, { row: (typeof list)[number]; aed: Record<string, unknown> & { contacts: Record<string, unknown>[] } }> = {};
  for (const row of list) if (row.udid) out[row.cells[0]] = { row, aed: await aed(row.udid) };
  return { list, byFirstCell: out };
}

const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@vigil.test');
  const me = await server.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'admin@vigil.test', password: 'Vigil-Demo-2026!' } });
  idSite = me.json().data.siteId;
});

afterAll(async () => {
  await server?.close();
});

describe('an OpenDataSoft portal export', () => {
  it('is recognised with no manual mapping and lands every AED at its Geo Point', async () => {
    const { file, run } = await importWhole(server.app, admin, idSite, 'defibrillateurs.csv', fixture('opendatasoft-defibrillateurs.csv'));
    expect(file.preset?.id).toBe('openDataSoft');
    expect(run.counts).toMatchObject({ inserted: 3, failed: 0, duplicate: 0 });
    const { byFirstCell } = await aedsOf(run);
    const mairie = byFirstCell['45.7601, 4.8270'].aed;
    expect(mairie).toMatchObject({ lat: 45.7601, lon: 4.827, idAed: '6', name: 'MAIRIE DU 2E ARRONDISSEMENT', address: "2 Rue d'Enghien", city: 'Lyon', zipCode: '69002', installDate: '2019-03-14' });
    expect(mairie.description).toContain('hall d');
    expect(mairie.openingHours).toMatchObject({ 1: [{ open: '08:45', close: '16:45' }], 6: [{ open: '09:30', close: '12:00' }] });
    expect(byFirstCell['45.7700, 4.8590'].aed).toMatchObject({ alwaysOpened: true, idAed: '8' });
  });
});

describe('OpenStreetMap files', () => {
  it('a GeoJSON export: tags, osm id as key, and the opening_hours cases', async () => {
    const { file, run } = await importWhole(server.app, admin, idSite, 'brioude.geojson', fixture('osm-defibrillators.geojson'));
    expect(file).toMatchObject({ format: 'geojson', numRows: 4, preset: { id: 'osm' } });
    expect(file.preset!.fieldMapConfig.find((entry) => entry.primaryKey)?.column).toBe('osm id');
    expect(run.counts).toMatchObject({ inserted: 4, failed: 0 });
    const { byFirstCell } = await aedsOf(run);
    const gare = byFirstCell['node/9100000001'];
    expect(gare.aed).toMatchObject({ externalSourceId: 'node/9100000001', name: 'DAE Gare de Brioude', lat: 45.299, lon: 3.38, alwaysOpened: true, accessibility: 2, position: 1, floor: '0', idAed: 'BRI-01', description: 'Hall de la gare, à droite des guichets' });
    expect(gare.aed.contacts).toEqual([expect.objectContaining({ lastName: 'SNCF Gares & Connexions', contactType: 'operator', phone: '471500000' })]);
    expect(byFirstCell['node/9100000002'].aed).toMatchObject({ alwaysOpened: false, openingHours: { 1: [{ open: '08:00', close: '18:00' }], 6: [{ open: '09:00', close: '12:00' }] } });
    // PH off: the week is read, the holidays kept as text and reported.
    const mairie = byFirstCell['node/9100000003'];
    expect(mairie.aed).toMatchObject({ position: 2, openingHours: { 5: [{ open: '08:30', close: '17:00' }] }, privateComment: 'opening_hours=Mo-Fr 08:30-17:00; PH off' });
    expect(mairie.row.messages).toContain('error.import.row.hours-partly-read');
    // Unparseable: kept as text, reported, the AED still goes in.
    const stade = byFirstCell['way/9100000004'];
    expect(stade.row).toMatchObject({ status: 'inserted', messages: ['error.import.row.hours-unreadable'] });
    expect(stade.aed).toMatchObject({ privateComment: 'opening_hours=lundi au vendredi 8h-18h', openingHours: {} });

    // The same file again changes nothing: found by osm id, hours text not added twice.
    const again = await importWhole(server.app, admin, idSite, 'brioude-again.geojson', fixture('osm-defibrillators.geojson'));
    expect(again.run.counts).toMatchObject({ unchanged: 4, inserted: 0, updated: 0 });
  });

  it('an Overpass JSON answer with nodes and way centres', async () => {
    const { file, run } = await importWhole(server.app, admin, idSite, 'le-puy.json', fixture('osm-overpass.json'));
    expect(file).toMatchObject({ format: 'overpass', numRows: 2, preset: { id: 'osm' } });
    const { byFirstCell } = await aedsOf(run);
    expect(byFirstCell['node/9200000001'].aed).toMatchObject({ lat: 45.043, lon: 3.885, openingHours: { 7: [{ open: '09:00', close: '19:00' }] } });
    expect(byFirstCell['way/9200000002'].aed).toMatchObject({
      lat: 45.0455,
      openingHours: { 1: [{ open: '12:00', close: '14:00' }, { open: '17:00', close: '21:00' }], 6: [{ open: '10:00', close: '18:00' }] },
    });
  });

  it('a file whose features carry no id Vigil knows yet finds the AEDs already there by their place', async () => {
    const idAedKey = (config: FieldMapConfig) => config.map((entry) => ({ ...entry, field: entry.column === 'Id' ? 'l_idAed' : entry.field, primaryKey: entry.column === 'Id' }));
    const known = await importWhole(server.app, admin, idSite, 'mauriac.csv', csv(['Nom;Latitude;Longitude;Id', 'Mairie de Mauriac;45.2187;2.3326;MAU-1', 'Gare de Mauriac;45.2150;2.3280;MAU-2']), idAedKey);
    expect(known.run.counts).toMatchObject({ inserted: 2, failed: 0 });
    const udidOf = Object.fromEntries((await rows(server.app, admin, known.run.idImport)).list.map((row) => [row.cells[0], row.udid]));
    const feature = (id: string, name: string, lon: number, lat: number) => ({ type: 'Feature', id, properties: { '@id': id, emergency: 'defibrillator', name }, geometry: { type: 'Point', coordinates: [lon, lat] } });
    const geojson = {
      type: 'FeatureCollection',
      features: [
        // A few metres from the town hall's AED, under OSM's name for it.
        feature('node/9300000001', 'DAE Mairie de Mauriac', 2.33262, 45.21872),
        // Within 50 m of the station's AED, under a name that says nothing.
        feature('node/9300000002', 'Défibrillateur', 2.32805, 45.21504),
        // Nothing in the register there.
        feature('node/9300000003', 'DAE Piscine de Mauriac', 2.34, 45.223),
      ],
    };
    const { run } = await importWhole(server.app, admin, idSite, 'mauriac.geojson', Buffer.from(JSON.stringify(geojson)));
    expect(run.counts).toMatchObject({ duplicate: 2, inserted: 1, updated: 0, failed: 0 });
    const byId = Object.fromEntries((await rows(server.app, admin, run.idImport)).list.map((row) => [row.cells[0], row]));
    for (const [id, name] of [['node/9300000001', 'Mairie de Mauriac'], ['node/9300000002', 'Gare de Mauriac']] as const) {
      expect(byId[id]).toMatchObject({ status: 'duplicate', messages: ['error.import.row.potential-duplicate'] });
      const [match] = (byId[id].details as { duplicates: { udid: string; name: string; distance: number }[] }).duplicates;
      expect(match).toMatchObject({ udid: udidOf[name], name });
      expect(match.distance).toBeLessThan(10);
      // Held, not written: the AED keeps what it had until staff decide.
      expect((await aed(udidOf[name]!)).externalSourceId).toBeNull();
    }
    expect(byId['node/9300000003']).toMatchObject({ status: 'inserted' });
  });

  it('refuses JSON that is no OSM document', async () => {
    const response = await upload(server.app, admin, 'other.json', Buffer.from('{"hello": "world"}'));
    expect(response.statusCode).toBe(422);
    expect(response.json().msg).toBe('error.import.not-spreadsheet');
  });
});

describe('fields proposed from values, and saved mappings', () => {
  const header = 'Etablissement;Col B;Col C;Contact mail;Col E';
  const lines = [header, 'Salle des fêtes de Lempdes;45.7702;3.1939;fetes@lempdes.fr;63370', 'Stade de Lempdes;45.7731;3.2003;stade@lempdes.fr;63370'];

  it('proposes fields for the unnamed columns with their reason, and keeps them for the run', async () => {
    const response = await upload(server.app, admin, 'lempdes.csv', csv(lines));
    expect(response.statusCode, response.body).toBe(200);
    const file: ImportFileResult = response.json().data;
    expect(file.proposals).toEqual(
      expect.arrayContaining([
        { key: 'B1', field: 'l_lat', reason: 'latitude' },
        { key: 'C1', field: 'l_lon', reason: 'longitude' },
        { key: 'E1', field: 'l_zipCode', reason: 'postcode' },
      ]),
    );
    const created = await post(server.app, admin, 'createImport', { idSite, name: 'Lempdes', fileName: file.fileName });
    expect((created.json().data as ImportRun).proposals).toEqual(file.proposals);
  });

  it('saves a mapping under a name and proposes it again when the same header comes back', async () => {
    const mapping = (config: FieldMapConfig): FieldMapConfig =>
      config.map((entry) => ({ ...entry, field: ({ A1: 'l_name', B1: 'l_lat', C1: 'l_lon', D1: null, E1: 'l_zipCode' } as Record<string, string | null>)[entry.key] ?? null, primaryKey: entry.key === 'A1' }));
    const first = await upload(server.app, admin, 'lempdes-1.csv', csv(lines));
    const file: ImportFileResult = first.json().data;
    const created = await post(server.app, admin, 'createImport', { idSite, name: 'Lempdes 1', fileName: file.fileName });
    const run: ImportRun = created.json().data;
    const config = mapping(file.preset?.fieldMapConfig ?? file.header.map((cell) => ({ key: cell.cellAddress, column: cell.value, field: null, primaryKey: false })));
    const saved = await post(server.app, admin, 'presets', { idSite, name: 'Lempdes sports', idImport: run.idImport, fieldMapConfig: config });
    expect(saved.statusCode, saved.body).toBe(200);

    // Another file with the same header, however its case and spaces are written.
    const second = await upload(server.app, admin, 'lempdes-2.csv', csv([header.toUpperCase(), 'Dojo de Lempdes;45.7690;3.1960;dojo@lempdes.fr;63370']));
    const preset = (second.json().data as ImportFileResult).preset;
    expect(preset).toMatchObject({ id: 'saved', name: 'Lempdes sports', savedId: saved.json().data.id });
    expect(preset!.fieldMapConfig.map((entry) => entry.field)).toEqual(['l_name', 'l_lat', 'l_lon', null, 'l_zipCode']);

    const listed = await server.app.inject({ method: 'GET', url: `${base}/presets?idSite=${idSite}`, headers: { authorization: admin } });
    expect(listed.json().data.map((entry: { name: string }) => entry.name)).toContain('Lempdes sports');
    const remove = () => server.app.inject({ method: 'DELETE', url: `${base}/presets/${saved.json().data.id}`, headers: { authorization: admin } });
    expect((await remove()).statusCode).toBe(200);
    expect((await remove()).json().msg).toBe('error.import.preset-not-found');
    const third = await upload(server.app, admin, 'lempdes-3.csv', csv(lines));
    expect((third.json().data as ImportFileResult).preset?.id).not.toBe('saved');
  });

  it('refuses a mapping saved for an account the caller may not write', async () => {
    const first = await upload(server.app, admin, 'lempdes-4.csv', csv(lines));
    const file: ImportFileResult = first.json().data;
    const run: ImportRun = (await post(server.app, admin, 'createImport', { idSite, name: 'Lempdes 4', fileName: file.fileName })).json().data;
    const response = await post(server.app, admin, 'presets', { idSite: 999_999, name: 'Elsewhere', idImport: run.idImport, fieldMapConfig: [{ key: 'A1', column: 'Etablissement', field: 'l_name', primaryKey: true }, { key: 'B1', column: 'Col B', field: 'l_lat', primaryKey: false }, { key: 'C1', column: 'Col C', field: 'l_lon', primaryKey: false }] });
    expect(response.statusCode, response.body).toBe(403);
  });
});

describe('the import screens, as an AED manager found them', () => {
  it('says an address was found only at its commune, and a forced row goes in there flagged "position to check"', async () => {
    const { run } = await importWhole(server.app, admin, idSite, 'commune.csv', csv(['Nom;Adresse;Code postal;Ville;Ref', 'Boulangerie du Centre;14 rue Inconnue du Gazetteer;15300;Murat;CP-1']), (config) =>
      config.map((entry) => ({ ...entry, field: entry.column === 'Ref' ? 'l_idAed' : entry.field, primaryKey: entry.column === 'Ref' })),
    );
    const [row] = (await rows(server.app, admin, run.idImport)).list;
    expect(row).toMatchObject({ status: 'failed', messages: ['error.import.row.commune-only'], details: { precision: 'municipality', city: 'Murat' } });
    const forced = await post(server.app, admin, 'processByRow', { idImport: run.idImport, row: row.row, forced: true });
    expect(forced.json().data).toMatchObject({ status: 'inserted', messages: ['error.import.row.position-to-check'] });
    const udid = forced.json().data.udid as string;
    const list = await server.app.inject({
      method: 'POST',
      url: '/services/backOffice/aed/getAllList',
      headers: { authorization: admin },
      payload: { filter: [{ type: 'ADVANCED', tag: 'positionToCheck', value: true }] },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.list).toEqual(expect.arrayContaining([expect.objectContaining({ udid, positionToCheck: true })]));
    // Staff move it: the flag goes.
    const current = await aed(udid);
    const moved = await server.app.inject({
      method: 'PATCH',
      url: `/services/backOffice/aed/patchAed/${udid}`,
      headers: { authorization: admin },
      payload: { lat: current.lat + 0.001, lon: current.lon },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(current.positionToCheck).toBe(true);
    expect((await aed(udid)).positionToCheck).toBe(false);
  });

  it('applies the default hours of the run to new AEDs of a file without hours', async () => {
    const file = (suffix: string) => csv(['Nom;Latitude;Longitude;Id', `Dojo ${suffix};45.6${suffix.length}01;3.2${suffix.length}02;H-${suffix}`]);
    const key = (config: FieldMapConfig) => config.map((entry) => ({ ...entry, field: entry.column === 'Id' ? 'l_idAed' : entry.field, primaryKey: entry.column === 'Id' }));
    const open = await prepare(server.app, admin, idSite, 'open.csv', file('a'), key);
    const remapped = await post(server.app, admin, 'mappings', { idImport: open.run.idImport, fieldMapConfig: open.run.fieldMapConfig, hoursDefault: 'alwaysOpen' });
    expect(remapped.json().data.options).toEqual({ hoursDefault: 'alwaysOpen' });
    await post(server.app, admin, 'processImport', { idImport: open.run.idImport });
    await waitFor(server.app, admin, open.run.idImport);
    const [opened] = (await rows(server.app, admin, open.run.idImport)).list;
    expect((await aed(opened.udid!)).alwaysOpened).toBe(true);

    const unknown = await prepare(server.app, admin, idSite, 'unknown.csv', file('bb'), key);
    await post(server.app, admin, 'mappings', { idImport: unknown.run.idImport, fieldMapConfig: unknown.run.fieldMapConfig, hoursDefault: 'unknown' });
    await post(server.app, admin, 'processImport', { idImport: unknown.run.idImport });
    await waitFor(server.app, admin, unknown.run.idImport);
    const [closed] = (await rows(server.app, admin, unknown.run.idImport)).list;
    expect(closed).toMatchObject({ status: 'inserted', messages: ['error.import.row.hours-to-check'] });
    expect((await aed(closed.udid!)).alwaysOpened).toBe(false);
  });

  it('keeps the GeoDAE operator company, reads c_disp_complt "24h/24" and an id read as a number as its text', async () => {
    const { run } = await importWhole(
      server.app,
      admin,
      idSite,
      'geodae-operator.csv',
      csv([
        'gid;c_nom;c_lat_coor1;c_long_coor1;c_expt_rais;c_disp_complt;c_gid;c_num_serie',
        '6.0;Mairie de Saint-Flour;45.0336;3.0930;Commune de Saint-Flour;24h/24;6.0;SF-0001',
      ]),
    );
    const [row] = (await rows(server.app, admin, run.idImport)).list;
    expect(row.messages).not.toContain('error.import.row.contact-incomplete');
    const saved = await aed(row.udid!);
    expect(saved).toMatchObject({ externalSourceId: '6', alwaysOpened: true });
    expect(saved.contacts).toEqual([expect.objectContaining({ lastName: 'Commune de Saint-Flour', contactType: 'operator' })]);
  });

  it('refuses a file whose delimiter was not found, and warns of columns without names', async () => {
    const oneColumn = await upload(server.app, admin, 'pipes.csv', csv(['Nom^Adresse^Ville^Latitude^Longitude', 'Mairie^1 place^Riom^45.89^3.11']));
    expect(oneColumn.statusCode, oneColumn.body).toBe(422);
    expect(oneColumn.json().msg).toBe('error.import.delimiter-not-found');
    const unnamed = await upload(server.app, admin, 'unnamed.csv', csv(['Nom;;;', 'Mairie;1 place;Riom;45.89']));
    expect(unnamed.statusCode, unnamed.body).toBe(200);
    expect(unnamed.json().data.warnings).toEqual(['mostlyUnnamed']);
  });

  it('accepts a mapping whose ignored columns have no field', async () => {
    const { run } = await prepare(server.app, admin, idSite, 'ignored.csv', csv(['Nom;Latitude;Longitude;Remarque;Id', 'Halle de Riom;45.8941;3.1131;à voir;IG-1']), (config) =>
      config.map((entry) => ({ ...entry, field: entry.column === 'Remarque' ? null : entry.column === 'Id' ? 'l_idAed' : entry.field, primaryKey: entry.column === 'Id' })),
    );
    expect(run.fieldMapConfig?.find((entry) => entry.column === 'Remarque')?.field).toBeNull();
  });
});

describe('the bulk path', () => {
  it('keeps text that the COPY text format would read otherwise: tabs, line breaks, backslashes, \\N and quotes', async () => {
    const description = 'Hall\tà gauche\r\nporte "C:\\dae" \\N \\t';
    const cell = `"${description.replace(/"/g, '""')}"`;
    const { run } = await importWhole(server.app, admin, idSite, 'escapes.csv', csv(['Nom;Latitude;Longitude;Description;Id', `Halle de Massiac \\N;45.2520;3.1960;${cell};ESC-1`]), (config) =>
      config.map((entry) => ({ ...entry, field: entry.column === 'Id' ? 'l_idAed' : entry.column === 'Description' ? 'l_description' : entry.field, primaryKey: entry.column === 'Id' })),
    );
    expect(run.counts).toMatchObject({ inserted: 1, failed: 0 });
    const [row] = (await rows(server.app, admin, run.idImport)).list;
    expect(await aed(row.udid!)).toMatchObject({ name: 'Halle de Massiac \\N', description, idAed: 'ESC-1', lat: 45.252, lon: 3.196 });
  });
});
