import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schemaDaeColumnNames, schemaDaeValidator } from '../../server/src/modules/aeds/schema-dae';
import { accountId, aedBase, call } from '../fixtures/aed/helpers';
import { importWhole } from '../fixtures/import/client';
import { operatorContact, readyAedBody } from '../fixtures/aed/open-data';
import { startTestServer, type TestServer } from './harness';

/**
 * The register's open-data files: the GeoDAE declaration (schema-dae 1.0.7 CSV) checked against
 * the national schema, the readiness of each AED in the list and its filter, the OpenStreetMap
 * GeoJSON, both round trips through the import, and who may export what.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

let server: TestServer;
let admin: string;
let manager: string;
let sdis63: number;
let codis63: number;
const tag = randomUUID().slice(0, 8);
const prefix = `OpenData ${tag}`;

const operator = operatorContact;
const siteContact = { firstName: 'Léa', lastName: 'Dubois', function: 'Accueil', phoneCode: '+33', phone: '612345678', email: 'accueil@riom.example.org', contactType: 'siteContact' };

/** An AED every mandatory column of schema-dae can be written from, with a site contact and hours of weekdays. */
const ready = (n: number, overrides: Record<string, unknown> = {}) =>
  readyAedBody(`${prefix} ready`, n, {
    idAed: `REF-${tag}-${n}`,
    description: 'Dans le hall, à gauche',
    floor: '1',
    alwaysOpened: false,
    openingHours: { 1: [{ open: '08:00', close: '18:00' }], 2: [{ open: '08:00', close: '18:00' }], 3: [{ open: '08:00', close: '18:00' }] },
    installDate: '2021-04-12',
    maintenancePeriod: 12,
    padsExpiration: '2027-01-31',
    batteryExpiration: '2028-05-01',
    inspectedBy: 'Maintenance Auvergne',
    contacts: [operator, siteContact],
    ...overrides,
  });

async function create(body: Record<string, unknown>, auth = admin) {
  const response = await call(server, auth, 'PATCH', `${aedBase}/patchAed/new`, { idSite: sdis63, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { udid: string } & Record<string, unknown>;
}

const ours = [{ type: 'TAG', tag: 'name', value: prefix }];

async function exportFile(kind: 'exportGeoDae' | 'exportOsm', body: Record<string, unknown> = {}, auth = manager) {
  return server.app.inject({ method: 'POST', url: `${aedBase}/${kind}`, headers: { authorization: auth }, payload: { filter: ours, order: 'name', orderSort: 'asc', ...body } });
}

/** The declaration's header and rows (cells by column), read as RFC 4180 CSV. */
function parseCsv(text: string) {
  const lines: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') quoted = !quoted;
    else if (quoted) cell += char;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      lines.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  const [header, ...rows] = lines;
  return { header, rows: rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? '']))) };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@vigil.test');
  manager = await server.signIn('aed-manager@vigil.test');
  sdis63 = await accountId(server, 'SDIS 63');
  codis63 = await accountId(server, 'CODIS 63');
  await create(ready(1));
  await create(ready(2, { alwaysOpened: true, openingHours: {}, accessibility: 1, position: 2 }));
  // Hours schema-dae's words cannot say: written with the words they touch, the exact week in disp_complt.
  await create(ready(3, { openingHours: { 1: [{ open: '09:00', close: '12:00' }, { open: '14:00', close: '17:30' }], 6: [{ open: '09:00', close: '12:00' }] } }));
  await create({ ...ready(4), name: `${prefix} not ready`, brand: null, maintenanceLastDate: null, accessibility: null, contacts: [{ ...operator, siren: '', phone: null, phoneCode: null }] });
});

afterAll(async () => server?.close());

