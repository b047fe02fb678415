import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, aedBase, call, newAed } from '../fixtures/aed/helpers';
import { startTestServer, type TestServer } from './harness';

/** POST aed/export: a real xlsx file of the list scope, opened and checked. */
let server: TestServer;
let operator: string;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => server?.close());

async function exportRows(body: Record<string, unknown>) {
  const response = await server.app.inject({ method: 'POST', url: `${aedBase}/export`, headers: { authorization: operator }, payload: { filter: [], ...body } });
  expect(response.statusCode).toBe(200);
  const workbook = XLSX.read(response.rawPayload, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  return { response, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null }) };
}

describe('POST aed/export', () => {
  it('exports every AED of the scope with a translated header', async () => {
    const total = (await call(server, operator, 'POST', `${aedBase}/getAllList`, { filter: [] })).body.data.count.totalCount;
    const { response, rows } = await exportRows({ lang: 'fr' });
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="aeds-\d{8}-\d{4}\.xlsx"$/);
    expect(rows).toHaveLength(total + 1);
    const header = rows[0] as string[];
    expect(header.slice(0, 4)).toEqual(['Udid', 'Identifiant DAE', 'Compte', 'Nom']);
    const udids = new Set(rows.slice(1).map((row) => (row as string[])[0]));
    expect(udids.size).toBe(total);
    const latitude = header.indexOf('Latitude');
    expect(typeof (rows[1] as unknown[])[latitude]).toBe('number');
  });

  it('follows the filters and the order, and leaves other accounts out', async () => {
    const filter = [{ type: 'TAG', tag: 'city', value: 'Riom' }];
    const listed = await call(server, operator, 'POST', `${aedBase}/getAllList`, { filter, order: 'name', orderSort: 'asc', limit: 500 });
    const { rows } = await exportRows({ filter, order: 'name', orderSort: 'asc', lang: 'en' });
    const header = rows[0] as string[];
    const names = rows.slice(1).map((row) => (row as string[])[header.indexOf('Name')]);
    expect(names).toEqual(listed.body.data.list.map((row: { name: string }) => row.name));
    expect(rows.slice(1).every((row) => (row as string[])[header.indexOf('City')] === 'Riom')).toBe(true);
    const allier = await accountId(server, 'SDIS 03');
    const forbidden = await server.app.inject({ method: 'POST', url: `${aedBase}/export`, headers: { authorization: operator }, payload: { filter: [], idSelected: allier } });
    expect(forbidden.statusCode).toBe(403);
  });

  it('neutralises formula injection and keeps text as typed', async () => {
    const evil = await call(server, operator, 'PATCH', `${aedBase}/patchAed/new`, newAed({ name: '=HYPERLINK("http://evil.example","click")', description: '+SUM(1,2)', address: '@cmd', city: '-2+3' }));
    expect(evil.status).toBe(200);
    const { sheet, rows } = await exportRows({ filter: [{ type: 'TAG', tag: 'udid', value: evil.body.data.udid }], lang: 'en' });
    expect(rows).toHaveLength(2);
    const header = rows[0] as string[];
    const row = rows[1] as string[];
    expect(row[header.indexOf('Name')]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(row[header.indexOf('Description')]).toBe("'+SUM(1,2)");
    expect(row[header.indexOf('Address')]).toBe("'@cmd");
    expect(row[header.indexOf('City')]).toBe("'-2+3");
    const cells = Object.entries(sheet).filter(([key]) => !key.startsWith('!'));
    expect(cells.every(([, cell]) => !(cell as XLSX.CellObject).f)).toBe(true);
  });

  it('needs a session with AED rights', async () => {
    expect((await server.app.inject({ method: 'POST', url: `${aedBase}/export`, payload: { filter: [] } })).statusCode).toBe(401);
  });
});
