import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { fixture, getRun, importWhole, post, prepare, rows, waitFor } from '../fixtures/import/client';
import { geodaeExtractRows, semicolonRows } from '../fixtures/import/make-fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
let idSite: number;

const aed = async (udid: string) => {
  const response = await server.app.inject({ method: 'GET', url: `/services/backOffice/aed/getAed/${udid}`, headers: { authorization: admin } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const aedCount = async () => {
  const [row] = await server.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM aeds WHERE id_site = $1', [idSite]);
  return row.n;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@vigil.test');
  const me = await server.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'admin@vigil.test', password: 'Vigil-Demo-2026!' } });
  idSite = me.json().data.siteId;
});

afterAll(async () => {
  await server?.close();
});

describe('a GeoDAE open-data extract', () => {
  let idImport: number;
  let before: number;

  it('is recognised, processed by the durable job, and every record lands with its values', async () => {
    before = await aedCount();
    const { file, run } = await importWhole(server.app, admin, idSite, 'geodae-extract.csv', fixture('geodae-extract.csv'));
    idImport = run.idImport;
    expect(file.preset?.id).toBe('geodae');
    expect(file.preset?.fieldMapConfig.find((entry) => entry.primaryKey)?.column).toBe('c_gid');
    expect(run.state).toBe('done');
    expect(run.processed).toBe(24);
    // Row 31 of every 31 is flagged c_doublon = t by the national base: index 30 does not exist in 24 rows.
    expect(run.counts).toEqual({ inserted: 24, updated: 0, unchanged: 0, deleted: 0, duplicate: 0, failed: 0 });
    expect(await aedCount()).toBe(before + 24);

    const list = await rows(server.app, admin, idImport);
    const first = list.list[0];
    expect(first.status).toBe('inserted');
    const source = geodaeExtractRows[0];
    const saved = await aed(first.udid!);
    expect(saved.name).toBe(source[2]);
    expect(saved.externalSourceId).toBe(source[1]);
    expect(saved.address).toBe(`${source[3]} Rue Victor Hugo`);
    expect(saved.city).toBe('Aurillac');
    expect(saved.zipCode).toBe('15000');
    expect(saved.lat).toBeCloseTo(Number(source[8]), 6);
    expect(saved.lon).toBeCloseTo(Number(source[9]), 6);
    // Index 0 is 7j/7 and 24h/24.
    expect(saved.alwaysOpened).toBe(true);
    expect(saved.source).toBe('import');
    expect(saved.contacts).toEqual([expect.objectContaining({ lastName: 'COMMUNE DE AURILLAC', contactType: 'operator', email: 'contact@aurillac.fr', phoneCode: '+33' })]);

    // A weekday-only record: its days get business hours.
    const weekdays = list.list.find((row) => row.cells[20] === '{lundi,mercredi,vendredi}' && row.cells[21] === '{"heures ouvrables"}');
    expect(weekdays).toBeDefined();
    const hours = (await aed(weekdays!.udid!)).openingHours;
    expect(hours).toEqual({ '1': [{ open: '08:00', close: '18:00' }], '3': [{ open: '08:00', close: '18:00' }], '5': [{ open: '08:00', close: '18:00' }] });
  });

  it('changes nothing when the same file is imported again', async () => {
    const { run } = await importWhole(server.app, admin, idSite, 'geodae-extract.csv', fixture('geodae-extract.csv'));
    expect(run.counts).toEqual({ inserted: 0, updated: 0, unchanged: 24, deleted: 0, duplicate: 0, failed: 0 });
    expect(await aedCount()).toBe(before + 24);
  });

  it('reads the same extract as XLSX, XLS and ODS, and finds it unchanged', async () => {
    for (const name of ['geodae-extract.xlsx', 'geodae-extract.xls', 'geodae-extract.ods']) {
      const { file, run } = await importWhole(server.app, admin, idSite, name, fixture(name));
      expect(file.preset?.id, name).toBe('geodae');
      expect(run.counts, name).toEqual({ inserted: 0, updated: 0, unchanged: 24, deleted: 0, duplicate: 0, failed: 0 });
    }
    expect(await aedCount()).toBe(before + 24);
  });

  it('exports the rows with their result as a spreadsheet', async () => {
    const response = await post(server.app, admin, 'exportAed', { idImport, rows: [2, 3], lang: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const sheet = XLSX.read(response.rawPayload, { type: 'buffer' });
    const table = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1, raw: false });
    expect(table[0].slice(0, 3)).toEqual(['Ligne', 'gid', 'c_gid']);
    expect(table[0].slice(-3)).toEqual(['Résultat', 'Message', 'Udid du DAE']);
    expect(table).toHaveLength(3);
    expect(table[1][0]).toBe('2');
    expect(table[1][table[0].length - 3]).toBe('Ajouté');
  });
});

