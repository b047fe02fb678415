import { DateTime } from 'luxon';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { daysAgo, insertAlert, newAccount, newResponder, setCallback, userIdOf } from './history-fixtures';

/** POST exportAlertHistory: a real .xlsx built and streamed by the server, opened with SheetJS and read cell by cell. */
const url = '/services/backoffice/alert/exportAlertHistory';
let server: TestServer;
let referent: string;
let site: number;
let first: { alertId: number; requestIds: number[] };
let second: { alertId: number; requestIds: number[] };
let evil: { alertId: number; requestIds: number[] };

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  referent = await server.signIn('referent@vigil.test');
  site = await newAccount(server, 'Export test');
  const closer = await userIdOf(server, 'administrator@vigil.test');
  const [r1, r2] = await Promise.all([newResponder(server, { idSite: site }), newResponder(server, { idSite: site })]);
  first = await insertAlert(server, {
    idSite: site,
    alertType: 1,
    address: '3 rue Neuve, 12000 Rodez',
    addressInfo: 'Interphone B',
    lat: 44.35,
    lon: 2.575,
    createdAt: daysAgo(30),
    closedBy: closer,
    requests: [{ responderId: r1, statuses: ['dispatched', 'onTheWayVictim', 'onSiteVictim'], answerSeconds: 45 }, { responderId: r2, statuses: ['refused'] }],
  });
  second = await insertAlert(server, { idSite: site, alertType: 4, address: '9 avenue Victor Hugo, 12000 Rodez', createdAt: daysAgo(20), closeReason: 'auto', requests: [{ responderId: r2, statuses: ['dispatched'], answerSeconds: 70 }] });
  evil = await insertAlert(server, { idSite: site, alertType: 5, address: '=HYPERLINK("http://evil.example","click")', addressInfo: '+SUM(1,2)', createdAt: daysAgo(10), closedBy: closer });
  await setCallback(server, first.requestIds[0], 'done');
});
afterAll(async () => server?.close());

async function exportOf(body: Record<string, unknown>) {
  const response = await server.app.inject({ method: 'POST', url, headers: { authorization: referent }, payload: { selectedSite: site, ...body } });
  return response;
}

function rowsOf(payload: Buffer) {
  const workbook = XLSX.read(payload, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  return { name: workbook.SheetNames[0], rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null }) };
}

const paris = (iso: string | number) => DateTime.fromMillis(typeof iso === 'number' ? iso : Date.parse(iso)).setZone('Europe/Paris').toFormat('yyyy-MM-dd HH:mm:ss');

