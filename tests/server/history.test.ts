import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAlert } from '../../server/src/modules/alerts/service';
import { addResponder, area, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';
import { accountIdOf, call, daysAgo, earlierToday, insertAlert, newAccount, newResponder, parisDay, queryOf, setCallback, userIdOf } from './history-fixtures';

/**
 * GET getAlertHistory with every filter, tenancy and rights, and GET getAlertChronology of an
 * alert that went through the real alert and responder calls.
 */
const history = '/services/backoffice/alert/getAlertHistory';
let server: TestServer;
let referent: string;
let site: number;
let child: number;
const ids: Record<string, number> = {};
const requests: Record<string, number[]> = {};

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  referent = await server.signIn('referent@vigil.test');
  site = await newAccount(server, 'History test');
  child = await newAccount(server, 'History test child', site);
  const operatorId = await userIdOf(server, 'operator@vigil.test');
  const [r1, r2, r3, r4] = await Promise.all([1, 2, 3, 4].map(() => newResponder(server, { idSite: site })));
  const add = async (name: string, alert: Parameters<typeof insertAlert>[1]) => {
    const { alertId, requestIds } = await insertAlert(server, alert);
    ids[name] = alertId;
    requests[name] = requestIds;
  };
  await add('recent', {
    idSite: site,
    address: '12 rue béteille, 12000 Rodez',
    addressInfo: 'Code 1234 — 2e étage',
    createdAt: daysAgo(2),
    closedBy: operatorId,
    requests: [{ responderId: r1, statuses: ['dispatched', 'onTheWayVictim', 'onSiteVictim'], answerSeconds: 30 }, { responderId: r2, statuses: ['refused'] }],
  });
  await add('road', { idSite: site, alertType: 3, address: 'Avenue Tarayre, 12000 Rodez', createdAt: daysAgo(10), closeReason: 'auto', requests: [{ responderId: r3 }] });
  await add('child', {
    idSite: child,
    address: 'Place d’Armes, 12000 Rodez',
    createdAt: daysAgo(40),
    closedBy: operatorId,
    requests: [{ responderId: r1, statuses: ['dispatched'], answerSeconds: 50 }, { responderId: r4, statuses: ['dispatched', 'onTheWayVictim'], answerSeconds: 90 }],
  });
  await add('test', { idSite: site, alertType: 5, address: 'TEST place Foch, Rodez', createdAt: daysAgo(5), test: true, requests: [{ responderId: r2, statuses: ['dispatched'] }] });
  await add('draft', { idSite: site, address: 'draft, Rodez', createdAt: daysAgo(3), launched: false });
  await add('open', { idSite: site, alertType: 7, address: 'open, Rodez', createdAt: new Date(Date.now() - 3 * 60_000), closedAt: null, requests: [{ responderId: r3, statuses: ['dispatched'] }] });
  await add('old', { idSite: site, alertType: 4, address: 'old, Rodez', createdAt: daysAgo(130) });
  await add('today', { idSite: site, alertType: 6, address: 'today, Rodez', createdAt: earlierToday(), requests: [{ responderId: r2, statuses: ['dispatched'] }] });
  await add('beforeStart', { idSite: site, address: 'before the start, Rodez', createdAt: DateTime.fromJSDate(parisDay(0)).setZone('Europe/Paris').minus({ months: 4 }).minus({ minutes: 1 }).toJSDate() });
  await add('atStart', { idSite: site, address: 'at the start, Rodez', createdAt: DateTime.fromJSDate(parisDay(0)).setZone('Europe/Paris').minus({ months: 4 }).plus({ minutes: 1 }).toJSDate() });
  // Call-backs: the child alert's first responder did not answer, the second is to call again (15 days late);
  // today's alert's responder is to call again later today.
  await setCallback(server, requests.child[0], 'noAnswer', { calledAt: daysAgo(39) });
  await setCallback(server, requests.child[1], 'recall', { recallAt: daysAgo(15) });
  const endOfDay = DateTime.now().setZone('Europe/Paris').endOf('day').toMillis();
  await setCallback(server, requests.today[0], 'recall', { recallAt: new Date(Date.now() + (endOfDay - Date.now()) / 2) });
});
afterAll(async () => server?.close());

