import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAed, addResponder, alertConfig, area, call, eventually, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

const v2 = '/services/emergency/v2';
let server: TestServer;
let operator: string;
const events: { accountIds: number[]; eventMsg: string; data?: { alertId?: number } }[] = [];

beforeAll(async () => {
  server = await startTestServer(alertConfig({ ALERT_DISTANCE_MAX_KM: 0.5, ALERT_MAX_SELECTED: 5 }));
  operator = await server.signIn('operator@vigil.test');
  await server.ctx.database.listen('vigil_events', (payload) => events.push(JSON.parse(payload)));
});
afterAll(async () => server?.close());

/** A place of its own for each test, 20 km apart, so that counts never mix. */
const spot = (index: number) => offset(area, 0, index * 20_000);

async function siteIds() {
  const rows = await server.ctx.database.query<{ id: number; name: string }>(`SELECT id, name FROM accounts`);
  const byName = (start: string) => rows.find((row) => row.name.startsWith(start))!.id;
  return { sdis63: byName('SDIS 63'), codis63: byName('CODIS 63'), sdis03: byName('SDIS 03') };
}

async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('options and access', () => {
  it('gives alert types, debug modes, sites with the test site, and the initial map', async () => {
    const { status, body } = await call(server, operator, 'GET', `${v2}/options`);
    expect(status).toBe(200);
    const { sdis63, codis63 } = await siteIds();
    expect(body.data.alertTypes.map((type: { value: number }) => type.value)).toEqual([1, 3, 4, 5, 6, 7]);
    expect(body.data.alertTypes[0]).toEqual({ value: 1, label: 'alert.type.1' });
    expect(body.data.debugModes.map((mode: { value: number }) => mode.value)).toEqual([0, 1, 3]);
    expect(body.data.sites[0]).toEqual({ value: 0, label: 'alert.site.test' });
    expect(body.data.sites.map((site: { value: number }) => site.value)).toEqual(expect.arrayContaining([sdis63, codis63]));
    expect(body.data).toMatchObject({ debugMode: 0, positionInit: { lat: 45.75, lng: 3.08 }, zoomInit: 11, distanceMax: 0.5, maxAddressMoveKm: 0.3, autoCloseSeconds: 1200 });
  });

  it('is for groups 1, 5 and 6 only', async () => {
    const referent = await server.signIn('referent@vigil.test');
    expect((await call(server, referent, 'GET', `${v2}/options`)).body).toEqual({ error: true, msg: 'error.necessary-rights' });
    expect((await server.app.inject({ method: 'GET', url: `${v2}/alerts` })).statusCode).toBe(401);
    const admin = await server.signIn('administrator@vigil.test');
    expect((await call(server, admin, 'GET', `${v2}/options`)).status).toBe(200);
  });
});

