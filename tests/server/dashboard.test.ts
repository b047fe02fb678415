import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyAnswers } from '../../contract/interview.schemas';
import { startTestServer, type TestServer } from './harness';
import { call, insertAlert, newAccount, newResponder } from './history-fixtures';

/** getStatsReferentDashboard (personal figures, departures of the month and in total) and the admin tab's account statistics. */
const stats = '/services/backoffice/alert/getStatsReferentDashboard';
let server: TestServer;
let referent: string;
let site: number;
const paris = () => DateTime.now().setZone('Europe/Paris');
let q1Launch: Date;
let p1Closed: Date;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  // One instant for the whole file, read by the fixtures, the server and the expectations alike: a
  // month that ends while the file runs cannot put the fixtures in one month and the answer in the next.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  referent = await server.signIn('referent@vigil.test');
  site = await newAccount(server, 'Dashboard test');
  const [ra, rb, rc] = await Promise.all([1, 2, 3].map(() => newResponder(server, { idSite: site })));
  // Moments of this Paris month already past, `share` of the way from its start to now: inside the
  // month at any time, in its first minutes too.
  const monthStart = paris().startOf('month').toMillis();
  const recent = (share: number) => new Date(monthStart + (Date.now() - monthStart) * share);
  // This month: three interventions, three departures after 30, 90 and 60 s, by two responders.
  await insertAlert(server, { idSite: site, createdAt: recent(0.8), closedAt: null, requests: [{ responderId: ra, statuses: ['dispatched'], answerSeconds: 30 }, { responderId: rb, statuses: ['dispatched'], answerSeconds: 90 }] });
  await insertAlert(server, { idSite: site, createdAt: recent(0.7), closedAt: null, requests: [{ responderId: rb, statuses: ['dispatched'], answerSeconds: 60 }, { responderId: rc, statuses: ['refused'] }] });
  await insertAlert(server, { idSite: site, createdAt: recent(0.6), closedAt: null, requests: [{ responderId: rc }] });
  await insertAlert(server, { idSite: site, createdAt: recent(0.5), closedAt: null, test: true, requests: [{ responderId: rc, statuses: ['dispatched'] }] });
  // Two months ago: two interventions, one responder who set off twice (120 and 60 s).
  const twoMonthsAgo = paris().startOf('month').minus({ months: 2 }).plus({ days: 10 }).toJSDate();
  const p1 = await insertAlert(server, { idSite: site, createdAt: twoMonthsAgo, requests: [{ responderId: ra, statuses: ['dispatched'], answerSeconds: 120 }] });
  await insertAlert(server, { idSite: site, createdAt: new Date(twoMonthsAgo.getTime() + 3_600_000), requests: [{ responderId: ra, statuses: ['dispatched'], answerSeconds: 60 }] });
  p1Closed = new Date(twoMonthsAgo.getTime() + 60_000 + 20 * 60_000);
  // Fourteen months ago: outside the 12 months, in the total.
  const q1 = await insertAlert(server, { idSite: site, createdAt: paris().minus({ months: 14 }).toJSDate(), requests: [{ responderId: rc, statuses: ['dispatched'], answerSeconds: 200 }] });
  q1Launch = new Date(paris().minus({ months: 14 }).toMillis() + 60_000);
  // The referent calls the first of the two-month-old ones twice: no answer, then the interview.
  const form = `/services/backoffice/alert/citizenAlertForm/${p1.requestIds[0]}`;
  expect((await call(server, referent, 'POST', form, { draftId: randomUUID(), outcome: 'noAnswer' })).status).toBe(200);
  const answers = emptyAnswers();
  expect((await call(server, referent, 'POST', form, { draftId: randomUUID(), outcome: 'done', answers })).status).toBe(200);
  void q1;
});
afterAll(async () => {
  vi.useRealTimers();
  await server?.close();
});

