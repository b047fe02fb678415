import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { call, daysAgo, insertAlert, newAccount, newResponder, queryOf } from './history-fixtures';

/**
 * The indicators of spec §7 over an account of the test's own, with alerts, AEDs and responders in
 * Rodez and Millau (Aveyron, 12) and one alert in Clermont-Ferrand (Puy-de-Dôme, 63); rates are
 * checked against the INSEE populations of @etalab/decoupage-administratif.
 */
const base = '/services/backoffice/indicators';
let server: TestServer;
let referent: string;
let site: number;
const rodez = { lat: 44.3506, lon: 2.575 };
const millau = { lat: 44.0983, lon: 3.0778 };
const clermont = { lat: 45.7772, lon: 3.087 };

const communes = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8')) as { code: string; type: string; departement?: string; population?: number }[];
const current = communes.filter((row) => row.type === 'commune-actuelle');
const population = (code: string) => current.find((row) => row.code === code)!.population!;
const departementPopulation = (code: string) => current.filter((row) => row.departement === code).reduce((sum, row) => sum + (row.population ?? 0), 0);
const rate = (count: number, people: number, per: number) => Math.round((count / people) * per * 100) / 100;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  referent = await server.signIn('referent@vigil.test');
  site = await newAccount(server, 'Indicator test');
  const now = Date.now();
  const r1 = await newResponder(server, { idSite: site, ...rodez, trainedStatus: 'trained', skill: 'nurse', createdAt: daysAgo(400) });
  const r2 = await newResponder(server, { idSite: site, ...rodez, trainedStatus: 'untrained', createdAt: daysAgo(40) });
  await newResponder(server, { idSite: site, ...millau, trainedStatus: 'trained', skill: 'firefighter', createdAt: daysAgo(10) });
  await newResponder(server, { idSite: site, trainedStatus: 'trainedWithoutDiploma', createdAt: daysAgo(5), positioned: false });
  await newResponder(server, { idSite: site, ...rodez, accountStatus: 'waiting' });
  // Alerts: three in Rodez (one an hour ago), two in Millau, one in Clermont-Ferrand, one 200 days ago, one test.
  await insertAlert(server, { idSite: site, ...rodez, alertType: 1, createdAt: new Date(now - 3_600_000), requests: [{ responderId: r1, statuses: ['dispatched'], answerSeconds: 40 }, { responderId: r2, statuses: ['dispatched'], answerSeconds: 80 }] });
  await insertAlert(server, { idSite: site, ...rodez, alertType: 1, createdAt: daysAgo(3), closeReason: 'auto' });
  await insertAlert(server, { idSite: site, ...rodez, alertType: 7, createdAt: daysAgo(20) });
  await insertAlert(server, { idSite: site, ...millau, alertType: 3, createdAt: daysAgo(5), requests: [{ responderId: r1, statuses: ['dispatched'], answerSeconds: 100 }] });
  await insertAlert(server, { idSite: site, ...millau, alertType: 1, createdAt: daysAgo(50) });
  await insertAlert(server, { idSite: site, ...clermont, alertType: 5, createdAt: daysAgo(2) });
  await insertAlert(server, { idSite: site, ...rodez, alertType: 1, createdAt: daysAgo(200) });
  await insertAlert(server, { idSite: site, ...rodez, alertType: 6, createdAt: daysAgo(1), test: true });
  await server.ctx.database.query(
    `INSERT INTO aeds (id_site, name, address, city, lat, lon, status, deleted_at) VALUES
       ($1, 'A', 'x', 'Rodez', 44.3501, 2.5801, 'available', NULL), ($1, 'B', 'x', 'Rodez', 44.3503, 2.5798, 'available', NULL),
       ($1, 'C', 'x', 'Millau', 44.0983, 3.0778, 'available', NULL), ($1, 'D', 'x', 'Rodez', 44.35, 2.575, 'deleted', now())`,
    [site],
  );
});
afterAll(async () => server?.close());

const get = (path: string, values: Record<string, string | number | undefined> = {}, auth = referent) => call(server, auth, 'GET', `${base}/${path}?${queryOf({ selectedSite: site, ...values })}`);

