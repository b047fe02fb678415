import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addResponder, alertConfig, area, call, eventually, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

const v2 = '/services/emergency/v2';
let server: TestServer;
let operator: string;
let administrator: string;
const events: { eventMsg: string; data?: { alertId?: number } }[] = [];

beforeAll(async () => {
  server = await startTestServer(alertConfig());
  operator = await server.signIn('operator@vigil.test');
  administrator = await server.signIn('administrator@vigil.test');
  await server.ctx.database.listen('vigil_events', (payload) => events.push(JSON.parse(payload)));
});
afterAll(async () => server?.close());

const spot = (index: number) => offset(area, 20_000 * index, 0);
const refreshes = (alertId: number) => events.filter((event) => event.eventMsg === 'REFRESH_ALERTS' && event.data?.alertId === alertId).length;

async function launched(index: number, responders = 1) {
  const people = [];
  for (let n = 0; n < responders; n++) people.push(await addResponder(server, offset(spot(index), 40 + 40 * n, 0)));
  const alert = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(index), address: `alert ${index}`, alertType: 1 })).body.data;
  const cards = (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${alert.alertId}&lang=fr`)).body.data as { id: number; citizenResponderId: number; status: string }[];
  return { alert, people, cards };
}

const pushes = (alertId: number, kind: string) => server.ctx.database.query(`SELECT id FROM push_outbox WHERE alert_id = $1 AND kind = $2`, [alertId, kind]);

describe('address update', () => {
  it('moves a live alert a little, tells the responders and the account', async () => {
    const { alert } = await launched(1);
    const before = refreshes(alert.alertId);
    const target = offset(spot(1), 200, 0);
    const { status, body } = await call(server, operator, 'POST', `${v2}/alert/${alert.alertId}`, { ...target, address: 'next door', addressInfo: 'gate B' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ address: 'next door', addressInfo: 'gate B', lat: target.lat, state: 'live', distance: 0.2 });
    expect(await pushes(alert.alertId, 'ALERT_UPDATED')).toHaveLength(1);
    expect(await eventually(() => refreshes(alert.alertId) > before)).toBe(true);
  });

  it('refuses a move beyond 0.3 km of a live alert: close it and create a new intervention', async () => {
    const { alert } = await launched(2);
    const { status, body } = await call(server, operator, 'POST', `${v2}/alert/${alert.alertId}`, { ...offset(spot(2), 400, 0), address: 'too far' });
    expect(status).toBe(422);
    expect(body).toMatchObject({ error: true, msg: 'error.alert.address-too-far', details: { distanceKm: 0.4, maxKm: 0.3 } });
    expect((await call(server, operator, 'GET', `${v2}/alerts/${alert.alertId}`)).body.data).toMatchObject({ address: 'alert 2', lat: spot(2).lat });
  });

  it('lets a draft move anywhere', async () => {
    const draft = (await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...spot(3), address: 'draft' })).body.data.alert;
    const { status, body } = await call(server, operator, 'POST', `${v2}/alert/${draft.alertId}`, { ...offset(spot(3), 5000, 0), address: 'elsewhere' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ state: 'settingUp', distance: 5 });
  });
});

describe('details of a live alert', () => {
  const kinds = async (alertId: number) => (await server.ctx.database.query<{ kind: string; payload: Record<string, unknown> }>(`SELECT kind, payload FROM alert_events WHERE alert_id = $1 ORDER BY id`, [alertId])).filter((row) => row.kind === 'addressChanged' || row.kind === 'detailsChanged');

  it('changes only the details when the place sent is the alert\'s own: logged as such, the place and its last move kept, the responders told', async () => {
    const { alert } = await launched(21);
    const moved = offset(spot(21), 100, 0);
    const after = (await call(server, operator, 'POST', `${v2}/alert/${alert.alertId}`, { ...moved, address: 'porch', addressInfo: '5th floor' })).body.data;
    const { status, body } = await call(server, operator, 'POST', `${v2}/alert/${alert.alertId}`, { lat: after.lat, lon: after.lon, address: after.address, addressInfo: '5th floor, code 9876' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ address: 'porch', addressInfo: '5th floor, code 9876', lat: after.lat, lon: after.lon, distance: after.distance, precision: after.precision, state: 'live' });
    expect((await kinds(alert.alertId)).map((row) => [row.kind, row.payload.to])).toEqual([
      ['addressChanged', expect.objectContaining({ address: 'porch' })],
      ['detailsChanged', '5th floor, code 9876'],
    ]);
    expect(await pushes(alert.alertId, 'ALERT_UPDATED')).toHaveLength(2);
    // The same details again change nothing and tell nobody.
    await call(server, operator, 'POST', `${v2}/alert/${alert.alertId}`, { lat: after.lat, lon: after.lon, address: after.address, addressInfo: '5th floor, code 9876' });
    expect(await kinds(alert.alertId)).toHaveLength(2);
    expect(await pushes(alert.alertId, 'ALERT_UPDATED')).toHaveLength(2);
    const chronology = (await call(server, administrator, 'GET', `/services/backoffice/alert/getAlertChronology/${alert.alertId}`)).body.data;
    expect(chronology.entries.find((entry: { kind: string }) => entry.kind === 'detailsChanged')).toMatchObject({ details: { from: '5th floor', to: '5th floor, code 9876' } });
  });

  it('refuses details on a closed alert, keeping what was saved', async () => {
    const { alert } = await launched(22);
    await call(server, operator, 'POST', `${v2}/alert/${alert.alertId}`, { ...spot(22), address: alert.address, addressInfo: 'gate B' });
    await call(server, operator, 'POST', `${v2}/alertClose`, { alertId: alert.alertId });
    const { status, body } = await call(server, operator, 'POST', `${v2}/alert/${alert.alertId}`, { ...spot(22), address: alert.address, addressInfo: 'too late' });
    expect([status, body.msg]).toEqual([409, 'error.alert.closed']);
    expect((await call(server, operator, 'GET', `${v2}/alerts/${alert.alertId}`)).body.data).toMatchObject({ addressInfo: 'gate B', state: 'closed' });
  });
});

describe('close', () => {
  it('closes by a user, says who, notifies the responders, and refuses a second close saying who closed it', async () => {
    const { alert } = await launched(4, 2);
    const closed = await call(server, operator, 'POST', `${v2}/alertClose`, { alertId: alert.alertId });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ state: 'closed', status: 3, close: 1, closeReason: 'user', closedBy: { firstName: 'Olivier', lastName: 'Bernard' }, contactStatus: 'toDo' });
    expect(closed.body.data.closedAt).not.toBeNull();
    expect(await pushes(alert.alertId, 'ALERT_CLOSED')).toHaveLength(2);
    const again = await call(server, administrator, 'POST', `${v2}/alertClose`, { alertId: alert.alertId });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ msg: 'error.alert.closed', details: { closeReason: 'user', closedBy: { firstName: 'Olivier' } } });
    const closes = await server.ctx.database.query(`SELECT id FROM alert_events WHERE alert_id = $1 AND kind = 'closed'`, [alert.alertId]);
    expect(closes).toHaveLength(1);
  });

  it('closes an abandoned draft without pushing anything', async () => {
    const draft = (await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...spot(5), address: 'abandoned' })).body.data.alert;
    const closed = await call(server, operator, 'POST', `${v2}/alertClose`, { alertId: draft.alertId });
    expect(closed.body.data).toMatchObject({ state: 'closed', date: null });
    expect(await pushes(draft.alertId, 'ALERT_CLOSED')).toHaveLength(0);
  });
});

describe('illegal transitions answer 409 with a key', () => {
  it('on a closed alert', async () => {
    const { alert, cards } = await launched(6);
    await call(server, operator, 'POST', `${v2}/alertClose`, { alertId: alert.alertId });
    const attempts = [
      await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { alertId: alert.alertId, ...spot(6), address: 'x' }),
      await call(server, operator, 'POST', `${v2}/alertLaunch`, { alertId: alert.alertId, ...spot(6), address: 'x', alertType: 1 }),
      await call(server, operator, 'POST', `${v2}/alert/${alert.alertId}`, { ...spot(6), address: 'x' }),
      await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId: alert.alertId, id: cards[0].id }),
      await call(server, operator, 'POST', `${v2}/startCitizenResponder`, { alertId: alert.alertId, id: cards[0].id }),
    ];
    for (const attempt of attempts) expect([attempt.status, attempt.body.msg]).toEqual([409, 'error.alert.closed']);
  });

  it('on a live alert: no second launch or set-up', async () => {
    const { alert } = await launched(7);
    expect((await call(server, operator, 'POST', `${v2}/alertLaunch`, { alertId: alert.alertId, ...spot(7), address: 'x', alertType: 1 })).body.msg).toBe('error.alert.already-launched');
    expect((await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { alertId: alert.alertId, ...spot(7), address: 'x' })).body.msg).toBe('error.alert.already-launched');
  });

  it('on a draft: no responder to stop', async () => {
    const draft = (await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...spot(8), address: 'draft' })).body.data.alert;
    const stop = await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId: draft.alertId, id: 1 });
    expect([stop.status, stop.body.msg]).toEqual([409, 'error.alert.not-launched']);
  });
});

describe('stop and start a responder', () => {
  it('moves the request along the chart and answers the new list', async () => {
    const { alert, cards, people } = await launched(9, 2);
    const target = cards.find((card) => card.citizenResponderId === people[0].responderId)!;
    const stopped = await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId: alert.alertId, id: target.id });
    expect(stopped.status).toBe(200);
    expect(stopped.body.data).toHaveLength(2);
    expect(stopped.body.data.find((card: { id: number }) => card.id === target.id)).toMatchObject({ status: 'stopped', duration: null });
    expect(await pushes(alert.alertId, 'STOPPED')).toHaveLength(1);
    const twice = await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId: alert.alertId, id: target.id });
    expect([twice.status, twice.body.msg]).toEqual([409, 'error.responder.already-stopped']);
    const started = await call(server, operator, 'POST', `${v2}/startCitizenResponder`, { alertId: alert.alertId, id: target.id });
    const card = started.body.data.find((entry: { id: number }) => entry.id === target.id);
    expect(card.status).toBe('available');
    expect(card.statusHistory.map((entry: { status: string }) => entry.status)).toEqual(['available', 'stopped', 'available']);
    expect(card.statusHistory[1].by).toMatch(/^user:\d+$/);
    const startTwice = await call(server, operator, 'POST', `${v2}/startCitizenResponder`, { alertId: alert.alertId, id: target.id });
    expect([startTwice.status, startTwice.body.msg]).toEqual([409, 'error.responder.not-stopped']);
  });

  it('cannot stop someone who refused, nor a request of another alert', async () => {
    const { alert, cards, people } = await launched(10);
    await server.app.inject({ method: 'POST', url: `/services/responder/v1/alerts/${alert.alertId}/refuse`, headers: { authorization: people[0].auth }, payload: {} });
    const refusedStop = await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId: alert.alertId, id: cards[0].id });
    expect([refusedStop.status, refusedStop.body.msg]).toEqual([409, 'error.responder.not-active']);
    const other = await launched(11);
    const mismatch = await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId: alert.alertId, id: other.cards[0].id });
    expect([mismatch.status, mismatch.body.msg]).toEqual([404, 'error.alert.responder-not-on-alert']);
  });
});
