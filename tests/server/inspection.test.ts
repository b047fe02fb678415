import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addResponder, alertConfig, area, call, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

const v2 = '/services/emergency/v2';
const inspection = '/services/inspection/v1';
let server: TestServer;
let admin: string;
let operator: string;
let referent: string;

beforeAll(async () => {
  // Referents (group 7) are added to the inspector by configuration; operators are not.
  server = await startTestServer({ ...alertConfig(), INSPECTOR_GROUPS: '7' });
  admin = await server.signIn('admin@vigil.test');
  operator = await server.signIn('operator@vigil.test');
  referent = await server.signIn('referent@vigil.test');
});
afterAll(async () => server?.close());

const spot = offset(area, -30_000, 0);

describe('inspector access', () => {
  it('answers who may open the inspector: the super administrator, and the groups of INSPECTOR_GROUPS', async () => {
    expect((await call(server, admin, 'GET', `${inspection}/access`)).body.data).toEqual({ allowed: true });
    expect((await call(server, referent, 'GET', `${inspection}/access`)).body.data).toEqual({ allowed: true });
    expect((await call(server, operator, 'GET', `${inspection}/access`)).body.data).toEqual({ allowed: false });
  });

  it('refuses the charts to a group without the inspector, and to a caller without a session', async () => {
    expect((await call(server, operator, 'GET', `${inspection}/alerts`)).status).toBe(403);
    const anonymous = await server.app.inject({ method: 'GET', url: `${inspection}/alerts` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('domain charts of a live alert', () => {
  it('replays the alert and each responder request from the event log', async () => {
    const first = await addResponder(server, offset(spot, 50, 0));
    const second = await addResponder(server, offset(spot, 90, 0));
    const alert = (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot, address: 'inspected', alertType: 1 })).body.data as { alertId: number };

    const before = (await call(server, admin, 'GET', `${inspection}/alerts/${alert.alertId}`)).body.data;
    expect(before.alert).toMatchObject({ alertId: alert.alertId, state: 'live', consistent: true });
    expect(before.requests.map((request: { state: string }) => request.state)).toEqual(['available', 'available']);

    // The first responder accepts and walks to the victim; the second refuses.
    expect((await server.app.inject({ method: 'POST', url: `/services/responder/v1/alerts/${alert.alertId}/accept`, headers: { authorization: first.auth }, payload: {} })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'POST', url: `/services/responder/v1/alerts/${alert.alertId}/progress`, headers: { authorization: first.auth }, payload: { status: 'onTheWayVictim' } })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'POST', url: `/services/responder/v1/alerts/${alert.alertId}/refuse`, headers: { authorization: second.auth }, payload: {} })).statusCode).toBe(200);

    const { status, body } = await call(server, admin, 'GET', `${inspection}/alerts/${alert.alertId}`);
    expect(status).toBe(200);
    const byResponder = Object.fromEntries(body.data.requests.map((request: { responderId: number }) => [request.responderId, request]));
    expect(byResponder[first.responderId]).toMatchObject({ state: 'onTheWayVictim', consistent: true });
    expect(byResponder[first.responderId].steps.map((step: { state: string }) => step.state)).toEqual(['available', 'dispatched', 'onTheWayVictim']);
    expect(byResponder[second.responderId]).toMatchObject({ state: 'refused', consistent: true });
    expect(body.data.alert.steps.map((step: { event: string | null }) => step.event)).toEqual([null, 'alert.launch', 'responder.answer', 'responder.answer']);
    expect(body.data.anomalies).toEqual([]);
    // No personal data: responders are numbers.
    expect(JSON.stringify(body.data)).not.toContain('Responder');

    // Listed among the open alerts, then closed.
    expect((await call(server, admin, 'GET', `${inspection}/alerts`)).body.data.map((open: { alertId: number }) => open.alertId)).toContain(alert.alertId);
    expect((await call(server, operator, 'POST', `${v2}/alertClose`, { alertId: alert.alertId })).status).toBe(200);
    const closed = (await call(server, admin, 'GET', `${inspection}/alerts/${alert.alertId}`)).body.data;
    expect(closed.alert).toMatchObject({ state: 'closed', consistent: true });
  });

  it('answers 404 for an alert that does not exist', async () => {
    expect((await call(server, admin, 'GET', `${inspection}/alerts/999999`)).status).toBe(404);
  });
});
