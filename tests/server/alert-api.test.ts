import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAed, addResponder, alertConfig, area, call, eventually, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

const v1 = '/services/responder/v1';
const v2 = '/services/emergency/v2';
let server: TestServer;
let operator: string;
let administrator: string;
const events: { accountIds: number[]; eventMsg: string; data?: { alertId?: number; reason?: string } }[] = [];

beforeAll(async () => {
  // Test alerts for groups 1 and 6 only; position refreshes at most once an hour per alert, so the
  // throttle is seen without depending on timing.
  server = await startTestServer(alertConfig({ ALERT_DEBUG_MODE_GROUPS: '1,6', ALERT_POSITION_REFRESH_MS: 3_600_000, ALERT_DISTANCE_MAX_KM: 0.5 }));
  operator = await server.signIn('operator@vigil.test');
  administrator = await server.signIn('administrator@vigil.test');
  await server.ctx.database.listen('vigil_events', (payload) => events.push(JSON.parse(payload)));
});
afterAll(async () => server?.close());

/** A place of its own for each test, 20 km apart (south-east of the other suites' places). */
const spot = (index: number) => offset(area, -20_000 * index, 20_000 * index);

async function siteIds() {
  const rows = await server.ctx.database.query<{ id: number; name: string }>(`SELECT id, name FROM accounts`);
  const byName = (start: string) => rows.find((row) => row.name.startsWith(start))!.id;
  return { sdis63: byName('SDIS 63'), codis63: byName('CODIS 63'), sdis03: byName('SDIS 03') };
}

describe('debug modes by group', () => {
  it('offers the test modes to the groups of ALERT_DEBUG_MODE_GROUPS only, and refuses them to the others', async () => {
    const forOperator = (await call(server, operator, 'GET', `${v2}/options`)).body.data;
    expect(forOperator.debugModes.map((mode: { value: number }) => mode.value)).toEqual([0]);
    const forAdministrator = (await call(server, administrator, 'GET', `${v2}/options`)).body.data;
    expect(forAdministrator.debugModes.map((mode: { value: number }) => mode.value)).toEqual([0, 1, 3]);
    const refusal = { error: true, msg: 'error.necessary-rights' };
    expect(await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...spot(1), address: 'test mode', debugMode: 1 })).toEqual({ status: 403, body: refusal });
    expect(await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(1), address: 'bots', alertType: 1, debugMode: 3 })).toEqual({ status: 403, body: refusal });
    // A draft set up in a test mode by an administrator cannot be launched by an operator either.
    const draft = (await call(server, administrator, 'PUT', `${v2}/alertSettingUp`, { ...spot(1), address: 'test mode', debugMode: 1 })).body.data.alert;
    expect(draft).toMatchObject({ debugMode: 1, test: true });
    expect(await call(server, operator, 'POST', `${v2}/alertLaunch`, { alertId: draft.alertId, alertType: 1 })).toEqual({ status: 403, body: refusal });
    expect((await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...spot(1), address: 'production', debugMode: 0 })).status).toBe(200);
  });
});

describe('one alert', () => {
  it('answers the AEDs around the victim with a draft and with a live alert', async () => {
    const victim = spot(2);
    const near = await addAed(server, offset(victim, 150, 0), { name: 'Near AED' });
    const closedNow = await addAed(server, offset(victim, 0, 300), { name: 'Closed AED', status: 'unavailable' });
    await addAed(server, offset(victim, 5000, 0), { name: 'Far AED' });
    const draft = (await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...victim, address: 'aeds' })).body.data.alert;
    const again = (await call(server, operator, 'GET', `${v2}/alerts/${draft.alertId}`)).body.data;
    expect(again.aeds.map((aed: { id: number }) => aed.id)).toEqual([near, closedNow]);
    expect(again.aeds[0]).toMatchObject({ name: 'Near AED', availableNow: true, distance: 150 });
    expect(again.aeds[1]).toMatchObject({ availableNow: false });
    const live = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { alertId: draft.alertId, alertType: 1 })).body.data;
    const reopened = (await call(server, operator, 'GET', `${v2}/alerts/${live.alertId}`)).body.data;
    expect(reopened).toMatchObject({ alertId: draft.alertId, state: 'live' });
    expect(reopened.aeds.map((aed: { id: number }) => aed.id)).toEqual([near, closedNow]);
    // The list stays light: no AEDs there.
    const list = (await call(server, operator, 'GET', `${v2}/alerts?close=0&status=2`)).body.data;
    expect(list.find((alert: { alertId: number }) => alert.alertId === live.alertId)).not.toHaveProperty('aeds');
  });
});