describe('a file in the national schema-dae 1.0.7', () => {
  it('is recognised by its columns, keyed by serial number, and each record lands as the schema means it', async () => {
    const before = await aedCount();
    const { file, run } = await importWhole(server.app, admin, idSite, 'schema-dae.csv', fixture('schema-dae.csv'));
    expect(file.preset?.id).toBe('schemaDae');
    expect(file.preset?.fieldMapConfig.find((entry) => entry.primaryKey)?.column).toBe('num_serie');
    expect(file.header).toHaveLength(46);
    expect(run.counts).toEqual({ inserted: 4, updated: 0, unchanged: 0, deleted: 0, duplicate: 0, failed: 0 });
    expect(await aedCount()).toBe(before + 4);
    const list = (await rows(server.app, admin, run.idImport)).list;
    const [mairie, gymnase, piscine, vehicule] = await Promise.all(list.map((row) => aed(row.udid!)));

    expect(mairie).toMatchObject({ name: 'DAE Mairie du Puy-en-Velay', address: '8 Place du Martouret', zipCode: '43000', city: 'Le Puy-en-Velay', position: 2, accessibility: 2 });
    expect(mairie).toMatchObject({ brand: 'Philips', model: 'HeartStart HS1', serialNumber: 'X09E409930', installDate: '2019-09-30', padsExpiration: '2026-09-30', batteryExpiration: '2027-03-31' });
    expect(mairie.lat).toBeCloseTo(45.043421, 6);
    expect(mairie.lon).toBeCloseTo(3.885012, 6);
    expect(mairie.alwaysOpened).toBe(true);
    expect(mairie.contacts).toEqual([expect.objectContaining({ lastName: 'COMMUNE DU PUY-EN-VELAY', email: 'mairie@lepuyenvelay.fr', phoneCode: '+33' })]);

    // "lundi|…|vendredi" with "heures ouvrables": business hours on weekdays; indoor, not in free access.
    expect(gymnase).toMatchObject({ position: 1, accessibility: 1, brand: 'Zoll', model: 'AED Plus', hasChildPads: true, childPadsExpiration: '2026-01-31', alwaysOpened: false });
    expect(gymnase.openingHours).toEqual(Object.fromEntries(['1', '2', '3', '4', '5'].map((day) => [day, [{ open: '08:00', close: '18:00' }]])));
    // "Hors service" is an AED out of order.
    expect(piscine).toMatchObject({ status: 'unavailable', address: 'Rue du Stade', city: 'Yssingeaux', brand: 'Schiller', model: 'FRED easy' });
    expect(piscine.openingHours).toEqual({ '6': [{ open: '08:00', close: '18:00' }], '7': [{ open: '08:00', close: '18:00' }] });
    // A mobile AED with "non renseigné" hours.
    expect(vehicule).toMatchObject({ itinerant: true, status: 'available', brand: 'HeartSine', model: 'samaritan PAD 350P' });

    // The same file again changes nothing.
    const again = await importWhole(server.app, admin, idSite, 'schema-dae.csv', fixture('schema-dae.csv'));
    expect(again.run.counts).toEqual({ inserted: 0, updated: 0, unchanged: 4, deleted: 0, duplicate: 0, failed: 0 });
    expect(await aedCount()).toBe(before + 4);
  });
});

