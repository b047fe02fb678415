import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAed, addResponder, alertConfig, area, call, eventually, offset, type TestResponder } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

const v1 = '/services/responder/v1';
const v2 = '/services/emergency/v2';
let server: TestServer;
let operator: string;
const events: { eventMsg: string; data?: { alertId?: number } }[] = [];

beforeAll(async () => {
  server = await startTestServer(alertConfig({ ALERT_ENOUGH_RESPONDERS: 2 }));
  operator = await server.signIn('operator@vigil.test');
  await server.ctx.database.listen('vigil_events', (payload) => events.push(JSON.parse(payload)));
});
afterAll(async () => server?.close());

const spot = (index: number) => offset(area, -20_000 * index, 0);

async function as(who: TestResponder, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const response = await server.app.inject({ method, url: `${v1}${url}`, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

async function launch(index: number) {
  return (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(index), address: `responder test ${index}`, alertType: 1 })).body.data as { alertId: number };
}

async function cardOf(alertId: number, who: TestResponder) {
  const cards = (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${alertId}&lang=fr`)).body.data;
  return cards.find((card: { citizenResponderId: number }) => card.citizenResponderId === who.responderId);
}

describe('registration and authentication', () => {
  it('registers a responder and a device, and hands out a device token', async () => {
    const who = await addResponder(server, spot(1));
    expect(who.token).toMatch(/^rdt_/);
    const me = await as(who, 'GET', '/me');
    expect(me.body.data).toMatchObject({ responderId: who.responderId, accountStatus: 'activated', available: true, lat: spot(1).lat });
    const device = await as(who, 'PUT', '/device', { pushToken: 'new-token', buildVersion: '900' });
    expect(device.body.data).toMatchObject({ pushToken: 'new-token', buildVersion: '900', os: 'android' });
  });

  it('never accepts a staff token, an unknown token or a replaced one', async () => {
    const who = await addResponder(server, spot(1));
    for (const authorization of [operator, `Responder ${operator.slice(4)}`, 'Responder rdt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', undefined]) {
      const response = await server.app.inject({ method: 'GET', url: `${v1}/me`, headers: authorization ? { authorization } : {} });
      expect([response.statusCode, response.json().msg]).toEqual([401, 'error.responder.invalid-token']);
    }
    const rotated = await as(who, 'POST', '/device/token');
    expect((await as(who, 'GET', '/me')).status).toBe(401);
    expect((await as({ ...who, auth: `Responder ${rotated.body.data.token}` }, 'GET', '/me')).status).toBe(200);
  });

  it('is documented in the OpenAPI document under the responder tag', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/register', '/position', '/availability', '/alert', '/alerts/{alertId}/accept', '/alerts/{alertId}/refuse', '/alerts/{alertId}/progress', '/alerts/{alertId}/cancel']) {
      const operations = Object.values(document.paths[`${v1}${path}`] ?? {}) as { tags: string[] }[];
      expect(operations.length, path).toBeGreaterThan(0);
      expect(operations[0].tags).toContain('responder');
    }
  });
});

describe('answering an alert', () => {
  it('offers the alert, then accept and progress straight to the victim, counted and published', async () => {
    const who = await addResponder(server, offset(spot(2), 80, 0));
    const alert = await launch(2);
    const offer = await as(who, 'GET', '/alert');
    expect(offer.body.data).toMatchObject({ alertId: alert.alertId, closed: false, victim: { lat: spot(2).lat, lon: spot(2).lon }, request: { status: 'available', mission: 'victim', aed: null, distance: 80 } });
    const before = events.length;
    const accepted = await as(who, 'POST', `/alerts/${alert.alertId}/accept`, {});
    expect(accepted.body.data.request.status).toBe('dispatched');
    expect(await eventually(() => events.slice(before).some((event) => event.eventMsg === 'REFRESH_ALERTS' && event.data?.alertId === alert.alertId))).toBe(true);
    expect((await call(server, operator, 'GET', `${v2}/alerts/${alert.alertId}`)).body.data.nbEngaged).toBe(1);
    const skipping = await as(who, 'POST', `/alerts/${alert.alertId}/progress`, { status: 'onSiteVictim' });
    expect([skipping.status, skipping.body.msg]).toEqual([409, 'error.responder.illegal-status']);
    const noAed = await as(who, 'POST', `/alerts/${alert.alertId}/progress`, { status: 'onTheWayAed' });
    expect([noAed.status, noAed.body.msg]).toEqual([409, 'error.responder.no-aed-mission']);
    await as(who, 'POST', `/alerts/${alert.alertId}/progress`, { status: 'onTheWayVictim', ...offset(spot(2), 40, 0) });
    const onSite = await as(who, 'POST', `/alerts/${alert.alertId}/progress`, { status: 'onSiteVictim', ...spot(2) });
    expect(onSite.body.data.request.status).toBe('onSiteVictim');
    const card = await cardOf(alert.alertId, who);
    expect(card).toMatchObject({ status: 'onSiteVictim', distance: 0, duration: 0, nbInterventions: 1 });
    expect(card.statusHistory.map((entry: { status: string; by: string }) => entry.status)).toEqual(['available', 'dispatched', 'onTheWayVictim', 'onSiteVictim']);
    expect(card.statusHistory[1].by).toBe(`responder:${who.responderId}`);
    const again = await as(who, 'POST', `/alerts/${alert.alertId}/accept`, {});
    expect([again.status, again.body.msg]).toEqual([409, 'error.responder.already-answered']);
  });

  it('keeps the time the responder accepted, once, for the history and the referent statistics', async () => {
    const who = await addResponder(server, offset(spot(11), 60, 0));
    const alert = await launch(11);
    const acceptedAt = async () =>
      (await server.ctx.database.query<{ accepted_at: Date | null }>('SELECT accepted_at FROM alert_requests WHERE alert_id = $1 AND responder_id = $2', [alert.alertId, who.responderId]))[0].accepted_at;
    expect(await acceptedAt()).toBeNull();
    await as(who, 'POST', `/alerts/${alert.alertId}/accept`, {});
    const first = await acceptedAt();
    const card = await cardOf(alert.alertId, who);
    const dispatched = card.statusHistory.find((step: { status: string }) => step.status === 'dispatched');
    expect(new Date(first!).getTime()).toBe(new Date(dispatched.at).getTime());
    await as(who, 'POST', `/alerts/${alert.alertId}/progress`, { status: 'onTheWayVictim', ...offset(spot(11), 30, 0) });
    expect(await acceptedAt()).toEqual(first);
  });

  it('runs an AED mission: to the AED, at the AED, to the victim; or ends it without AED', async () => {
    const victim = spot(3);
    await addResponder(server, offset(victim, 20, 0));
    await addResponder(server, offset(victim, 30, 0));
    const runner = await addResponder(server, offset(victim, 300, 0));
    const second = await addResponder(server, offset(victim, -300, 0));
    const aedId = await addAed(server, offset(victim, 200, 0));
    await addAed(server, offset(victim, -200, 0));
    const alert = await launch(3);
    const offer = (await as(runner, 'GET', '/alert')).body.data;
    expect(offer.request).toMatchObject({ mission: 'aed', aed: { id: aedId } });
    await as(runner, 'POST', `/alerts/${alert.alertId}/accept`, {});
    for (const status of ['onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim']) {
      const step = await as(runner, 'POST', `/alerts/${alert.alertId}/progress`, { status });
      expect(step.body.data.request.status).toBe(status);
    }
    expect((await as(second, 'GET', '/alert')).body.data.request.mission).toBe('aed');
    await as(second, 'POST', `/alerts/${alert.alertId}/accept`, {});
    await as(second, 'POST', `/alerts/${alert.alertId}/progress`, { status: 'onTheWayAed' });
    const without = await as(second, 'POST', `/alerts/${alert.alertId}/cancel`, { reason: 'noAed' });
    expect(without.body.data.request.status).toBe('withoutAedCancel');
  });

  it('refuses, cancels, and gives tooFar, tooLate after close, and closed-alert errors', async () => {
    const victim = spot(4);
    const refuser = await addResponder(server, offset(victim, 50, 0));
    const canceller = await addResponder(server, offset(victim, 60, 0));
    const wanderer = await addResponder(server, offset(victim, 70, 0));
    const late = await addResponder(server, offset(victim, 90, 0));
    const walker = await addResponder(server, offset(victim, 100, 0));
    const alert = await launch(4);
    expect((await as(refuser, 'POST', `/alerts/${alert.alertId}/refuse`, { reason: 'busy' })).body.data.request.status).toBe('refused');
    expect((await call(server, operator, 'GET', `${v2}/alerts/${alert.alertId}`)).body.data.nbRefused).toBe(1);
    await as(canceller, 'POST', `/alerts/${alert.alertId}/accept`, {});
    expect((await as(canceller, 'POST', `/alerts/${alert.alertId}/cancel`, {})).body.data.request.status).toBe('cancelled');
    const far = await as(wanderer, 'POST', `/alerts/${alert.alertId}/accept`, offset(victim, 2000, 0));
    expect(far.body.data.request.status).toBe('tooFar');
    await as(walker, 'POST', `/alerts/${alert.alertId}/accept`, {});
    await call(server, operator, 'POST', `${v2}/alertClose`, { alertId: alert.alertId });
    expect((await as(late, 'POST', `/alerts/${alert.alertId}/accept`, {})).body.data).toMatchObject({ closed: true, request: { status: 'tooLate' } });
    const afterClose = await as(walker, 'POST', `/alerts/${alert.alertId}/progress`, { status: 'onTheWayVictim' });
    expect([afterClose.status, afterClose.body.msg]).toEqual([409, 'error.responder.alert-closed']);
    expect((await as(walker, 'GET', '/alert')).body.data).toBeNull();
    expect((await as(walker, 'GET', `/alerts/${alert.alertId}`)).body.data.closed).toBe(true);
  });

  it('makes later acceptors too late, or stand-by when trained, and promotes stand-by when someone drops out', async () => {
    const victim = spot(5);
    const first = await addResponder(server, offset(victim, 10, 0));
    const second = await addResponder(server, offset(victim, 20, 0));
    const untrained = await addResponder(server, offset(victim, 30, 0), { trainedStatus: 'untrained' });
    const trained = await addResponder(server, offset(victim, 40, 0), { trainedStatus: 'trained' });
    const alert = await launch(5);
    await as(first, 'POST', `/alerts/${alert.alertId}/accept`, {});
    await as(second, 'POST', `/alerts/${alert.alertId}/accept`, {});
    expect((await as(untrained, 'POST', `/alerts/${alert.alertId}/accept`, {})).body.data.request.status).toBe('tooLate');
    expect((await as(trained, 'POST', `/alerts/${alert.alertId}/accept`, {})).body.data.request.status).toBe('waiting');
    await as(first, 'POST', `/alerts/${alert.alertId}/cancel`, {});
    expect((await as(trained, 'GET', `/alerts/${alert.alertId}`)).body.data.request.status).toBe('dispatched');
    const promoted = await server.ctx.database.query(`SELECT id FROM push_outbox WHERE alert_id = $1 AND kind = 'PROMOTED' AND responder_id = $2`, [alert.alertId, trained.responderId]);
    expect(promoted).toHaveLength(1);
    expect((await call(server, operator, 'GET', `${v2}/alerts/${alert.alertId}`)).body.data.nbEngaged).toBe(2);
  });

  it('withdraws unanswered offers when the responder becomes unavailable, and leaves them out of the next preview', async () => {
    const victim = spot(6);
    const who = await addResponder(server, offset(victim, 30, 0));
    const alert = await launch(6);
    const state = await as(who, 'PUT', '/availability', { available: false });
    expect(state.body.data.available).toBe(false);
    expect((await as(who, 'GET', `/alerts/${alert.alertId}`)).body.data.request.status).toBe('unavailable');
    const preview = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...victim, address: 'again' });
    expect(preview.body.data.nbPotentialBS).toBe(0);
  });

  it('refuses to accept a second alert while engaged on another', async () => {
    const victim = spot(7);
    const who = await addResponder(server, offset(victim, 30, 0));
    const one = await launch(7);
    const two = await launch(7);
    await as(who, 'POST', `/alerts/${one.alertId}/accept`, {});
    const second = await as(who, 'POST', `/alerts/${two.alertId}/accept`, {});
    expect(second).toMatchObject({ status: 409, body: { msg: 'error.responder.engaged-elsewhere', details: { alertId: one.alertId } } });
    expect((await as(who, 'GET', '/alert')).body.data.alertId).toBe(one.alertId);
  });

  it('tells a stopped responder they were stopped, until the dispatcher starts them again', async () => {
    const victim = spot(10);
    const who = await addResponder(server, offset(victim, 30, 0));
    const alert = await launch(10);
    await as(who, 'POST', `/alerts/${alert.alertId}/accept`, {});
    const card = await cardOf(alert.alertId, who);
    await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId: alert.alertId, id: card.id });
    const going = await as(who, 'POST', `/alerts/${alert.alertId}/progress`, { status: 'onTheWayVictim' });
    expect([going.status, going.body.msg]).toEqual([409, 'error.responder.stopped']);
    const pushed = await server.ctx.database.query(`SELECT kind FROM push_outbox WHERE alert_id = $1 AND responder_id = $2 ORDER BY id`, [alert.alertId, who.responderId]);
    expect(pushed.map((row) => row.kind)).toEqual(['ALERT', 'STOPPED']);
    await call(server, operator, 'POST', `${v2}/startCitizenResponder`, { alertId: alert.alertId, id: card.id });
    expect((await as(who, 'POST', `/alerts/${alert.alertId}/accept`, {})).body.data.request.status).toBe('dispatched');
    expect((await cardOf(alert.alertId, who)).nbInterventions).toBe(1); // counted once per alert
  });

  it('answers 404 for an alert the responder was not alerted for', async () => {
    const who = await addResponder(server, spot(8));
    const elsewhere = await launch(9);
    const response = await as(who, 'POST', `/alerts/${elsewhere.alertId}/accept`, {});
    expect([response.status, response.body.msg]).toEqual([404, 'error.responder.no-offer']);
  });
});