describe('live list by site', () => {
  it('narrows the list to one site of the caller’s subtree with idSite, 0 being the caller’s test alerts', async () => {
    const { sdis63, codis63, sdis03 } = await siteIds();
    const own = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(3), address: 'own', alertType: 1 })).body.data;
    const child = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(3), address: 'child', alertType: 1, idSite: codis63 })).body.data;
    const test = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(3), address: 'test', alertType: 1, idSite: 0 })).body.data;
    const ids = async (query: string) => ((await call(server, operator, 'GET', `${v2}/alerts?close=0&status=2${query}`)).body.data as { alertId: number }[]).map((alert) => alert.alertId);
    const ofOwn = await ids(`&idSite=${sdis63}`);
    expect(ofOwn).toEqual(expect.arrayContaining([own.alertId, test.alertId]));
    expect(ofOwn).not.toContain(child.alertId);
    const ofChild = await ids(`&idSite=${codis63}`);
    expect(ofChild).toContain(child.alertId);
    expect(ofChild).not.toContain(own.alertId);
    const tests = await ids('&idSite=0');
    expect(tests).toContain(test.alertId);
    expect(tests).not.toContain(own.alertId);
    expect(await ids('')).toEqual(expect.arrayContaining([own.alertId, child.alertId, test.alertId]));
    expect(await call(server, operator, 'GET', `${v2}/alerts?close=0&status=2&idSite=${sdis03}`)).toEqual({ status: 403, body: { error: true, msg: 'error.alert.site-not-allowed' } });
  });
});

describe('live positions', () => {
  it('tells the alert’s account when an engaged responder moves, throttled per alert', async () => {
    const victim = spot(4);
    const walker = await addResponder(server, offset(victim, 200, 0));
    const idle = await addResponder(server, offset(victim, 250, 0));
    const alert = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: 'positions', alertType: 1 })).body.data;
    expect(alert.nbRequests).toBe(2);
    const accepted = await server.app.inject({ method: 'POST', url: `${v1}/alerts/${alert.alertId}/accept`, headers: { authorization: walker.auth }, payload: {} });
    expect(accepted.statusCode).toBe(200);
    const moves = () => events.filter((event) => event.eventMsg === 'REFRESH_ALERTS' && event.data?.alertId === alert.alertId && event.data?.reason === 'position');
    // A responder who has not answered moves: nobody is told.
    await server.app.inject({ method: 'PUT', url: `${v1}/position`, headers: { authorization: idle.auth }, payload: offset(victim, 240, 0) });
    for (let step = 1; step <= 5; step++) {
      const position = await server.app.inject({ method: 'PUT', url: `${v1}/position`, headers: { authorization: walker.auth }, payload: offset(victim, 200 - step * 20, 0) });
      expect(position.statusCode).toBe(200);
    }
    expect(await eventually(() => moves().length >= 1)).toBe(true);
    expect(moves()[0].accountIds).toEqual([alert.idSite]);
    // Five reports inside one interval: one refresh now (the last one waits for the interval's end).
    // Events come in order: once a mark published after the five answers is in, a refresh they sent would be before it.
    await server.ctx.realtime.publish([alert.idSite], 'REFRESH_ALERTS', { alertId: alert.alertId, reason: 'mark' });
    const marked = () => events.findIndex((event) => event.data?.alertId === alert.alertId && event.data?.reason === 'mark');
    expect(await eventually(() => marked() >= 0, 20_000)).toBe(true);
    expect(moves()).toHaveLength(1);
    const cards = (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${alert.alertId}&lang=fr`)).body.data;
    const card = cards.find((one: { citizenResponderId: number }) => one.citizenResponderId === walker.responderId);
    expect(card.alertInfo.lat).toBeCloseTo(offset(victim, 100, 0).lat, 6);
  });
});