describe('a semicolon CSV from French Excel', () => {
  it('decodes Windows-1252, reads the "lat, lon" column and calms the capitals', async () => {
    const { file, run } = await importWhole(server.app, admin, idSite, 'semicolon-win1252.csv', fixture('semicolon-win1252.csv'));
    expect(file.encoding).toBe('windows-1252');
    expect(file.delimiter).toBe(';');
    expect(file.header.map((cell) => cell.value)).toContain('Coordonnées GPS');
    expect(file.preset?.fieldMapConfig.find((entry) => entry.column === 'Coordonnées GPS')?.field).toBe('l_latLon');
    expect(run.counts.inserted).toBe(semicolonRows.length);
    const list = await rows(server.app, admin, run.idImport);
    const first = await aed(list.list[0].udid!);
    expect(first.name).toBe("Mairie d'Aurillac");
    expect(first.address).toBe("1 Place de l'Hôtel de Ville");
    expect(first.city).toBe('Aurillac');
    expect(first.lat).toBeCloseTo(44.928331, 6);
    expect(first.lon).toBeCloseTo(2.44401, 6);
    expect(first.installDate).toBe('2019-03-12');
    expect(first.batteryExpiration).toBe('2027-06-30');
    expect(first.accessibility).toBe(2);
    expect(first.position).toBe(1);
    const pharmacy = await aed(list.list[3].udid!);
    expect(pharmacy.name).toBe('Pharmacie du Château; entrée rue');
    expect(pharmacy.city).toBe('Murat');
    const station = await aed(list.list[2].udid!);
    expect(station.city).toBe('Saint-Flour');
    expect(station.brand).toBe('Schiller');
  });
});

describe('an XLSX with merged header cells and empty rows', () => {
  it('takes the sub-titles under the merged group titles and skips the title and the blank rows', async () => {
    const { file, run } = await importWhole(server.app, admin, idSite, 'merged-header.xlsx', fixture('merged-header.xlsx'));
    expect(file.header.map((cell) => cell.value)).toEqual(['Identifiant', 'Nom', 'Adresse', 'CP', 'Ville', 'Latitude', 'Longitude', 'Marque', 'Modèle', 'Mise en service']);
    expect(file.header[0].cellAddress).toBe('A3');
    expect(file.numRows).toBe(4);
    expect(file.preview.map((row) => row.row)).toEqual([4, 6, 7, 10]);
    expect(run.counts.inserted).toBe(4);
    const list = await rows(server.app, admin, run.idImport);
    const stade = await aed(list.list[3].udid!);
    expect(stade.idAed).toBe('HL-004');
    expect(stade.installDate).toBe('2018-11-03');
    expect(stade.brand).toBe('Defibtech');
  });
});

