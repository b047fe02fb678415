import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushQueuedAfterAnswer } from '../../server/src/modules/alerts/queued-after-answer';
import { addResponder, alertConfig, area, call, eventually, offset, type TestResponder } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * The automatic escalation of a live alert: fewer than 2 accepted 2 s after the launch (then after
 * each step), the radius widens by 0.2 km up to 0.8 km and the responders of the new ring are
 * alerted, once each; the steps are in the chronology and the inspector; a step survives a restart;
 * nothing happens when it is off (the default), when enough accepted, or once the alert is closed.
 */
const v2 = '/services/emergency/v2';
const escalating = alertConfig({ ALERT_ESCALATION_ENABLED: true, ALERT_ESCALATION_MIN_ACCEPTED: 2, ALERT_ESCALATION_AFTER_SECONDS: 2, ALERT_ESCALATION_STEP_KM: 0.2, ALERT_ESCALATION_MAX_KM: 0.8 });
let server: TestServer;
let operator: string;

beforeAll(async () => {
  server = await startTestServer(escalating);
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => server?.close());

// Each test has its own place, 20 km from the others, beyond any radius.
const spot = (index: number) => offset(area, 0, 20_000 * index);
const north = (index: number, metres: number) => offset(spot(index), metres, 0);

const launch = async (index: number) => (await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...spot(index), address: `escalation ${index}`, alertType: 1 })).body.data as { alertId: number };
const requestsOf = (alertId: number) =>
  server.ctx.database.query<{ responder_id: number; status: string; rank: number }>(`SELECT responder_id, status, rank FROM alert_requests WHERE alert_id = $1 ORDER BY rank`, [alertId]);
const stepsOf = (alertId: number) =>
  server.ctx.database.query<{ actor_type: string; payload: { step: number; fromKm: number; toKm: number; nbRequests: number; accepted: number } }>(
    `SELECT actor_type, payload FROM alert_events WHERE alert_id = $1 AND kind = 'escalated' ORDER BY id`,
    [alertId],
  );