describe('exportAlertHistory', () => {
  it('streams an .xlsx of the history’s alerts, newest first, with a header in the language asked', async () => {
    const response = await exportOf({ type: 'xlsx', lang: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="alert-history-\d{8}-\d{4}\.xlsx"$/);
    expect(response.headers['x-total-count']).toBe('3');
    const { name, rows } = rowsOf(response.rawPayload);
    expect(name).toBe('Alert history');
    expect(rows[0]).toEqual([
      'Alert', 'Created', 'Triggered', 'Closed', 'Closed by', 'Duration (min)', 'Type', 'Address', 'Address details', 'Latitude', 'Longitude', 'Account', 'Test',
      'Responders alerted', 'Refusals', 'Departures', 'First departure (s)', 'Call-back', 'Interviews done', 'Responders who set off',
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([evil.alertId, second.alertId, first.alertId]);
  });

  it('writes each alert cell by cell', async () => {
    const { rows } = rowsOf((await exportOf({ lang: 'fr' })).rawPayload);
    const [alertRow] = await server.ctx.database.query<{ created_at: Date; launched_at: Date; closed_at: Date; first_name: string; last_name: string }>(
      'SELECT created_at, launched_at, closed_at, (SELECT first_name FROM responders WHERE id = $2) AS first_name, (SELECT last_name FROM responders WHERE id = $2) AS last_name FROM alerts WHERE id = $1',
      [first.alertId, (await server.ctx.database.query<{ responder_id: number }>('SELECT responder_id FROM alert_requests WHERE id = $1', [first.requestIds[0]]))[0].responder_id],
    );
    const row = rows.find((candidate) => candidate[0] === first.alertId)!;
    expect(row).toEqual([
      first.alertId,
      paris(new Date(alertRow.created_at).getTime()),
      paris(new Date(alertRow.launched_at).getTime()),
      paris(new Date(alertRow.closed_at).getTime()),
      'Amandine Petit',
      20,
      'Arrêt cardiaque',
      '3 rue Neuve, 12000 Rodez',
      'Interphone B',
      44.35,
      2.575,
      'Export test',
      'Non',
      2,
      1,
      1,
      45,
      'Fait',
      1,
      `${alertRow.first_name} ${alertRow.last_name} (Fait)`,
    ]);
    const auto = rows.find((candidate) => candidate[0] === second.alertId)!;
    expect(auto[4]).toBe('Automatiquement après 20 minutes');
    expect(auto.slice(15, 19)).toEqual([1, 70, 'À faire', 0]);
  });

  it('neutralises formula injection: text that a spreadsheet would run stays text', async () => {
    const response = await exportOf({ lang: 'en', alertType: 5 });
    const workbook = XLSX.read(response.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0]];
    expect(sheet.H2.v).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(sheet.H2.f).toBeUndefined();
    expect(sheet.H2.t).toBe('s');
    expect(sheet.I2.v).toBe("'+SUM(1,2)");
    expect(Object.values(sheet).some((cell) => typeof cell === 'object' && cell !== null && 'f' in cell)).toBe(false);
  });

  it('follows the filters and the order', async () => {
    const { rows } = rowsOf((await exportOf({ lang: 'en', order: 'asc', withCitizenResponderOnly: true })).rawPayload);
    expect(rows.slice(1).map((row) => row[0])).toEqual([first.alertId, second.alertId]);
    const { rows: byAddress } = rowsOf((await exportOf({ lang: 'de', address: 'victor hugo' })).rawPayload);
    expect(byAddress[0][0]).toBe('Alarm');
    expect(byAddress.slice(1).map((row) => row[0])).toEqual([second.alertId]);
  });

  it('says "no valid alerts to export" and "unknown export type"', async () => {
    const empty = await exportOf({ alertType: 6 });
    expect([empty.statusCode, empty.json().msg]).toEqual([404, 'error.history.no-valid-alerts']);
    const unknown = await exportOf({ type: 'pdf' });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([400, 'error.history.unknown-export-type']);
    const tooOld = await exportOf({ startDate: '2000-01-01' });
    expect([tooOld.statusCode, tooOld.json().msg]).toEqual([400, 'error.history.start-too-old']);
    const operator = await server.signIn('operator@vigil.test');
    expect((await server.app.inject({ method: 'POST', url, headers: { authorization: operator }, payload: {} })).statusCode).toBe(403);
  });

  it('keeps memory bounded: a large export streams in batches', async () => {
    // 2,500 more alerts (three batches of 1,000): the file holds every one, in order.
    await server.ctx.database.query(
      `INSERT INTO alerts (alert_type, id_site, address, lat, lon, distance_max, status, close, created_at, launched_at, closed_at, close_reason)
       SELECT 1, $1, 'bulk ' || g, 44.35, 2.575, 0.4, 3, 1, now() - make_interval(mins => g), now() - make_interval(mins => g), now() - make_interval(mins => g) + interval '10 minutes', 'auto'
         FROM generate_series(1, 2500) g`,
      [site],
    );
    const response = await exportOf({ lang: 'en' });
    expect(response.headers['x-total-count']).toBe('2503');
    const { rows } = rowsOf(response.rawPayload);
    expect(rows).toHaveLength(2504);
    expect(rows[1][7]).toBe('bulk 1');
    expect(rows[2500][7]).toBe('bulk 2500');
  });
});