describe('a file with every row message', () => {
  it('gives each row its message, and a failed row changes nothing', async () => {
    // An AED already in the register near the "potential duplicate" row.
    const existing = await server.app.inject({
      method: 'PATCH',
      url: '/services/backOffice/aed/patchAed/new',
      headers: { authorization: admin },
      payload: { name: 'Gendarmerie de Murat', lat: 45.1131, lon: 2.8611, country: 'FR', idSite },
    });
    expect(existing.statusCode, existing.body).toBe(200);
    // The address service is down for one street; the offline gazetteer answers the others.
    const gazetteer = server.ctx.geocoder;
    server.ctx.geocoder = {
      search: async (query, signal) => {
        if (/service indisponible/i.test(query.address)) throw new Error('geocoding service unavailable');
        return gazetteer.search(query, signal);
      },
      reverse: (lat, lon, country, signal) => gazetteer.reverse(lat, lon, country, signal),
    };
    const before = await aedCount();
    try {
      const { run } = await importWhole(server.app, admin, idSite, 'row-messages.csv', fixture('row-messages.csv'), (config) =>
        config.map((entry) => ({ ...entry, primaryKey: entry.field === 'd_serialNumber' })),
      );
      const list = await rows(server.app, admin, run.idImport);
      const byCase = Object.fromEntries(list.list.map((row) => [row.cells[0], row]));
      expect(byCase['inserted']).toMatchObject({ status: 'inserted', messages: [] });
      expect(byCase['name-required']).toMatchObject({ status: 'failed', messages: ['error.import.row.name-required'] });
      expect(byCase['incomplete-address']).toMatchObject({ status: 'failed', messages: ['error.import.row.incomplete-address'] });
      expect(byCase['unknown-address']).toMatchObject({ status: 'failed', messages: ['error.import.row.unknown-address'] });
      expect(byCase['address-retrieval-impossible']).toMatchObject({ status: 'failed', messages: ['error.import.row.address-retrieval-impossible'] });
      expect(byCase['potential-duplicate']).toMatchObject({ status: 'duplicate', messages: ['error.import.row.potential-duplicate'] });
      expect(byCase['potential-duplicate'].details).toMatchObject({ duplicates: [expect.objectContaining({ udid: existing.json().data.udid, name: 'Gendarmerie de Murat' })] });
      expect(byCase['unknown-brand']).toMatchObject({ status: 'inserted', messages: ['error.import.row.unknown-brand', 'error.import.row.unknown-model'] });
      expect(byCase['unknown-model']).toMatchObject({ status: 'inserted', messages: ['error.import.row.unknown-model'] });
      expect(byCase['aed-not-found']).toMatchObject({ status: 'failed', messages: ['error.import.row.aed-not-found'] });
      expect(byCase['invalid-value']).toMatchObject({ status: 'failed', messages: ['error.import.row.invalid-value'], details: { column: 'Latitude', value: 'quarante-cinq' } });
      expect(run.counts).toEqual({ inserted: 3, updated: 0, unchanged: 0, deleted: 0, duplicate: 1, failed: 6 });
      // Only the three inserted rows wrote anything.
      expect(await aedCount()).toBe(before + 3);

      // Forcing the potential duplicate inserts it; forcing it again finds it by its key: unchanged.
      const row = byCase['potential-duplicate'].row;
      const forced = await post(server.app, admin, 'processByRow', { idImport: run.idImport, row, forced: true });
      expect(forced.statusCode, forced.body).toBe(200);
      expect(forced.json().data).toMatchObject({ row, status: 'inserted', messages: [] });
      const again = await post(server.app, admin, 'processByRow', { idImport: run.idImport, row, forced: true });
      expect(again.json().data).toMatchObject({ status: 'unchanged', udid: forced.json().data.udid });
      expect(await aedCount()).toBe(before + 4);
      expect((await getRun(server.app, admin, run.idImport)).counts).toEqual({ inserted: 3, updated: 0, unchanged: 1, deleted: 0, duplicate: 0, failed: 6 });

      // A retry without the fix fails the same way and changes nothing.
      const retry = await post(server.app, admin, 'processByRow', { idImport: run.idImport, row: byCase['name-required'].row, forced: false });
      expect(retry.json().data).toMatchObject({ status: 'failed', messages: ['error.import.row.name-required'] });
      expect(await aedCount()).toBe(before + 4);
    } finally {
      server.ctx.geocoder = gazetteer;
    }
  });

  it('deletes by key, and an AED unknown to an update-only key is "AED not found"', async () => {
    const create = ['serial;nom;lat;lon', 'SN-DEL-1;Abri du col de Prat de Bouc;45.05810;2.80220', ''].join('\n');
    const created = await importWhole(server.app, admin, idSite, 'create.csv', Buffer.from(create), (config) =>
      config.map((entry) => (entry.column === 'serial' ? { ...entry, field: 'd_serialNumber', primaryKey: true } : { ...entry, primaryKey: false })),
    );
    expect(created.run.counts.inserted).toBe(1);
    const csv = ['serial;nom;lat;lon;a supprimer', 'SN-DEL-1;Abri du col de Prat de Bouc;45.05810;2.80220;oui', 'SN-NOPE-1;Inconnu;45.0;3.0;oui', ''].join('\n');
    const { run } = await importWhole(server.app, admin, idSite, 'deletes.csv', Buffer.from(csv), (config) =>
      config.map((entry) => (entry.column === 'serial' ? { ...entry, field: 'd_serialNumber', primaryKey: true } : { ...entry, primaryKey: false })),
    );
    const list = await rows(server.app, admin, run.idImport);
    expect(list.list.map((row) => [row.status, row.messages])).toEqual([
      ['deleted', []],
      ['failed', ['error.import.row.aed-not-found']],
    ]);
    const deleted = await aed(list.list[0].udid!);
    expect(deleted.status).toBe('deleted');
    expect(deleted.deletedAt).not.toBeNull();

    const byUdid = ['Udid;Name', '00000000-0000-4000-8000-000000000000;Nobody', ''].join('\n');
    const { run: second } = await importWhole(server.app, admin, idSite, 'udid.csv', Buffer.from(byUdid));
    expect((await rows(server.app, admin, second.idImport)).list[0]).toMatchObject({ status: 'failed', messages: ['error.import.row.aed-not-found'] });
  });

  it('updates a batch of AEDs together: changed columns, availability, contacts, a key twice in file order, a refused row alone', async () => {
    const fields: Record<string, string> = { serial: 'd_serialNumber', nom: 'l_name', lat: 'l_lat', lon: 'l_lon', ville: 'l_city', statut: 'd_status', exploitant: 'c_company', email: 'c_email' };
    const bySerial = (config: Parameters<NonNullable<Parameters<typeof importWhole>[5]>>[0]) =>
      config.map((entry) => ({ ...entry, field: (fields[entry.column] ?? entry.field) as typeof entry.field, primaryKey: entry.column === 'serial' }));
    const header = 'serial;nom;lat;lon;ville;statut;exploitant;email';
    const create = [
      header,
      'SN-UP-1;Salle des fêtes d Allanche;45.22900;2.93300;Allanche;;COMMUNE D ALLANCHE;mairie@allanche.fr',
      'SN-UP-2;Stade de Marcenat;45.30700;2.82700;Condat;;;',
      'SN-UP-3;Piscine de Riom;45.28100;2.66100;Riom-ès-Montagnes;;;',
      'SN-UP-4;Mairie de Condat;45.34000;2.76000;Condat;;;',
      '',
    ].join('\n');
    const created = await importWhole(server.app, admin, idSite, 'update-create.csv', Buffer.from(create), bySerial);
    expect(created.run.counts).toMatchObject({ inserted: 4, failed: 0 });
    const udids = (await rows(server.app, admin, created.run.idImport)).list.map((row) => row.udid!);

    await server.ctx.database.query("ALTER TABLE aeds ADD CONSTRAINT import_test_refused_city CHECK (city IS DISTINCT FROM 'Ville refusée')");
    try {
      const update = [
        header,
        'SN-UP-1;Salle des fêtes d Allanche;45.22900;2.93300;Allanche Bourg;;MAIRIE ALLANCHE;mairie@allanche.fr',
        'SN-UP-2;Stade de Marcenat;45.30700;2.82700;Marcenat;hors service;CLUB DE MARCENAT;club@marcenat.fr',
        'SN-UP-3;Piscine de Riom;45.28100;2.66100;Riom-ès-Montagnes;;;',
        'SN-UP-2;Stade de Marcenat;45.30700;2.82700;Marcenat;;;',
        '',
      ].join('\n');
      const { run } = await importWhole(server.app, admin, idSite, 'update.csv', Buffer.from(update), bySerial);
      const list = (await rows(server.app, admin, run.idImport)).list;
      expect(list.map((row) => row.status)).toEqual(['updated', 'updated', 'unchanged', 'updated']);

      const [first, second, third, fourth] = await Promise.all(udids.map((udid) => aed(udid)));
      expect(first.city).toBe('Allanche Bourg');
      expect(first.contacts).toEqual([expect.objectContaining({ lastName: 'MAIRIE ALLANCHE', email: 'mairie@allanche.fr' })]);
      expect(second).toMatchObject({ city: 'Marcenat', status: 'unavailable' });
      expect(second.contacts).toEqual([expect.objectContaining({ lastName: 'CLUB DE MARCENAT', email: 'club@marcenat.fr' })]);
      expect(third.city).toBe('Riom-ès-Montagnes');
      expect(fourth.city).toBe('Condat');

      // The same file again: nothing more is written.
      const again = await importWhole(server.app, admin, idSite, 'update.csv', Buffer.from(update), bySerial);
      expect((await rows(server.app, admin, again.run.idImport)).list.map((row) => row.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);
      expect(await Promise.all(udids.map((udid) => aed(udid)))).toEqual([first, second, third, fourth]);

      // An update the database refuses fails alone; the other update of its batch is written.
      const refused = [header, 'SN-UP-4;Mairie de Condat;45.34000;2.76000;Ville refusée;;;', 'SN-UP-3;Piscine de Riom;45.28100;2.66100;Riom;;;', ''].join('\n');
      const last = await importWhole(server.app, admin, idSite, 'update-refused.csv', Buffer.from(refused), bySerial);
      const lastRows = (await rows(server.app, admin, last.run.idImport)).list;
      expect(lastRows.map((row) => row.status)).toEqual(['failed', 'updated']);
      expect(lastRows[0]).toMatchObject({ messages: ['error.import.row.write-failed'], udid: null });
      expect((await aed(udids[3])).city).toBe('Condat');
      expect((await aed(udids[2])).city).toBe('Riom');
    } finally {
      await server.ctx.database.query('ALTER TABLE aeds DROP CONSTRAINT import_test_refused_city');
    }
  });

  it('writes the other rows of a batch when the database refuses one, and nothing of that one', async () => {
    // A rule of the database the import does not know about, for this test only.
    await server.ctx.database.query("ALTER TABLE aeds ADD CONSTRAINT import_test_refused CHECK (name <> 'Refusé par la base')");
    try {
      const csv = [
        'serial;nom;lat;lon;exploitant;email',
        'SN-WF-1;Halle de Massiac;45.25200;3.19800;COMMUNE DE MASSIAC;mairie@massiac.fr',
        'SN-WF-2;Refusé par la base;45.26000;3.20500;COMMUNE DE MASSIAC;mairie@massiac.fr',
        'SN-WF-3;Gymnase de Massiac;45.25700;3.19100;COMMUNE DE MASSIAC;mairie@massiac.fr',
        '',
      ].join('\n');
      const contacts = async () => (await server.ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM aed_contacts WHERE email = 'mairie@massiac.fr'"))[0].n;
      const { run } = await importWhole(server.app, admin, idSite, 'refused.csv', Buffer.from(csv), (config) =>
        config.map((entry) => (entry.column === 'serial' ? { ...entry, field: 'd_serialNumber', primaryKey: true } : { ...entry, primaryKey: false })),
      );
      const list = (await rows(server.app, admin, run.idImport)).list;
      expect(list.map((row) => row.status)).toEqual(['inserted', 'failed', 'inserted']);
      expect(list[1]).toMatchObject({ messages: ['error.import.row.write-failed'], udid: null });
      expect(String(list[1].details?.reason)).toContain('import_test_refused');
      const [{ n }] = await server.ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM aeds WHERE serial_number LIKE 'SN-WF-%'");
      expect(n).toBe(2);
      expect(await contacts()).toBe(2);
      const written = await Promise.all([list[0], list[2]].map((row) => aed(row.udid!)));

      // The same file again: the refused row is refused again, the others are found unchanged, nothing more is written.
      const again = await importWhole(server.app, admin, idSite, 'refused.csv', Buffer.from(csv), (config) =>
        config.map((entry) => (entry.column === 'serial' ? { ...entry, field: 'd_serialNumber', primaryKey: true } : { ...entry, primaryKey: false })),
      );
      const second = (await rows(server.app, admin, again.run.idImport)).list;
      expect(second.map((row) => [row.status, row.messages[0] ?? null])).toEqual([
        ['unchanged', null],
        ['failed', 'error.import.row.write-failed'],
        ['unchanged', null],
      ]);
      expect([second[0].udid, second[2].udid]).toEqual([list[0].udid, list[2].udid]);
      const [{ n: after }] = await server.ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM aeds WHERE serial_number LIKE 'SN-WF-%'");
      expect(after).toBe(2);
      expect(await contacts()).toBe(2);
      expect(await Promise.all([list[0], list[2]].map((row) => aed(row.udid!)))).toEqual(written);
      // A retry of the refused row alone changes nothing either.
      const retry = await post(server.app, admin, 'processByRow', { idImport: again.run.idImport, row: second[1].row, forced: false });
      expect(retry.json().data).toMatchObject({ status: 'failed', messages: ['error.import.row.write-failed'], udid: null });
      const [{ n: last }] = await server.ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM aeds WHERE serial_number LIKE 'SN-WF-%'");
      expect(last).toBe(2);
    } finally {
      await server.ctx.database.query('ALTER TABLE aeds DROP CONSTRAINT import_test_refused');
    }
  });

  // Uses the "Gendarmerie de Murat" AED the row-message test put in the register.
  it('never forces in a device the register already holds', async () => {
    const csv = ['serial;nom;lat;lon', 'SN-GEN-2;Gendarmerie de Murat;45.11312;2.86113', ''].join('\n');
    const { run } = await importWhole(server.app, admin, idSite, 'same.csv', Buffer.from(csv), (config) =>
      config.map((entry) => (entry.column === 'serial' ? { ...entry, field: 'd_serialNumber', primaryKey: true } : { ...entry, primaryKey: false })),
    );
    const [row] = (await rows(server.app, admin, run.idImport)).list;
    expect(row).toMatchObject({ status: 'duplicate', details: { sameDevice: true } });
    const forced = await post(server.app, admin, 'processByRow', { idImport: run.idImport, row: row.row, forced: true });
    expect(forced.json().data).toMatchObject({ status: 'failed', messages: ['error.aed.already-exists'] });
  });
});

describe("Vigil's own AED export", () => {
  it('re-imports with no change', async () => {
    const exported = await server.app.inject({
      method: 'POST',
      url: '/services/backOffice/aed/export',
      headers: { authorization: admin },
      payload: { idSelected: idSite, withChild: false, lang: 'fr' },
    });
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    const live = await server.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM aeds WHERE id_site = $1 AND deleted_at IS NULL', [idSite]);
    const before = await aedCount();
    const { file, run } = await importWhole(server.app, admin, idSite, 'export.xlsx', exported.rawPayload);
    expect(file.preset?.id).toBe('vigilExport');
    expect(file.preset?.fieldMapConfig.find((entry) => entry.primaryKey)?.field).toBe('l_udid');
    expect(run.total).toBeGreaterThan(800);
    expect(run.counts.unchanged).toBe(run.total);
    expect(run.counts.unchanged).toBeGreaterThanOrEqual(live[0].n);
    expect(await aedCount()).toBe(before);
  });
});

describe('mapping and steps', () => {
  it('refuses a mapping without exactly one primary key, or with a field twice', async () => {
    const { file, run } = await prepare(server.app, admin, idSite, 'again.csv', fixture('semicolon-win1252.csv'));
    const config = file.preset!.fieldMapConfig;
    const none = await post(server.app, admin, 'mappings', { idImport: run.idImport, fieldMapConfig: config.map((entry) => ({ ...entry, primaryKey: false })) });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('error.import.mapping-primary-key');
    const two = await post(server.app, admin, 'mappings', { idImport: run.idImport, fieldMapConfig: config.map((entry, index) => ({ ...entry, primaryKey: index < 2 })) });
    expect(two.json().msg).toBe('error.import.mapping-primary-key');
    const twice = await post(server.app, admin, 'mappings', { idImport: run.idImport, fieldMapConfig: config.map((entry, index) => (index === 2 ? { ...entry, field: 'l_name' } : entry)) });
    expect(twice.json().msg).toBe('error.import.mapping-duplicate-field');
    const badKey = await post(server.app, admin, 'mappings', { idImport: run.idImport, fieldMapConfig: config.map((entry) => ({ ...entry, primaryKey: entry.field === 'd_brand' })) });
    expect(badKey.json().msg).toBe('error.import.mapping-key-field');
  });

  it('follows the run chart: no whole-file run twice at once, no row before a mapping', async () => {
    const uploaded = await prepare(server.app, admin, idSite, 'steps.csv', fixture('semicolon-win1252.csv'));
    const fresh = await post(server.app, admin, 'createImport', { idSite, name: 'Unmapped', fileName: uploaded.file.fileName });
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().msg).toBe('error.import.file-already-used');

    const started = await post(server.app, admin, 'processImport', { idImport: uploaded.run.idImport });
    expect(started.json().data.state).toBe('processing');
    const twice = await post(server.app, admin, 'processImport', { idImport: uploaded.run.idImport });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ msg: 'error.import.illegal-step', details: { state: 'processing', event: 'import.start' } });
    const remap = await post(server.app, admin, 'mappings', { idImport: uploaded.run.idImport, fieldMapConfig: uploaded.file.preset!.fieldMapConfig });
    expect(remap.statusCode).toBe(409);
    await waitFor(server.app, admin, uploaded.run.idImport);

    const other = await server.app.inject({ method: 'POST', url: '/services/backoffice/aedImport/importFile', headers: { authorization: admin } });
    expect(other.statusCode).toBe(400);
  });

  it('is for the super administrator only, and hides the runs of other account trees', async () => {
    const operator = await server.signIn('operator@vigil.test');
    const refused = await post(server.app, operator, 'createImport', { idSite, name: 'x', fileName: '00000000-0000-4000-8000-000000000000' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('error.necessary-rights');
    const missing = await server.app.inject({ method: 'GET', url: '/services/backoffice/aedImport/getImport/999999', headers: { authorization: admin } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('error.import.not-found');
  });

  it('lists the runs of the account so that a reloaded page finds them', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/services/backoffice/aedImport/getImports?idSite=${idSite}`, headers: { authorization: admin } });
    expect(response.statusCode).toBe(200);
    const runs = response.json().data as { name: string; state: string; counts: { inserted: number } }[];
    expect(runs.length).toBeGreaterThan(5);
    expect(runs.find((run) => run.name === 'Import of geodae-extract.csv' && run.counts.inserted === 24)).toMatchObject({ state: 'done' });
  });
});
