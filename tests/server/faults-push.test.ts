import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFcmProvider } from '../../server/src/adapters/push/fcm';
import { createWebPushProvider } from '../../server/src/adapters/push/webpush';
import { addResponder, alertConfig, area, call, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';
import { newVapidKeys, providerConfig, startFakeFcm, startFakePushService } from './push-servers';

/**
 * Push services that take a message and never answer. Each send gives up at PUSH_TIMEOUT_MS with
 * a retryable error; the outbox row waits for its backoff and is sent on a later pass; an alert's
 * launch answers without waiting for any of it.
 */
const timeoutMs = 1000;
let fcm: Awaited<ReturnType<typeof startFakeFcm>>;
let push: Awaited<ReturnType<typeof startFakePushService>>;
const vapid = newVapidKeys();
let server: TestServer;
let operator: string;

beforeAll(async () => {
  fcm = await startFakeFcm();
  push = await startFakePushService(vapid.publicKey);
  server = await startTestServer({
    ...alertConfig(),
    ...providerConfig(fcm, vapid),
    PUSH_TIMEOUT_MS: timeoutMs,
  });
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => {
  await server?.close();
  await fcm?.close();
  await push?.close();
});

describe('a push service that hangs', () => {
  it('makes each provider give up at the time-out with a retryable error', async ({ annotate }) => {
    const mobile = createFcmProvider(fcm.serviceAccount, { endpoint: fcm.url, timeoutMs });
    fcm.state.hanging.add('stuck-phone');
    const phone = await mobile.send('stuck-phone', { title: 't', body: 'b' });
    expect(phone).toEqual({ ok: false, gone: false, retryable: true, error: `fcm.network: timed out after ${timeoutMs} ms` });

    const browser = createWebPushProvider(vapid, { timeoutMs });
    const subscription = push.subscribe('stuck-browser');
    push.state.hanging.add('stuck-browser');
    const started = performance.now();
    const sent = await browser.send(JSON.stringify(subscription), { title: 't', body: 'b' });
    expect(sent).toEqual({ ok: false, gone: false, retryable: true, error: `webpush.network: timed out after ${timeoutMs} ms` });
    // The error names the configured time-out; not before it, and a send left waiting would never end.
    const ms = performance.now() - started;
    await annotate(`web push gave up after ${Math.round(ms)} ms (PUSH_TIMEOUT_MS ${timeoutMs})`);
    expect(ms).toBeGreaterThanOrEqual(timeoutMs - 20);
    expect(push.state.received.filter((message) => message.id === 'stuck-browser')).toEqual([]);
  });

  it('answers the alert launch before the hanging sends give up, then retries the messages after their backoff', async () => {
    const victim = offset(area, 0, 60_000);
    const responders = [await addResponder(server, offset(victim, 40, 0)), await addResponder(server, offset(victim, 0, 80))];
    const devices = await server.ctx.database.query<{ id: number; push_token: string }>('SELECT id, push_token FROM responder_devices WHERE responder_id = ANY($1::int[]) ORDER BY id', [
      responders.map((responder) => responder.responderId),
    ]);
    const tokens = devices.map((device) => device.push_token);
    for (const token of tokens) fcm.state.hanging.add(token);

    const launched = await call(server, operator, 'POST', '/services/emergency/v2/alertLaunch', { ...victim, address: '1 place du Retard', alertType: 1 });
    fcm.state.events.push('launch answered');
    expect(launched.status).toBe(200);
    const alertId = launched.body.data.alertId as number;

    const outbox = () =>
      server.ctx.database.query<{ device_id: number; status: string; attempts: number; last_error: string | null; due_later: boolean }>(
        `SELECT device_id, status, attempts, last_error, next_attempt_at > now() AS due_later FROM push_outbox WHERE alert_id = $1 AND device_id = ANY($2::int[]) ORDER BY device_id`,
        [alertId, devices.map((device) => device.id)],
      );
    // Both sends given up at the time-out; the rows wait for their retry.
    await vi.waitFor(
      async () => {
        const rows = await outbox();
        expect(rows.map((row) => row.last_error)).toEqual(tokens.map(() => `fcm.network: timed out after ${timeoutMs} ms`));
      },
      { timeout: 10_000, interval: 100 },
    );
    const mine = (event: string) => tokens.some((token) => event.endsWith(`:${token}`));
    const events = fcm.state.events.filter((event) => event === 'launch answered' || mine(event));
    // The launch did not wait for the provider: it answered before any held send ended.
    expect(events.indexOf('launch answered')).toBeLessThan(events.findIndex((event) => event.startsWith('closed:')));
    expect((await outbox()).map(({ status, attempts, due_later }) => ({ status, attempts, due_later }))).toEqual(tokens.map(() => ({ status: 'pending', attempts: 1, due_later: true })));
    expect(fcm.state.received.filter((message) => tokens.includes(message.token))).toEqual([]);

    // The service answers again: a later pass sends each message, once, with nothing else to nudge it.
    for (const token of tokens) fcm.state.hanging.delete(token);
    await vi.waitFor(async () => expect((await outbox()).map((row) => row.status)).toEqual(tokens.map(() => 'sent')), { timeout: 30_000, interval: 250 });
    expect((await outbox()).map((row) => row.attempts)).toEqual(tokens.map(() => 2));
    expect(
      fcm.state.received
        .filter((message) => tokens.includes(message.token))
        .map((message) => message.token)
        .sort(),
    ).toEqual([...tokens].sort());
  });
});