describe('rankings per inhabitants', () => {
  it('ranks départements by alerts per 100,000 inhabitants over the last 3 months', async () => {
    const { status, body } = await get('alertsRateRanking');
    expect(status).toBe(200);
    const today = DateTime.now().setZone('Europe/Paris').startOf('day');
    expect(body.data).toMatchObject({ level: 'department', per: 100_000, startDate: today.minus({ months: 3 }).toISODate(), endDate: today.toISODate(), unplaced: 0 });
    expect(body.data.rows).toEqual([
      { code: '12', name: 'Aveyron', count: 5, population: departementPopulation('12'), rate: rate(5, departementPopulation('12'), 100_000) },
      { code: '63', name: 'Puy-de-Dôme', count: 1, population: departementPopulation('63'), rate: rate(1, departementPopulation('63'), 100_000) },
    ]);
  });

  it('ranks the communes of a département area, and takes a range', async () => {
    const { body } = await get('alertsRateRanking', { area: '12' });
    expect(body.data.level).toBe('commune');
    expect(body.data.rows).toEqual([
      { code: '12202', name: 'Rodez', count: 3, population: population('12202'), rate: rate(3, population('12202'), 100_000) },
      { code: '12145', name: 'Millau', count: 2, population: population('12145'), rate: rate(2, population('12145'), 100_000) },
    ]);
    const recent = await get('alertsRateRanking', { area: '12', startDate: DateTime.now().setZone('Europe/Paris').minus({ days: 10 }).toISODate()! });
    expect(recent.body.data.rows.map((row: { code: string; count: number }) => [row.code, row.count])).toEqual([['12202', 2], ['12145', 1]]);
  });

  it('ranks responders per 1,000 inhabitants by their last position', async () => {
    const { body } = await get('respondersRateRanking');
    expect(body.data).toMatchObject({ level: 'department', per: 1000, unplaced: 0 });
    expect(body.data.rows).toEqual([{ code: '12', name: 'Aveyron', count: 3, population: departementPopulation('12'), rate: rate(3, departementPopulation('12'), 1000) }]);
    const communesOf12 = (await get('respondersRateRanking', { area: '12' })).body.data.rows;
    expect(communesOf12.map((row: { code: string; count: number }) => [row.code, row.count])).toEqual([['12202', 2], ['12145', 1]]);
  });

  it('refuses an unknown area', async () => {
    const unknown = await get('alertsRateRanking', { area: '99' });
    expect([unknown.status, unknown.body.msg]).toEqual([400, 'error.indicator.unknown-area']);
    expect((await get('alertsType', { area: 'somewhere' })).status).toBe(400);
  });
});