describe('set-up preview', () => {
  it('counts available responders with a fresh position within distanceMax, not busy, activated', async () => {
    const victim = spot(1);
    await addResponder(server, offset(victim, 100, 0));
    await addResponder(server, offset(victim, 0, -450));
    await addResponder(server, offset(victim, -200, 0), { tester: true });
    await addResponder(server, offset(victim, 600, 0)); // beyond 0.5 km
    await addResponder(server, offset(victim, 50, 50), { staleSeconds: 7200 }); // position two hours old
    await addResponder(server, offset(victim, 60, 0), { available: false });
    await addResponder(server, offset(victim, 70, 0), { accountStatus: 'waiting' });
    const production = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...victim, address: '1 place du Test' });
    expect(production.status).toBe(200);
    expect(production.body.data).toMatchObject({ wrongAddress: false, needsPinMove: false, msg: null, nbPotentialBS: 3 });
    expect(production.body.data.alert).toMatchObject({ state: 'settingUp', status: 1, close: 0, nbPotentialBS: 3, precision: 'manual', date: null, test: false });
    const testInterface = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...victim, address: '1 place du Test', debugMode: 1 });
    expect(testInterface.body.data.nbPotentialBS).toBe(1); // debug mode 1 reaches testers only
    expect(testInterface.body.data.alert.test).toBe(true);
  });

  it('lists the AEDs around, saying which are available now', async () => {
    const victim = spot(2);
    const open = await addAed(server, offset(victim, 150, 0), { name: 'Open 24/7' });
    const closedNow = await addAed(server, offset(victim, 200, 0), { name: 'Never open', alwaysOpened: false, openingHours: {} });
    const maintenance = await addAed(server, offset(victim, 250, 0), { name: 'In maintenance', status: 'inMaintenance' });
    await addAed(server, offset(victim, 100, 0), { name: 'Deleted', deleted: true, status: 'deleted' });
    const { body } = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...victim, address: '2 place du Test' });
    expect(body.data.aeds.map((aed: { id: number; availableNow: boolean; distance: number }) => [aed.id, aed.availableNow, aed.distance])).toEqual([
      [open, true, 150],
      [closedNow, false, 200],
      [maintenance, false, 250],
    ]);
  });

  it('replaces the draft when set up again with its alertId', async () => {
    const first = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...spot(3), address: 'first' });
    const alertId = first.body.data.alert.alertId;
    const moved = offset(spot(3), 2000, 0);
    const second = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { alertId, ...moved, address: 'second', alertType: 4 });
    expect(second.body.data.alert).toMatchObject({ alertId, address: 'second', alertType: 4, lat: moved.lat });
    const kinds = await server.ctx.database.query<{ kind: string }>(`SELECT kind FROM alert_events WHERE alert_id = $1 ORDER BY id`, [alertId]);
    expect(kinds.map((row) => row.kind)).toEqual(['created', 'setUp']);
  });

  it('geocodes an address: commune precision asks to move the pin, nothing found asks to check the spelling', async () => {
    const imprecise = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { address: 'Clermont-Ferrand', countryCode: 'FR' });
    expect(imprecise.status).toBe(200);
    expect(imprecise.body.data).toMatchObject({ wrongAddress: false, needsPinMove: true, msg: 'error.alert.address-imprecise' });
    expect(imprecise.body.data.alert).toMatchObject({ precision: 'municipality', needsPinMove: true, address: 'Clermont-Ferrand' });
    expect(imprecise.body.data.alert.lat).toBeCloseTo(45.78, 1);
    expect(imprecise.body.data.nbPotentialBS).toBeGreaterThan(0); // the demo responders of Clermont-Ferrand
    const unknown = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { address: 'Qwxzvkjh Plopplop 99999' });
    expect(unknown.body.data).toEqual({ alert: null, wrongAddress: true, needsPinMove: false, msg: 'error.alert.address-not-found', nbPotentialBS: 0, aeds: [] });
  });
});