type Row = { alertId: number; creationDate: string } & Record<string, unknown>;

async function list(values: Record<string, string | number | boolean | undefined> = {}, auth = referent) {
  return call(server, auth, 'GET', `${history}?${queryOf({ selectedSite: site, ...values })}`);
}
async function idsOf(values: Record<string, string | number | boolean | undefined> = {}) {
  const { status, body } = await list({ limit: 100, ...values });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.data.list as Row[]).map((row) => row.alertId).sort((a, b) => a - b);
}
const named = (...names: string[]) => names.map((name) => ids[name]).sort((a, b) => a - b);
const isoDay = (date: Date) => DateTime.fromJSDate(date).setZone('Europe/Paris').toISODate()!;

describe('getAlertHistory', () => {
  it('lists the launched production alerts of the last four months from the start of the day, newest first, 20 a page', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    const today = DateTime.now().setZone('Europe/Paris').startOf('day');
    expect(body.data).toMatchObject({ startDate: today.minus({ months: 4 }).toISODate(), endDate: today.toISODate(), page: 1, limit: 20, count: 6 });
    const rows = body.data.list as Row[];
    expect(rows.map((row) => row.alertId).sort((a, b) => a - b)).toEqual(named('recent', 'road', 'child', 'open', 'today', 'atStart'));
    const dates = rows.map((row) => row.creationDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('describes each alert: site, close, durations, departures and call-backs', async () => {
    const rows = (await list()).body.data.list as Row[];
    const recent = rows.find((row) => row.alertId === ids.recent)!;
    expect(recent).toMatchObject({
      alertType: 1,
      siteName: 'History test',
      address: '12 rue béteille, 12000 Rodez',
      closeReason: 'user',
      closedBy: { firstName: 'Olivier', lastName: 'Bernard' },
      durationSeconds: 1200,
      nbRequests: 2,
      nbDepartures: 1,
      firstDepartureSeconds: 30,
      contactStatus: 'toDo',
      callbackCounts: { toDo: 1 },
    });
    expect(recent.responders).toEqual([
      expect.objectContaining({ id: requests.recent[0], status: 'onSiteVictim', contactStatus: 'toDo', departureSeconds: 30, formCompleted: false, flags: { olderThan10Days: false, overdue: false, dueToday: false } }),
    ]);
    const road = rows.find((row) => row.alertId === ids.road)!;
    expect(road).toMatchObject({ closeReason: 'auto', closedBy: null, nbDepartures: 0, contactStatus: 'none', responders: [] });
    const child = rows.find((row) => row.alertId === ids.child)!;
    expect(child).toMatchObject({ siteName: 'History test child', nbDepartures: 2, firstDepartureSeconds: 50, contactStatus: 'noAnswer', callbackCounts: { noAnswer: 1, recall: 1 } });
    expect((child.responders as { flags: unknown }[]).map((responder) => responder.flags)).toEqual([
      { olderThan10Days: true, overdue: false, dueToday: false },
      { olderThan10Days: true, overdue: true, dueToday: false },
    ]);
    expect(rows.find((row) => row.alertId === ids.open)).toMatchObject({ contactStatus: 'alertInProgress', closedAt: null, durationSeconds: null });
  });

  it('takes a range of days, both included, in Europe/Paris', async () => {
    expect(await idsOf({ startDate: isoDay(daysAgo(40)), endDate: isoDay(daysAgo(2)) })).toEqual(named('recent', 'road', 'child'));
    const today = await idsOf({ startDate: isoDay(new Date()), endDate: isoDay(new Date()) });
    expect(today).toContain(ids.today);
    expect(today).not.toContain(ids.recent);
    expect(await idsOf({ startDate: isoDay(daysAgo(135)) })).toEqual(named('recent', 'road', 'child', 'open', 'old', 'today', 'beforeStart', 'atStart'));
  });

  it('refuses a start older than 24 months, a start after the end, and impossible dates', async () => {
    const tooOld = await list({ startDate: DateTime.now().minus({ months: 24, days: 2 }).toISODate()! });
    expect([tooOld.status, tooOld.body.msg]).toEqual([400, 'error.history.start-too-old']);
    expect(tooOld.body.details).toMatchObject({ maxMonths: 24 });
    const oldest = await list({ startDate: DateTime.now().setZone('Europe/Paris').minus({ months: 24 }).toISODate()! });
    expect(oldest.status).toBe(200);
    const reversed = await list({ startDate: isoDay(daysAgo(1)), endDate: isoDay(daysAgo(3)) });
    expect([reversed.status, reversed.body.msg]).toEqual([400, 'error.history.start-after-end']);
    const impossible = await list({ startDate: '2026-02-30' });
    expect([impossible.status, impossible.body.msg]).toEqual([400, 'error.history.invalid-date']);
    const malformed = await list({ endDate: '22/11/2026' });
    expect([malformed.status, malformed.body.msg]).toEqual([400, 'error.validation']);
  });

  it('filters by address or address details, alert type, test alerts and departures', async () => {
    expect(await idsOf({ address: 'RUE BÉTEILLE' })).toEqual(named('recent'));
    expect(await idsOf({ address: '2e étage' })).toEqual(named('recent'));
    expect(await idsOf({ address: '100%' })).toEqual([]);
    expect(await idsOf({ alertType: 3 })).toEqual(named('road'));
    expect(await idsOf({ withTest: true })).toEqual(named('recent', 'road', 'child', 'test', 'open', 'today', 'atStart'));
    expect(await idsOf({ withCitizenResponderOnly: true })).toEqual(named('recent', 'child', 'open', 'today'));
    expect(await idsOf({ withCitizenResponderOnly: true, withTest: true, alertType: 5 })).toEqual(named('test'));
  });

  it('filters by call-back tag: a contact status or a flag', async () => {
    expect(await idsOf({ tag: 'toDo' })).toEqual(named('recent'));
    expect(await idsOf({ tag: 'noAnswer' })).toEqual(named('child'));
    expect(await idsOf({ tag: 'recall' })).toEqual(named('child', 'today'));
    expect(await idsOf({ tag: 'alertInProgress' })).toEqual(named('open'));
    expect(await idsOf({ tag: 'olderThan10Days' })).toEqual(named('child'));
    expect(await idsOf({ tag: 'overdue' })).toEqual(named('child'));
    expect(await idsOf({ tag: 'dueToday' })).toEqual(named('today'));
    expect(await idsOf({ tag: 'done' })).toEqual([]);
    const unknown = await list({ tag: 'later' });
    expect([unknown.status, unknown.body.msg]).toEqual([400, 'error.validation']);
  });

  it('pages with a one-based page and a page size, and orders by creation', async () => {
    const all = (await list({ order: 'asc' })).body.data.list as Row[];
    const dates = all.map((row) => row.creationDate);
    expect(dates).toEqual([...dates].sort());
    const second = await list({ order: 'asc', limit: 2, page: 2 });
    expect(second.body.data).toMatchObject({ count: 6, page: 2, limit: 2 });
    expect((second.body.data.list as Row[]).map((row) => row.alertId)).toEqual(all.slice(2, 4).map((row) => row.alertId));
    const beyond = await list({ limit: 20, page: 5 });
    expect(beyond.body.data).toMatchObject({ count: 6, list: [] });
    expect((await list({ page: 0 })).status).toBe(400);
    expect((await list({ limit: 101 })).status).toBe(400);
  });

  it('reads empty filters as absent (all empty by default)', async () => {
    const { status, body } = await call(server, referent, 'GET', `${history}?selectedSite=${site}&startDate=&endDate=&address=&alertType=&tag=&withTest=&lang=&order=&limit=&page=`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ count: 6, page: 1, limit: 20 });
  });

  it('reads a flag as true/false, 1/0, and refuses any other value instead of reading it as "no"', async () => {
    expect(await idsOf({ withTest: 1 })).toEqual(await idsOf({ withTest: 'true' }));
    expect(await idsOf({ withTest: '0' })).toEqual(await idsOf({ withTest: false }));
    expect(await idsOf({ withTest: 'true' })).toContain(ids.test);
    for (const value of ['yes', '2', 'TRUE ']) {
      const refused = await list({ withTest: value });
      expect([refused.status, refused.body.msg], value).toEqual([400, 'error.validation']);
    }
  });

  it('covers the selected site and its children, and nothing outside the caller’s accounts', async () => {
    expect(await idsOf({ selectedSite: child })).toEqual(named('child'));
    const sdis03 = await accountIdOf(server, 'SDIS 03');
    const refused = await list({ selectedSite: sdis03 });
    expect([refused.status, refused.body.msg]).toEqual([403, 'error.history.site-not-allowed']);
    const whole = await call(server, referent, 'GET', `${history}?limit=100&startDate=${isoDay(daysAgo(45))}`);
    const wholeIds = (whole.body.data.list as Row[]).map((row) => row.alertId);
    expect(wholeIds).toEqual(expect.arrayContaining(named('recent', 'child')));
    expect(whole.body.data.count).toBeGreaterThan(6);
    const admin = await server.signIn('admin@vigil.test');
    const switched = await call(server, admin, 'GET', `/services/backOffice/account/thirdAccess/switch?idAccount=${sdis03}`);
    const elsewhere = `JWT ${switched.body.data.token}`;
    const theirs = await call(server, elsewhere, 'GET', `${history}?limit=100&startDate=${isoDay(daysAgo(45))}`);
    expect(theirs.status).toBe(200);
    expect((theirs.body.data.list as Row[]).map((row) => row.alertId)).not.toContain(ids.recent);
    expect((theirs.body.data.list as { idSite: number }[]).every((row) => row.idSite === sdis03)).toBe(true);
    expect((await call(server, elsewhere, 'GET', `/services/backoffice/alert/getAlertChronology/${ids.recent}`)).status).toBe(404);
  });

  it('is for super administrators, administrators and referents only', async () => {
    const operator = await server.signIn('operator@vigil.test');
    expect((await list({}, operator)).body).toEqual({ error: true, msg: 'error.necessary-rights' });
    expect((await list({}, await server.signIn('aed-manager@vigil.test'))).status).toBe(403);
    expect((await list({}, await server.signIn('administrator@vigil.test'))).status).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: history })).statusCode).toBe(401);
  });
});