describe('charts', () => {
  it('counts alerts per type over a range, in an area', async () => {
    const { body } = await get('alertsType');
    expect(body.data).toMatchObject({ total: 6, types: [{ alertType: 1, count: 3 }, { alertType: 3, count: 1 }, { alertType: 5, count: 1 }, { alertType: 7, count: 1 }] });
    expect((await get('alertsType', { area: '63' })).body.data).toMatchObject({ total: 1, types: [{ alertType: 5, count: 1 }] });
    // Days are Paris days on the server: the start date must be one too, or near midnight it shifts by a day.
    const fourDaysBack = DateTime.now().setZone('Europe/Paris').minus({ days: 4 }).toISODate()!;
    expect((await get('alertsType', { area: 'FR', startDate: fourDaysBack })).body.data.total).toBe(2 + 1);
  });

  it('grows alerts per month with the running total, and per day, week, year and century', async () => {
    const { body } = await get('alertsGrowth');
    expect(body.data).toMatchObject({ temporality: 'month', displayMode: 'new', total: 7 });
    expect(body.data.buckets).toHaveLength(12);
    const last = body.data.buckets.at(-1);
    expect(last.key).toBe(DateTime.now().setZone('Europe/Paris').toFormat('yyyy-MM'));
    expect(body.data.buckets.reduce((sum: number, bucket: { added: number }) => sum + bucket.added, 0)).toBe(7);
    expect(last.accrued).toBe(7);
    const days = (await get('alertsGrowth', { temporality: 'DAY' })).body.data;
    expect(days.buckets).toHaveLength(30);
    expect(days.buckets.at(-1).key).toBe(DateTime.now().setZone('Europe/Paris').toISODate());
    expect(days.buckets[0].accrued - days.buckets[0].added).toBe(2);
    expect((await get('alertsGrowth', { temporality: 'week' })).body.data.buckets).toHaveLength(12);
    expect((await get('alertsGrowth', { temporality: 'YEAR' })).body.data.buckets).toHaveLength(5);
    const century = (await get('alertsGrowth', { temporality: 'century' })).body.data;
    expect(century.buckets[0].key).toBe(DateTime.now().minus({ days: 200 }).setZone('Europe/Paris').toFormat('yyyy'));
    expect((await get('alertsGrowth', { temporality: 'fortnight' })).status).toBe(400);
  });

  it('grows responders accrued by default, or new per bucket', async () => {
    const accrued = (await get('respondersGrowth')).body.data;
    expect(accrued).toMatchObject({ displayMode: 'accrued', temporality: 'month', total: 4 });
    expect(accrued.buckets[0].value).toBe(1);
    expect(accrued.buckets.at(-1).value).toBe(4);
    const added = (await get('respondersGrowth', { displayMode: 'NEW', temporality: 'year' })).body.data;
    expect(added.displayMode).toBe('new');
    expect(added.buckets.reduce((sum: number, bucket: { value: number }) => sum + bucket.value, 0)).toBe(4);
    expect((await get('respondersGrowth', { displayMode: 'ACCURED' })).body.data.displayMode).toBe('accrued');
    expect((await get('respondersGrowth', { area: '12' })).body.data.total).toBe(3);
  });

  it('splits responders by training and skill, labelled in the language asked (default fr)', async () => {
    const fr = (await get('respondersSkills')).body.data;
    expect(fr.total).toBe(4);
    expect(fr.trained).toEqual([
      { key: 'trained', label: 'Formé', count: 2 },
      { key: 'trainedWithoutDiploma', label: 'Formé sans diplôme', count: 1 },
      { key: 'untrained', label: 'Non formé', count: 1 },
    ]);
    expect(fr.skills).toEqual([
      { key: 'none', label: 'Sans compétence déclarée', count: 2 },
      { key: 'firefighter', label: 'Sapeur-pompier', count: 1 },
      { key: 'nurse', label: 'Infirmier', count: 1 },
    ]);
    expect((await get('respondersSkills', { lang: 'en' })).body.data.trained[0].label).toBe('Trained');
  });

  it('maps AEDs and responders on 1 km cells', async () => {
    const aeds = (await get('aedsHeatmap')).body.data;
    expect(aeds).toMatchObject({ total: 3, max: 2, cellDegrees: 0.01 });
    expect(aeds.points).toEqual(expect.arrayContaining([[44.35, 2.58, 2], [44.1, 3.08, 1]]));
    expect((await get('aedsHeatmap', { area: '63' })).body.data).toMatchObject({ total: 0, points: [] });
    const responders = (await get('respondersHeatmap')).body.data;
    expect(responders).toMatchObject({ total: 3, max: 2 });
  });

  it('looks at the last 24 hours', async () => {
    const { body } = await get('lookLast24');
    expect(body.data).toMatchObject({ total: 1, open: 0, departures: 2, averageFirstDepartureSeconds: 40, byType: [{ alertType: 1, count: 1 }] });
    expect(body.data.alerts).toEqual([expect.objectContaining({ alertType: 1, nbRequests: 2, nbDepartures: 2, open: false, closeReason: 'auto' })]);
  });

  it('sums up a range for the alert reporting page, day by day', async () => {
    const { body } = await get('alertsSummary');
    expect(body.data).toMatchObject({ total: 5, open: 0, autoClosed: 5, closedByUser: 0, withDeparture: 2, nbRequests: 3, nbDepartures: 3, averageFirstDepartureSeconds: 70, averageDurationSeconds: 1200 });
    expect(body.data.perDay).toHaveLength(30);
    expect(body.data.perDay.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(5);
    const tooLong = await get('alertsSummary', { startDate: '2020-01-01' });
    expect([tooLong.status, tooLong.body.msg]).toEqual([400, 'error.indicator.invalid-range']);
  });
});

describe('rights', () => {
  it('serves the dashboard view and the alert reporting groups, nobody else', async () => {
    expect((await get('lookLast24', {}, await server.signIn('operator@vigil.test'))).status).toBe(200);
    expect((await get('lookLast24', {}, await server.signIn('aed-manager@vigil.test'))).body).toEqual({ error: true, msg: 'error.necessary-rights' });
    const [{ id: sdis03 }] = await server.ctx.database.query<{ id: number }>("SELECT id FROM accounts WHERE name LIKE 'SDIS 03%'");
    expect((await get('alertsType', { selectedSite: sdis03 })).status).toBe(403);
  });
});