describe('getStatsReferentDashboard', () => {
  it('gives the departures of the current month with the last 12 months, and in total', async () => {
    const { status, body } = await call(server, referent, 'GET', `${stats}?selectedSite=${site}`);
    expect(status).toBe(200);
    const { month, total } = body.data.departure;
    expect(month).toMatchObject({ month: paris().startOf('month').toISODate(), nbIntervention: 3, nbDeparture: 3, nbRescuer: 2, averageDurationBetweenAlert: 60, averageRescuerBy_Alert: 1 });
    expect(month.series).toHaveLength(12);
    expect(month.series[11]).toMatchObject({ month: paris().toFormat('yyyy-MM'), nbIntervention: 3 });
    expect(month.series[9]).toEqual({ month: paris().minus({ months: 2 }).toFormat('yyyy-MM'), nbIntervention: 2, nbDeparture: 2, nbRescuer: 1, averageDurationBetweenAlert: 90, averageRescuerBy_Alert: 1 });
    expect(month.series[10]).toMatchObject({ nbIntervention: 0, nbDeparture: 0, averageDurationBetweenAlert: null, averageRescuerBy_Alert: 0 });
    expect(total).toEqual({ nbIntervention: 6, nbDeparture: 6, nbRescuer: 3, averageDurationBetweenAlert: 93, averageRescuerBy_Alert: 1, since: DateTime.fromJSDate(q1Launch).setZone('Europe/Paris').toISODate() });
  });

  it('gives the caller’s own figures: interviews completed, calls over 30 days, time from close to first call', async () => {
    const { body } = await call(server, referent, 'GET', `${stats}?selectedSite=${site}`);
    const minutes = (Date.now() - p1Closed.getTime()) / 60_000;
    expect(body.data.personal).toEqual({ formComplete: 1, callRollingMonth: 2, averageTimeBeforeCall: { value: expect.any(Number), period: 'day' } });
    expect(body.data.personal.averageTimeBeforeCall.value).toBeCloseTo(minutes / 1440, 0);
    const administrator = await server.signIn('admin@vigil.test');
    const theirs = await call(server, administrator, 'GET', `${stats}?selectedSite=${site}`);
    expect(theirs.body.data.personal).toEqual({ formComplete: 0, callRollingMonth: 0, averageTimeBeforeCall: { value: null, period: 'minute' } });
  });

  it('computes only the parts asked for', async () => {
    const { body } = await call(server, referent, 'GET', `${stats}?selectedSite=${site}&isPersonalFetch=false&isMonthDepartureFetch=0&isTotalDepartureFetch=true`);
    expect(body.data.personal).toBeNull();
    expect(body.data.departure.month).toBeNull();
    expect(body.data.departure.total.nbIntervention).toBe(6);
  });

  it('covers the caller’s accounts, for super administrators and referents', async () => {
    const whole = await call(server, referent, 'GET', stats);
    expect(whole.body.data.departure.total.nbIntervention).toBeGreaterThan(6);
    const [{ id: sdis03 }] = await server.ctx.database.query<{ id: number }>("SELECT id FROM accounts WHERE name LIKE 'SDIS 03%'");
    const refused = await call(server, referent, 'GET', `${stats}?selectedSite=${sdis03}`);
    expect([refused.status, refused.body.msg]).toEqual([403, 'error.dashboard.site-not-allowed']);
    for (const email of ['operator@vigil.test', 'administrator@vigil.test', 'aed-manager@vigil.test']) {
      expect((await call(server, await server.signIn(email), 'GET', stats)).body).toEqual({ error: true, msg: 'error.necessary-rights' });
    }
  });
});

describe('getAccountStats', () => {
  it('gives one line per account of the subtree to super administrators', async () => {
    const admin = await server.signIn('admin@vigil.test');
    await server.ctx.database.query("INSERT INTO aeds (id_site, name, address, city, lat, lon, status) VALUES ($1, 'Mairie', 'Place', 'Rodez', 44.35, 2.57, 'available'), ($1, 'Gare', 'Rue', 'Rodez', 44.36, 2.56, 'unavailable')", [site]);
    const { status, body } = await call(server, admin, 'GET', `/services/backoffice/dashboard/getAccountStats?selectedSite=${site}`);
    expect(status).toBe(200);
    expect(body.data.accounts).toEqual([
      {
        id: site,
        name: 'Dashboard test',
        kind: 'internal',
        parentId: expect.any(Number),
        users: 0,
        aeds: 2,
        aedsAvailable: 1,
        alertsYear: 5,
        alertsTotal: 6,
        departuresYear: 5,
        responders: 3,
        formsCompleted: 1,
        callbacksPending: 1,
      },
    ]);
    const all = (await call(server, admin, 'GET', '/services/backoffice/dashboard/getAccountStats')).body.data.accounts as { name: string; users: number }[];
    expect(all.map((row) => row.name)).toEqual(expect.arrayContaining(['SDIS 63 — Puy-de-Dôme', 'CODIS 63 — Clermont-Ferrand', 'Dashboard test']));
    expect(all.find((row) => row.name.startsWith('SDIS 63'))!.users).toBeGreaterThan(3);
    const refused = await call(server, referent, 'GET', '/services/backoffice/dashboard/getAccountStats');
    expect([refused.status, refused.body.msg]).toEqual([403, 'error.dashboard.admin-only']);
  });
});