/** Waits until no escalation job of the alert is waiting or running: every step it was due has run. */
async function escalationSettled(alertId: number): Promise<boolean> {
  await flushQueuedAfterAnswer(server.ctx);
  return eventually(async () => {
    const [{ open }] = await server.ctx.database.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM pgboss.job WHERE name = 'alert.escalation' AND (data->>'alertId')::int = $1 AND state IN ('created', 'retry', 'active')`,
      [alertId],
    );
    return open === 0;
  }, 30_000);
}
const answer = (responder: TestResponder, alertId: number, verb: 'accept' | 'refuse') =>
  server.app.inject({ method: 'POST', url: `/services/responder/v1/alerts/${alertId}/${verb}`, headers: { authorization: responder.auth }, payload: {} });

describe('automatic escalation', () => {
  it('widens the radius step by step up to its maximum, alerting each new ring once', async () => {
    const inside = await addResponder(server, north(1, 100));
    const refuser = await addResponder(server, north(1, 300));
    const ring1 = await addResponder(server, north(1, 500));
    const ring2 = await addResponder(server, north(1, 700));
    const beyond = await addResponder(server, north(1, 900));
    const alert = await launch(1);
    expect((await requestsOf(alert.alertId)).map((row) => row.responder_id)).toEqual([inside.responderId, refuser.responderId]);
    // Refused, then moved into the first ring: not alerted a second time.
    expect((await answer(refuser, alert.alertId, 'refuse')).statusCode).toBe(200);
    await server.app.inject({ method: 'PUT', url: '/services/responder/v1/position', headers: { authorization: refuser.auth }, payload: { ...north(1, 550), available: true } });

    expect(await eventually(async () => (await stepsOf(alert.alertId)).length === 2, 30_000)).toBe(true);
    expect(await escalationSettled(alert.alertId)).toBe(true);

    expect((await stepsOf(alert.alertId)).map((row) => ({ by: row.actor_type, ...row.payload }))).toEqual([
      expect.objectContaining({ by: 'system', step: 1, fromKm: 0.4, toKm: 0.6, nbRequests: 1, accepted: 0 }),
      expect.objectContaining({ by: 'system', step: 2, fromKm: 0.6, toKm: 0.8, nbRequests: 1, accepted: 0 }),
    ]);
    const requests = await requestsOf(alert.alertId);
    expect(requests.map((row) => [row.responder_id, row.status, row.rank])).toEqual([
      [inside.responderId, 'available', 0],
      [refuser.responderId, 'refused', 1],
      [ring1.responderId, 'available', 2],
      [ring2.responderId, 'available', 3],
    ]);
    expect(requests.map((row) => row.responder_id)).not.toContain(beyond.responderId);
    // The push delivery writes each new request's ALERT, as for a launch.
    const pushed = () => server.ctx.database.query<{ responder_id: number }>(`SELECT responder_id FROM push_outbox WHERE alert_id = $1 AND kind = 'ALERT' ORDER BY responder_id`, [alert.alertId]);
    expect(await eventually(async () => (await pushed()).length === 4, 10_000)).toBe(true);
    expect((await pushed()).map((row) => row.responder_id)).toEqual([inside.responderId, refuser.responderId, ring1.responderId, ring2.responderId].sort((a, b) => a - b));

    const shown = (await call(server, operator, 'GET', `${v2}/alerts/${alert.alertId}`)).body.data;
    expect(shown).toMatchObject({ state: 'live', distanceMax: 0.8, nbRequests: 4 });
    expect(shown.escalations).toEqual([expect.objectContaining({ step: 1, radiusKm: 0.6, nbRequests: 1 }), expect.objectContaining({ step: 2, radiusKm: 0.8, nbRequests: 1 })]);

    const administrator = await server.signIn('administrator@vigil.test');
    const chronology = (await call(server, administrator, 'GET', `/services/backoffice/alert/getAlertChronology/${alert.alertId}`)).body.data;
    const lines = chronology.entries.filter((entry: { kind: string }) => entry.kind === 'escalated');
    expect(lines).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ type: 'system' }), details: expect.objectContaining({ step: 1, toKm: 0.6 }) }),
      expect.objectContaining({ details: expect.objectContaining({ step: 2, toKm: 0.8 }) }),
    ]);
    const inspector = await server.signIn('admin@vigil.test');
    const inspected = (await call(server, inspector, 'GET', `/services/inspection/v1/alerts/${alert.alertId}`)).body.data;
    expect(inspected.alert.steps.map((step: { event: string | null }) => step.event).filter((event: string | null) => event === 'alert.escalate')).toHaveLength(2);
    expect(inspected.alert).toMatchObject({ state: 'live', consistent: true });
    expect(inspected.anomalies).toEqual([]);
  });

  it('does not widen when enough responders have accepted', async () => {
    const first = await addResponder(server, north(2, 100));
    const second = await addResponder(server, north(2, 200));
    const ring = await addResponder(server, north(2, 500));
    const alert = await launch(2);
    expect((await answer(first, alert.alertId, 'accept')).statusCode).toBe(200);
    expect((await answer(second, alert.alertId, 'accept')).statusCode).toBe(200);
    expect(await escalationSettled(alert.alertId)).toBe(true);
    expect(await stepsOf(alert.alertId)).toEqual([]);
    expect((await requestsOf(alert.alertId)).map((row) => row.responder_id)).not.toContain(ring.responderId);
  });

  it('stops once the alert is closed', async () => {
    await addResponder(server, north(3, 100));
    const ring = await addResponder(server, north(3, 500));
    const alert = await launch(3);
    expect((await call(server, operator, 'POST', `${v2}/alertClose`, { alertId: alert.alertId })).status).toBe(200);
    expect(await escalationSettled(alert.alertId)).toBe(true);
    expect(await stepsOf(alert.alertId)).toEqual([]);
    expect((await requestsOf(alert.alertId)).map((row) => row.responder_id)).not.toContain(ring.responderId);
    expect((await call(server, operator, 'GET', `${v2}/alerts/${alert.alertId}`)).body.data).toMatchObject({ distanceMax: 0.4, escalations: [] });
  });
});

describe('across restarts', () => {
  it('takes a step due while the server was stopped; once off (the default), queues nothing', async () => {
    await addResponder(server, north(4, 100));
    const ring = await addResponder(server, north(4, 500));
    const alert = await launch(4);
    let stoppedAt = Number.POSITIVE_INFINITY;
    await server.restart(escalating, () => {
      stoppedAt = Date.now();
    });
    expect(await eventually(async () => (await stepsOf(alert.alertId)).length >= 1, 30_000)).toBe(true);
    const [step] = await server.ctx.database.query<{ at: Date }>(`SELECT at FROM alert_events WHERE alert_id = $1 AND kind = 'escalated' ORDER BY id LIMIT 1`, [alert.alertId]);
    expect(new Date(step.at).getTime()).toBeGreaterThanOrEqual(stoppedAt);
    expect((await requestsOf(alert.alertId)).map((row) => row.responder_id)).toContain(ring.responderId);

    await server.restart(alertConfig());
    operator = await server.signIn('operator@vigil.test');
    const plain = await launch(5);
    await flushQueuedAfterAnswer(server.ctx);
    const queued = (name: string) => server.ctx.database.query(`SELECT id FROM pgboss.job WHERE name = $1 AND (data->>'alertId')::int = $2`, [name, plain.alertId]);
    expect(await queued('alert.escalation')).toEqual([]);
    // The auto-close of the same launch was queued: the check above is not vacuous.
    expect(await queued('alert.auto-close')).toHaveLength(1);
  });
});