describe('launch', () => {
  it('selects the nearest responders, sends some to the AED available now when the detour is reasonable, caps the number', async () => {
    const victim = spot(4);
    const near1 = await addResponder(server, offset(victim, 50, 0));
    const near2 = await addResponder(server, offset(victim, 0, 120));
    const north = await addResponder(server, offset(victim, 250, 0));
    const south = await addResponder(server, offset(victim, -300, 0));
    const carrier = await addResponder(server, offset(victim, 0, -200), { carriesAed: true });
    const farthest = await addResponder(server, offset(victim, 0, 400));
    const aedNorth = await addAed(server, offset(victim, 150, 0));
    await addAed(server, offset(victim, 0, -100), { alwaysOpened: false, openingHours: {} }); // closed now: never used
    await addAed(server, offset(victim, 0, 900)); // detour too long for anyone
    const { status, body } = await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: '4 place du Test', addressInfo: '3rd floor', alertType: 1 });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ state: 'live', status: 2, close: 0, nbRequests: 5, nbPotentialBS: 6, addressInfo: '3rd floor', contactStatus: 'alertInProgress' });
    expect(new Date(body.data.autoCloseAt).getTime() - new Date(body.data.date).getTime()).toBe(1200 * 1000);
    const cards = (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${body.data.alertId}&lang=fr`)).body.data;
    const byResponder = new Map(cards.map((card: { citizenResponderId: number }) => [card.citizenResponderId, card]));
    expect(byResponder.has(farthest.responderId)).toBe(false);
    const mission = (who: { responderId: number }) => byResponder.get(who.responderId) as { mission: string; alertInfo: { aed: { id: number } | null }; distance: number; duration: number; status: string };
    expect(mission(near1)).toMatchObject({ mission: 'victim', distance: 50, duration: Math.round((50 * 1.3) / (5000 / 3600)), status: 'available' });
    expect(mission(near2).mission).toBe('victim');
    expect(mission(north)).toMatchObject({ mission: 'aed', alertInfo: { aed: { id: aedNorth } }, distance: 250 });
    expect(mission(north).duration).toBe(Math.round(((100 + 150) * 1.3) / (5000 / 3600)));
    expect(mission(south).mission).toBe('victim'); // the one AED within reach is already taken
    expect(mission(carrier).mission).toBe('victim'); // brings their own AED
  });

  it('sends straight to the victim a responder who took an AED along after reporting their position', async () => {
    const victim = spot(10);
    await addResponder(server, offset(victim, 50, 0));
    await addResponder(server, offset(victim, 0, 120));
    const runner = await addResponder(server, offset(victim, 250, 0));
    await addAed(server, offset(victim, 150, 0));
    // As the responder's profile change writes it: the position row already exists.
    await server.ctx.database.query('UPDATE responders SET carries_aed = true WHERE id = $1', [runner.responderId]);
    const { body } = await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: '10 place du Test', alertType: 1 });
    const cards = (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${body.data.alertId}&lang=fr`)).body.data as { citizenResponderId: number; mission: string }[];
    expect(cards.find((card) => card.citizenResponderId === runner.responderId)?.mission).toBe('victim');
  });

  it('writes one push message per device from the launched requests, in each responder’s language, and delivers them through the outbox', async () => {
    const victim = spot(5);
    const english = await addResponder(server, offset(victim, 40, 0), { language: 'en' });
    await addResponder(server, offset(victim, 80, 0));
    const { body } = await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: '5 place du Test', alertType: 1 });
    const read = () => server.ctx.database.query<{ responder_id: number; kind: string; status: string; provider: string; payload: { title: string; data: { alertId: string } } }>(`SELECT * FROM push_outbox WHERE alert_id = $1 ORDER BY id`, [body.data.alertId]);
    // Written from the launched requests right after the answer, then sent.
    const rows = await waitFor(read, (list) => list.length === 2 && list.every((row) => row.status === 'sent'));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.kind === 'ALERT' && row.status === 'sent' && row.provider === 'log')).toBe(true);
    expect(rows.find((row) => row.responder_id === english.responderId)!.payload).toMatchObject({ title: 'Cardiac arrest near you', data: { alertId: String(body.data.alertId) } });
    expect(rows.find((row) => row.responder_id !== english.responderId)!.payload.title).toBe('Arrêt cardiaque près de vous');
    expect(await eventually(() => events.some((event) => event.eventMsg === 'REFRESH_ALERTS' && event.data?.alertId === body.data.alertId))).toBe(true);
  });

  it('does not select a responder engaged on another open alert (until it closes), but does select one who has not answered yet', async () => {
    const victim = spot(6);
    const engaged = await addResponder(server, offset(victim, 30, 0));
    const pending = await addResponder(server, offset(victim, 60, 0));
    const first = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: 'first', alertType: 1 })).body.data;
    const accepted = await server.app.inject({ method: 'POST', url: `/services/responder/v1/alerts/${first.alertId}/accept`, headers: { authorization: engaged.auth }, payload: {} });
    expect(accepted.json().data.request.status).toBe('dispatched');
    const preview = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...victim, address: 'second' });
    expect(preview.body.data.nbPotentialBS).toBe(1);
    const second = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { alertId: preview.body.data.alert.alertId, ...victim, address: 'second', alertType: 1 })).body.data;
    const cards = (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${second.alertId}&lang=fr`)).body.data;
    expect(cards.map((card: { citizenResponderId: number }) => card.citizenResponderId)).toEqual([pending.responderId]);
    // Once the first intervention is closed, the engaged responder can be alerted again.
    await call(server, operator, 'POST', `${v2}/alertClose`, { alertId: first.alertId });
    expect((await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...victim, address: 'third' })).body.data.nbPotentialBS).toBe(2);
  });

  it('fails with the check-spelling key when the address cannot be placed', async () => {
    const { status, body } = await call(server, operator, 'POST', `${v2}/alertLaunch`, { address: 'Qwxzvkjh Plopplop 99999', alertType: 1 });
    expect(status).toBe(422);
    expect(body.msg).toBe('error.alert.address-not-found');
  });
});

describe('lists and tenancy', () => {
  it('lists the live alerts of the caller’s account subtree with close=0&status=2', async () => {
    const { codis63 } = await siteIds();
    const live = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(7), address: 'live', alertType: 3 })).body.data;
    const child = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(7), address: 'child site', alertType: 3, idSite: codis63 })).body.data;
    const draft = (await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...spot(7), address: 'draft' })).body.data.alert;
    const closed = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(7), address: 'closed', alertType: 3 })).body.data;
    await call(server, operator, 'POST', `${v2}/alertClose`, { alertId: closed.alertId });
    const list = (await call(server, operator, 'GET', `${v2}/alerts?close=0&status=2`)).body.data as { alertId: number; state: string }[];
    const ids = list.map((alert) => alert.alertId);
    expect(ids).toEqual(expect.arrayContaining([live.alertId, child.alertId]));
    expect(ids).not.toContain(draft.alertId);
    expect(ids).not.toContain(closed.alertId);
    expect(list.every((alert) => alert.state === 'live')).toBe(true);
    expect(child.idSite).toBe(codis63);
    const one = await call(server, operator, 'GET', `${v2}/alerts/${live.alertId}`);
    expect(one.body.data).toMatchObject({ alertId: live.alertId, address: 'live', alertType: 3 });
  });

  it('answers 404 for the alert of another account, and refuses to create one there', async () => {
    const { sdis03 } = await siteIds();
    const mine = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(8), address: 'SDIS 63 alert', alertType: 1 })).body.data;
    const admin = await server.signIn('admin@vigil.test');
    const switched = await server.app.inject({ method: 'GET', url: `/services/backOffice/account/thirdAccess/switch?idAccount=${sdis03}`, headers: { authorization: admin } });
    const elsewhere = `JWT ${switched.json().data.token}`;
    expect((await call(server, elsewhere, 'GET', `${v2}/alerts/${mine.alertId}`)).body).toEqual({ error: true, msg: 'error.not-found' });
    expect((await call(server, elsewhere, 'POST', `${v2}/alertClose`, { alertId: mine.alertId })).status).toBe(404);
    expect((await call(server, elsewhere, 'POST', `${v2}/alert/${mine.alertId}`, { ...spot(8), address: 'x' })).status).toBe(404);
    expect((await call(server, elsewhere, 'GET', `${v2}/citizenRespondersOnCall?alertId=${mine.alertId}&lang=fr`)).status).toBe(404);
    const theirs = (await call(server, elsewhere, 'GET', `${v2}/alerts?close=0`)).body.data as { alertId: number }[];
    expect(theirs.map((alert) => alert.alertId)).not.toContain(mine.alertId);
    const refused = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...spot(8), address: 'x', idSite: sdis03 });
    expect(refused).toEqual({ status: 403, body: { error: true, msg: 'error.alert.site-not-allowed' } });
  });

  it('makes an alert on site 0 a test alert of the caller’s account', async () => {
    const { sdis63 } = await siteIds();
    const { body } = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...spot(9), address: 'test', idSite: 0 });
    expect(body.data.alert).toMatchObject({ idSite: sdis63, test: true });
  });
});