describe('getAlertHistory follows the alerts as they live', () => {
  it('counts a departure once the responder accepts, and moves the call-back tag with each call', async () => {
    const operator = await server.signIn('operator@vigil.test');
    const sdis63 = await accountIdOf(server, 'SDIS 63');
    const victim = offset(area, -90_000, 0);
    const runner = await addResponder(server, offset(victim, 40, 0));
    const alertId = (await call(server, operator, 'POST', '/services/emergency/v2/alertLaunch', { ...victim, address: 'Tag street, Millau', alertType: 1 })).body.data.alertId as number;
    const listed = async (values: Record<string, string | boolean>) => {
      const { status, body } = await call(server, referent, 'GET', `${history}?${queryOf({ selectedSite: sdis63, startDate: isoDay(new Date()), limit: 100, ...values })}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return (body.data.list as Row[]).find((row) => row.alertId === alertId);
    };
    expect(await listed({})).toBeDefined();
    expect(await listed({ withCitizenResponderOnly: true })).toBeUndefined();
    const accepted = await server.app.inject({ method: 'POST', url: `/services/responder/v1/alerts/${alertId}/accept`, headers: { authorization: runner.auth }, payload: {} });
    expect(accepted.statusCode).toBe(200);
    expect(await listed({ withCitizenResponderOnly: true })).toMatchObject({ nbDepartures: 1 });
    expect(await listed({ tag: 'alertInProgress' })).toBeDefined();
    expect(await listed({ tag: 'toDo' })).toBeUndefined();

    expect((await call(server, operator, 'POST', '/services/emergency/v2/alertClose', { alertId })).status).toBe(200);
    const closed = await listed({ tag: 'toDo' });
    expect(closed).toMatchObject({ nbDepartures: 1, contactStatus: 'toDo' });
    const requestId = (closed!.responders as { id: number }[])[0].id;
    const sent = await call(server, referent, 'POST', `/services/backoffice/alert/citizenAlertForm/${requestId}`, { draftId: randomUUID(), outcome: 'noAnswer' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await listed({ tag: 'toDo' })).toBeUndefined();
    expect(await listed({ tag: 'noAnswer' })).toMatchObject({ contactStatus: 'noAnswer' });
    expect(await listed({ withCitizenResponderOnly: true })).toMatchObject({ nbDepartures: 1 });
  });

  it('still finds a close while another alert is recorded as closed later than now', async () => {
    const operator = await server.signIn('operator@vigil.test');
    const sdis63 = await accountIdOf(server, 'SDIS 63');
    // Written by an import or a script with a close an hour ahead: the call-back mark must not follow it.
    await insertAlert(server, { idSite: sdis63, address: 'closed ahead, Millau', createdAt: new Date(Date.now() - 5 * 60_000), closedAt: new Date(Date.now() + 3_600_000) });
    const victim = offset(area, -95_000, 0);
    const runner = await addResponder(server, offset(victim, 40, 0));
    const alertId = (await call(server, operator, 'POST', '/services/emergency/v2/alertLaunch', { ...victim, address: 'Mark street, Millau', alertType: 1 })).body.data.alertId as number;
    const toDo = async () => {
      const { body } = await call(server, referent, 'GET', `${history}?${queryOf({ selectedSite: sdis63, startDate: isoDay(new Date()), limit: 100, tag: 'toDo' })}`);
      return (body.data.list as Row[]).some((row) => row.alertId === alertId);
    };
    expect(await toDo()).toBe(false);
    expect((await server.app.inject({ method: 'POST', url: `/services/responder/v1/alerts/${alertId}/accept`, headers: { authorization: runner.auth }, payload: {} })).statusCode).toBe(200);
    expect((await call(server, operator, 'POST', '/services/emergency/v2/alertClose', { alertId })).status).toBe(200);
    expect(await toDo()).toBe(true);
  });
});

describe('getAlertChronology', () => {
  it('tells an alert from creation to close: offers, answers, progress, moves, stop and start, and who closed it', async () => {
    const operator = await server.signIn('operator@vigil.test');
    const v2 = '/services/emergency/v2';
    const victim = offset(area, -60_000, 0);
    const runner = await addResponder(server, offset(victim, 60, 0));
    const refuser = await addResponder(server, offset(victim, -80, 0));
    const as = (who: { auth: string }, url: string, payload: object = {}) =>
      server.app.inject({ method: 'POST', url: `/services/responder/v1${url}`, headers: { authorization: who.auth }, payload });
    const draft = (await call(server, operator, 'POST', '/services/emergency/v2/alertLaunch', { ...victim, address: 'Chronology street, Millau', alertType: 1 })).body.data;
    const alertId = draft.alertId as number;
    expect((await as(runner, `/alerts/${alertId}/accept`)).statusCode).toBe(200);
    expect((await as(refuser, `/alerts/${alertId}/refuse`)).statusCode).toBe(200);
    expect((await as(runner, `/alerts/${alertId}/progress`, { status: 'onTheWayVictim' })).statusCode).toBe(200);
    const moved = await call(server, operator, 'POST', `${v2}/alert/${alertId}`, { ...offset(victim, 50, 0), address: 'Chronology street 2, Millau' });
    expect(moved.status).toBe(200);
    const cards = (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${alertId}&lang=fr`)).body.data as { id: number; citizenResponderId: number }[];
    const runnerCard = cards.find((card) => card.citizenResponderId === runner.responderId)!;
    expect((await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId, id: runnerCard.id })).status).toBe(200);
    expect((await call(server, operator, 'POST', `${v2}/startCitizenResponder`, { alertId, id: runnerCard.id })).status).toBe(200);
    expect((await call(server, operator, 'POST', `${v2}/alertClose`, { alertId })).status).toBe(200);

    const { status, body } = await call(server, referent, 'GET', `/services/backoffice/alert/getAlertChronology/${alertId}`);
    expect(status).toBe(200);
    const entries = body.data.entries as { kind: string; status: string | null; actor: { type: string; name: string | null }; responder: { citizenResponderId: number; name: string } | null; details: Record<string, unknown> }[];
    const line = (entry: (typeof entries)[number]) => [entry.kind, entry.status, entry.responder?.citizenResponderId ?? null].join(' ');
    expect(entries[0].kind).toBe('launched');
    expect(entries.slice(1, 3).map(line).sort()).toEqual([runner, refuser].map((who) => `offer available ${who.responderId}`).sort());
    expect(entries.slice(3).map(line)).toEqual([
      `answer dispatched ${runner.responderId}`,
      `answer refused ${refuser.responderId}`,
      `progress onTheWayVictim ${runner.responderId}`,
      'addressChanged  ',
      `responderStopped  ${runner.responderId}`,
      `responderStarted  ${runner.responderId}`,
      'closed  ',
    ]);
    const closed = entries.at(-1)!;
    expect(closed.actor).toMatchObject({ type: 'user', name: 'Olivier Bernard' });
    expect(entries[0].actor).toMatchObject({ type: 'user', name: 'Olivier Bernard' });
    expect(entries.find((entry) => entry.kind === 'answer')!.actor).toMatchObject({ type: 'responder', name: expect.stringMatching(/^Test Responder \d+$/) });
    expect(entries[1].details).toMatchObject({ mission: 'victim', rank: expect.any(Number) });
    expect(entries.find((entry) => entry.kind === 'addressChanged')!.details).toMatchObject({ to: { address: 'Chronology street 2, Millau' } });
    expect(body.data.alert).toMatchObject({ alertId, nbDepartures: 1, contactStatus: 'toDo', closeReason: 'user' });
  });

  it('says when the 20-minute rule closed an alert, and lists the call-backs after it', async () => {
    const operator = await server.signIn('operator@vigil.test');
    const victim = offset(area, -80_000, 0);
    const runner = await addResponder(server, offset(victim, 40, 0));
    const { alertId } = (await call(server, operator, 'POST', '/services/emergency/v2/alertLaunch', { ...victim, address: 'Auto close, Millau', alertType: 7 })).body.data;
    await server.app.inject({ method: 'POST', url: `/services/responder/v1/alerts/${alertId}/accept`, headers: { authorization: runner.auth }, payload: {} });
    await closeAlert(server.ctx, alertId, { auto: true });
    const cards = (await call(server, operator, 'GET', `/services/emergency/v2/citizenRespondersOnCall?alertId=${alertId}&lang=fr`)).body.data as { id: number }[];
    const sent = await call(server, referent, 'POST', `/services/backoffice/alert/citizenAlertForm/${cards[0].id}`, { draftId: randomUUID(), outcome: 'noAnswer', note: 'voicemail' });
    expect(sent.status).toBe(200);
    const entries = (await call(server, referent, 'GET', `/services/backoffice/alert/getAlertChronology/${alertId}`)).body.data.entries as { kind: string; actor: { type: string; name: string | null }; status: string | null; details: Record<string, unknown> }[];
    const autoClosed = entries.find((entry) => entry.kind === 'autoClosed')!;
    expect(autoClosed.actor).toEqual({ type: 'system', id: null, name: null });
    expect(entries.some((entry) => entry.kind === 'closed')).toBe(false);
    const lastCall = entries.at(-1)!;
    expect(lastCall).toMatchObject({ kind: 'call', status: 'noAnswer', actor: { type: 'user', name: 'Rémi Durand' }, details: { note: 'voicemail', recallAt: null } });
  });

  it('answers 404 for an unknown alert', async () => {
    expect((await call(server, referent, 'GET', '/services/backoffice/alert/getAlertChronology/999999')).body).toEqual({ error: true, msg: 'error.not-found' });
  });
});