describe('readiness for GeoDAE', () => {
  it('lists the mandatory columns an AED lacks, and the list filters on it', async () => {
    const list = await call(server, manager, 'POST', `${aedBase}/getAllList`, { filter: ours, order: 'name', orderSort: 'asc' });
    expect(list.status).toBe(200);
    const byName = Object.fromEntries(list.body.data.list.map((row: { name: string; geoDaeMissing: string[] }) => [row.name, row.geoDaeMissing]));
    expect(byName[`${prefix} ready 1`]).toEqual([]);
    // No site contact phone either: the operator had the only other one.
    expect(byName[`${prefix} not ready`]).toEqual(['acc_lib', 'tel1', 'fab_rais', 'dermnt', 'expt_siren', 'expt_tel1']);
    const filtered = async (value: boolean) => {
      const answer = await call(server, manager, 'POST', `${aedBase}/getAllList`, { filter: [...ours, { type: 'ADVANCED', tag: 'geoDaeReady', value }], order: 'name', orderSort: 'asc' });
      expect(answer.status).toBe(200);
      return { names: answer.body.data.list.map((row: { name: string }) => row.name), total: answer.body.data.count.totalCount };
    };
    expect(await filtered(true)).toEqual({ names: [1, 2, 3].map((n) => `${prefix} ready ${n}`), total: 3 });
    expect(await filtered(false)).toEqual({ names: [`${prefix} not ready`], total: 1 });
  });

  it('follows a contact completed in the form', async () => {
    const aed = await create({ ...ready(5), name: `${prefix} completed later`, contacts: [{ ...operator, siren: '' }] });
    const missing = async () => (await call(server, manager, 'POST', `${aedBase}/getAllList`, { filter: [{ type: 'TAG', tag: 'udid', value: aed.udid }] })).body.data.list[0].geoDaeMissing;
    expect(await missing()).toEqual(['expt_siren']);
    // The form reads the same readiness as the list, and the answer to its save follows the change.
    expect(aed.geoDaeMissing).toEqual(['expt_siren']);
    expect((await call(server, manager, 'GET', `${aedBase}/getAed/${aed.udid}`)).body.data.geoDaeMissing).toEqual(['expt_siren']);
    const contactId = (aed.contacts as { id: number }[])[0].id;
    const saved = await call(server, admin, 'PATCH', `${aedBase}/patchAed/${aed.udid}`, { contacts: [{ ...operator, id: contactId, siren: '130 016 538' }] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.geoDaeMissing).toEqual([]);
    expect(await missing()).toEqual([]);
    await call(server, admin, 'PATCH', `${aedBase}/softDelete`, { udid: aed.udid });
  });

  it('refuses a SIREN that is no company number, and a readiness filter that is no boolean', async () => {
    const bad = await call(server, admin, 'PATCH', `${aedBase}/patchAed/new`, { ...ready(6), contacts: [{ ...operator, siren: '123456789' }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('error.aed.contact-siren-invalid');
    const filter = await call(server, manager, 'POST', `${aedBase}/getAllList`, { filter: [{ type: 'ADVANCED', tag: 'geoDaeReady', value: 'maybe' }] });
    expect(filter.status).toBe(400);
    expect(filter.body.msg).toBe('error.validation');
  });
});

describe('POST aed/exportGeoDae', () => {
  it('writes the ready AEDs in schema-dae 1.0.7 columns, every row valid against the national schema', async () => {
    const response = await exportFile('exportGeoDae');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="geodae-\d{8}-\d{4}\.csv"$/);
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.headers['x-not-ready-count']).toBe('0');
    const { header, rows } = parseCsv(response.body);
    const validator = schemaDaeValidator();
    expect(validator.header(header)).toEqual([]);
    expect(header).toEqual(schemaDaeColumnNames);
    expect(rows.map((row) => row.nom)).toEqual([1, 2, 3].map((n) => `${prefix} ready ${n}`));
    for (const row of rows) expect(validator.row(row), row.nom).toEqual([]);
    expect(rows[0]).toMatchObject({ adr_num: '1', adr_voie: "rue de l'Horloge", com_cp: '63200', acc: 'Intérieur', acc_lib: 'oui', disp_j: 'lundi|mardi|mercredi', disp_h: 'heures ouvrables', disp_complt: '', tel1: '+33612345678', site_email: 'accueil@riom.example.org', etat_fonct: 'En fonctionnement', fab_rais: 'Zoll', modele: 'AED Plus', dermnt: '2025-06-01', expt_siren: '130016538', expt_rais: 'Ville de Riom', expt_tel1: '+33473389900', expt_email: 'dae@riom.example.org' });
    expect(rows[1]).toMatchObject({ disp_j: '7j/7', disp_h: '24h/24', acc: 'Extérieur', acc_lib: 'non' });
    expect(rows[2]).toMatchObject({ disp_j: 'lundi|samedi', disp_h: 'heures ouvrables', disp_complt: 'lundi: 09:00-12:00, 14:00-17:30 | samedi: 09:00-12:00' });
  });

  it('writes every AED when asked, and says how many were not ready', async () => {
    const response = await exportFile('exportGeoDae', { allAeds: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('4');
    expect(response.headers['x-not-ready-count']).toBe('1');
    const { rows } = parseCsv(response.body);
    const notReady = rows.find((row) => row.nom === `${prefix} not ready`)!;
    expect(notReady).toMatchObject({ fab_rais: '', dermnt: '', expt_siren: '' });
    const problems = schemaDaeValidator().row(notReady).map((problem) => problem.column);
    expect(problems.sort()).toEqual(['acc_lib', 'dermnt', 'expt_siren', 'expt_tel1', 'fab_rais', 'tel1'].sort());
  });

  it('round trip: the declaration imported with the schemaDae preset finds the same AEDs unchanged', async () => {
    const response = await exportFile('exportGeoDae');
    const { file, run } = await importWhole(server.app, admin, sdis63, 'geodae.csv', Buffer.from(response.body));
    expect(file.preset?.id).toBe('schemaDae');
    expect(run.counts).toMatchObject({ unchanged: 3, inserted: 0, updated: 0, failed: 0 });
  });

  it('never writes AEDs of another account, is refused to groups that may not export, and checks its input', async () => {
    const allier = await accountId(server, 'SDIS 03');
    const [elsewhere] = await server.ctx.database.query<{ udid: string }>(
      `INSERT INTO aeds (id_site, name, lat, lon, brand, model, serial_number, position, accessibility, maintenance_last_date) VALUES ($1, $2, 46.3, 3.3, 'Zoll', 'AED Plus', $3, 1, 2, '2025-01-01') RETURNING udid`,
      [allier, `${prefix} elsewhere`, `SN-${tag}-elsewhere`],
    );
    expect(elsewhere.udid).toBeTruthy();
    const all = await exportFile('exportGeoDae', { allAeds: true, filter: [] });
    expect(all.statusCode).toBe(200);
    expect(all.body).not.toContain(`${prefix} elsewhere`);
    expect((await exportFile('exportGeoDae', { idSelected: allier })).statusCode).toBe(403);
    for (const email of ['aed-editor@vigil.test', 'operator@vigil.test', 'referent@vigil.test']) {
      const auth = await server.signIn(email);
      for (const kind of ['exportGeoDae', 'exportOsm'] as const) expect((await exportFile(kind, {}, auth)).statusCode, `${email} ${kind}`).toBe(403);
    }
    const bad = await exportFile('exportGeoDae', { allAeds: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('error.validation');
    expect((await server.app.inject({ method: 'POST', url: `${aedBase}/exportGeoDae`, payload: { filter: [] } })).statusCode).toBe(401);
  });
});

describe('POST aed/exportOsm', () => {
  it('writes GeoJSON features with the tags the OpenStreetMap import reads', async () => {
    const response = await exportFile('exportOsm');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/geo+json');
    const collection = response.json();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(4);
    const named = (n: number) => collection.features.find((feature: { properties: { name: string } }) => feature.properties.name === `${prefix} ready ${n}`);
    const [first, always, partial] = [named(1), named(2), named(3)];
    expect(first.geometry.type).toBe('Point');
    expect(first.geometry.coordinates[0]).toBeCloseTo(3.12, 9);
    expect(first.geometry.coordinates[1]).toBeCloseTo(45.9, 9);
    expect(first.id).toMatch(/^vigil\/[0-9a-f-]{36}$/);
    expect(first.properties).toEqual({
      emergency: 'defibrillator',
      name: `${prefix} ready 1`,
      'defibrillator:location': 'Dans le hall, à gauche',
      access: 'yes',
      indoor: 'yes',
      level: '1',
      opening_hours: 'Mo-We 08:00-18:00',
      operator: 'Ville de Riom',
      phone: '+33473389900',
      ref: `REF-${tag}-1`,
      'addr:housenumber': '1',
      'addr:street': "rue de l'Horloge",
      'addr:postcode': '63200',
      'addr:city': 'Riom',
    });
    expect(always.properties).toMatchObject({ opening_hours: '24/7', access: 'private', indoor: 'no' });
    expect(partial.properties.opening_hours).toBe('Mo 09:00-12:00,14:00-17:30; Sa 09:00-12:00');
  });

  it('round trip: the file imported into another account gives the same AEDs, and again finds them unchanged', async () => {
    const file = Buffer.from((await exportFile('exportOsm')).body);
    const before = (await call(server, manager, 'POST', `${aedBase}/getAllList`, { filter: ours, order: 'name', orderSort: 'asc', idSelected: sdis63, withChild: false })).body.data.list;
    const first = await importWhole(server.app, admin, codis63, 'aeds.geojson', file);
    expect(first.file.preset?.id).toBe('osm');
    expect(first.run.counts).toMatchObject({ inserted: 4, failed: 0, duplicate: 0 });
    const after = (await call(server, admin, 'POST', `${aedBase}/getAllList`, { filter: ours, order: 'name', orderSort: 'asc', idSelected: codis63, withChild: false })).body.data.list;
    expect(after).toHaveLength(4);
    const detail = async (udid: string) => (await call(server, admin, 'GET', `${aedBase}/getAed/${udid}`)).body.data;
    const osmFields = ['name', 'lat', 'lon', 'description', 'accessibility', 'position', 'floor', 'alwaysOpened', 'openingHours', 'idAed', 'address', 'zipCode', 'city'];
    for (const [index, row] of before.entries()) {
      const original = await detail(row.udid);
      const copy = await detail(after[index].udid);
      for (const field of osmFields) expect(copy[field], `${original.name} ${field}`).toEqual(original[field]);
      expect(copy.externalSourceId).toBe(`vigil/${original.udid}`);
      const operatorOf = (aed: { contacts: { contactType: string; lastName: string; phone: string | null }[] }) => aed.contacts.find((contact) => contact.contactType === 'operator');
      expect(operatorOf(copy)?.lastName).toBe(operatorOf(original)?.lastName);
      expect(operatorOf(copy)?.phone?.replace(/^0/, '').replace(/\s/g, '')).toBe(operatorOf(original)?.phone?.replace(/^0/, '').replace(/\s/g, '') ?? undefined);
    }
    const again = await importWhole(server.app, admin, codis63, 'aeds.geojson', file);
    expect(again.run.counts).toMatchObject({ unchanged: 4, inserted: 0, updated: 0, failed: 0 });
  });

  it('round trip into the same account: AEDs that came from no OSM id are found by the udid of their vigil/ id, unchanged', async () => {
    // The account's own AEDs (the round trip above put copies in a child account).
    const own = { idSelected: sdis63, withChild: false };
    const file = Buffer.from((await exportFile('exportOsm', own)).body);
    const { run } = await importWhole(server.app, admin, sdis63, 'aeds-again.geojson', file);
    expect(run.counts).toMatchObject({ unchanged: 4, inserted: 0, updated: 0, duplicate: 0, failed: 0 });
    const list = (await call(server, manager, 'POST', `${aedBase}/getAllList`, { filter: ours, ...own })).body.data.list as { udid: string }[];
    expect(list).toHaveLength(4);
    for (const row of list) expect((await call(server, admin, 'GET', `${aedBase}/getAed/${row.udid}`)).body.data.externalSourceId).toBeNull();
  });

  it('round trip: an AED mapped in OpenStreetMap keeps its node id and is found unchanged', async () => {
    const aed = await create({ ...ready(7), name: `${prefix} from osm`, externalSourceId: `node/${Date.now()}` });
    const response = await exportFile('exportOsm', { filter: [{ type: 'TAG', tag: 'udid', value: aed.udid }] });
    expect(response.json().features[0].id).toBe(aed.externalSourceId);
    const { run } = await importWhole(server.app, admin, sdis63, 'osm.geojson', Buffer.from(response.body));
    expect(run.counts).toMatchObject({ unchanged: 1, inserted: 0, updated: 0 });
  });
});
