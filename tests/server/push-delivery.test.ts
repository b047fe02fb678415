import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushRouter } from '../../server/src/modules/notifications/push-router';
import { startTestServer, type TestServer } from './harness';
import { newVapidKeys, providerConfig, startFakeFcm, startFakePushService } from './push-servers';

/**
 * Notifications delivered through the outbox to the real protocols: FCM HTTP v1 for Android and
 * iOS, Web Push for browsers, each played by a local server.
 */
let server: TestServer;
let admin: string;
let fcm: Awaited<ReturnType<typeof startFakeFcm>>;
let push: Awaited<ReturnType<typeof startFakePushService>>;
const vapid = newVapidKeys();
let site: number;
const devices: Record<string, number> = {};

async function addPhone(name: string, os: string, pushToken: string) {
  const db = server.ctx.database;
  const [responder] = await db.query<{ id: number }>(
    `INSERT INTO responders (id_site, first_name, last_name, email, phone, account_status, language) VALUES ($1, $2, 'Push', $3, '+33600000000', 'activated', 'fr') RETURNING id`,
    [site, name, `${name.toLowerCase()}@push.vigil.test`],
  );
  const [device] = await db.query<{ id: number }>(
    `INSERT INTO responder_devices (responder_id, os, push_token, build_version, udid, token_hash) VALUES ($1, $2, $3, '816', $4, $5) RETURNING id`,
    [responder.id, os, pushToken, `push-${name.toLowerCase()}`, createHash('sha256').update(randomBytes(16)).digest('hex')],
  );
  devices[name] = device.id;
}

async function waitForStatus(id: number, statuses: string[]) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await server.ctx.database.query<{ status: string; recipients: number; sent_count: number; failed_count: number }>('SELECT status, recipients, sent_count, failed_count FROM notifications WHERE id = $1', [id]);
    if (statuses.includes(row.status) || Date.now() > deadline) return row;
    await sleep(250);
  }
}

const send = (payload: object) =>
  server.app.inject({
    method: 'POST',
    url: '/services/backoffice/admin/notification/postAdminNotification',
    headers: { authorization: admin },
    payload: { idSite: site, osDevice: 'all', sendingType: 'multiple', fakeBatch: 100, messageType: 'information', language: 'fr', distribution: 'immediate', ...payload },
  });

beforeAll(async () => {
  fcm = await startFakeFcm();
  push = await startFakePushService(vapid.publicKey);
  server = await startTestServer({
    ...providerConfig(fcm, vapid),
  });
  admin = await server.signIn('admin@vigil.test');
  // CODIS 63 has no activated responder of its own in the demo: these phones are the whole audience.
  [{ id: site }] = await server.ctx.database.query<{ id: number }>(`SELECT id FROM accounts WHERE name LIKE 'CODIS 63%'`);
  await addPhone('Ana', 'android', 'fcm-token-ana');
  await addPhone('Ivo', 'ios', 'fcm-token-ivo');
  await addPhone('Gus', 'android', 'gone-token-gus');
  await addPhone('Wes', 'web', JSON.stringify(push.subscribe('wes')));
  const old = push.subscribe('oli');
  push.unsubscribe('oli');
  await addPhone('Oli', 'web', JSON.stringify(old));
});
afterAll(async () => {
  await server?.close();
  await fcm?.close();
  await push?.close();
});

describe('delivery through FCM and Web Push', () => {
  it('sends each device through the provider of its OS, records each result, and forgets dead tokens', async () => {
    const response = await send({ title: 'Alerte canicule', message: 'Pensez à vous hydrater.', url: 'https://vigil.test/canicule' });
    expect(response.statusCode).toBe(200);
    const { id, recipients } = response.json().data;
    expect(recipients).toBe(5);
    const row = await waitForStatus(id, ['sent', 'sentBlocked']);
    expect(row).toMatchObject({ status: 'sent', recipients: 5, sent_count: 3, failed_count: 2 });

    const mine = fcm.state.received.filter((message) => message.data.notificationId === String(id));
    expect(mine.map((message) => message.token).sort()).toEqual(['fcm-token-ana', 'fcm-token-ivo']);
    expect(mine[0]).toMatchObject({ title: 'Alerte canicule', body: 'Pensez à vous hydrater.', data: { kind: 'notification', url: 'https://vigil.test/canicule' } });
    expect(push.state.received.filter((message) => message.id === 'wes')).toEqual([
      { id: 'wes', payload: { title: 'Alerte canicule', body: 'Pensez à vous hydrater.', url: 'https://vigil.test/canicule', data: { kind: 'notification', notificationId: String(id), messageType: 'information' } }, ttl: '86400', urgency: 'high' },
    ]);

    const outcomes = await server.ctx.database.query<{ device_id: number; status: string; provider: string; last_error: string | null; provider_message_id: string | null }>(
      `SELECT device_id, status, provider, last_error, provider_message_id FROM push_outbox WHERE notification_id = $1 ORDER BY device_id`,
      [String(id)],
    );
    const byDevice = Object.fromEntries(outcomes.map((outcome) => [outcome.device_id, outcome]));
    expect(byDevice[devices.Ana]).toMatchObject({ status: 'sent', provider: 'fcm', provider_message_id: expect.stringMatching(/^projects\/vigil-test\/messages\//) });
    expect(byDevice[devices.Wes]).toMatchObject({ status: 'sent', provider: 'webpush', provider_message_id: expect.stringContaining('/message/') });
    expect(byDevice[devices.Gus]).toMatchObject({ status: 'failed', provider: 'fcm', last_error: 'fcm.UNREGISTERED' });
    expect(byDevice[devices.Oli]).toMatchObject({ status: 'failed', provider: 'webpush', last_error: 'webpush.410' });
    const tokens = await server.ctx.database.query<{ id: number; push_token: string | null }>('SELECT id, push_token FROM responder_devices WHERE id = ANY($1::int[])', [[devices.Gus, devices.Oli, devices.Ana]]);
    expect(Object.fromEntries(tokens.map((token) => [token.id, token.push_token]))).toEqual({ [devices.Gus]: null, [devices.Oli]: null, [devices.Ana]: 'fcm-token-ana' });
    expect(fcm.state.tokenExchanges).toBe(1);
  });

  it('ends as sent with process blocked when nothing could be handed over', async () => {
    await addPhone('Dan', 'android', 'gone-token-dan');
    const response = await send({ title: 'Seul', message: 'Pour Dan.', sendingType: 'single', udid: 'push-dan' });
    const { id } = response.json().data;
    const row = await waitForStatus(id, ['sent', 'sentBlocked']);
    expect(row).toMatchObject({ status: 'sentBlocked', recipients: 1, sent_count: 0, failed_count: 1 });
    const listed = await server.app.inject({ url: `/services/backoffice/admin/notification/getAdminNotifications?idSite=${site}`, headers: { authorization: admin } });
    expect(listed.json().data.list.find((item: { id: number }) => item.id === id)).toMatchObject({ statusGroup: 'sentBlocked', actions: { play: true } });
  });

  it('sends the form’s test message to a tester’s browser', async () => {
    await server.ctx.database.query(
      `INSERT INTO testers (responder_id, device_id, udid, name, phone) SELECT responder_id, id, udid, 'Wes Push', '+33600000000' FROM responder_devices WHERE id = $1`,
      [devices.Wes],
    );
    const [tester] = await server.ctx.database.query<{ id: number }>('SELECT id FROM testers WHERE device_id = $1', [devices.Wes]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/services/backoffice/admin/notification/launchTestNotificationPush',
      headers: { authorization: admin },
      payload: { idTester: tester.id, idSite: site, osDevice: 'web', language: 'fr', buildVersion: '816', message: 'Essai navigateur', title: 'Essai' },
    });
    expect(response.json()).toEqual({ data: { queued: 1, udid: 'push-wes', status: 'sent' } });
    expect(push.state.received.at(-1)).toMatchObject({ id: 'wes', payload: { title: 'Essai', body: 'Essai navigateur', data: { kind: 'test' } }, ttl: '600' });
  });
});

describe('provider routing from the configuration', () => {
  const config = { DATA_DIR: 'memory://', FCM_SERVICE_ACCOUNT_JSON: undefined, FCM_SERVICE_ACCOUNT_FILE: undefined, FCM_ENDPOINT: undefined, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined };
  const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

  it('routes phones to FCM, browsers to Web Push, and the rest to the log provider or to a failure', async () => {
    const both = createPushRouter({ config: { ...config, PUSH_PROVIDER: 'fcm,webpush', FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(fcm.serviceAccount), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: vapid.subject } as never, log: silent });
    expect([both('android').name, both('ios').name, both('web').name]).toEqual(['fcm', 'fcm', 'webpush']);
    expect(await both('symbian').send('x', { title: 't', body: 'b' })).toEqual({ ok: false, gone: false, retryable: false, error: 'no-provider' });
    const fcmAndLog = createPushRouter({ config: { ...config, PUSH_PROVIDER: 'fcm,log', FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(fcm.serviceAccount) } as never, log: silent });
    expect([fcmAndLog('android').name, fcmAndLog('web').name]).toEqual(['fcm', 'log']);
    const embedded = createPushRouter({ config: { ...config, PUSH_PROVIDER: 'log' } as never, log: silent });
    expect([embedded('android').name, embedded('web').name]).toEqual(['log', 'log']);
  });

  it('stops the start when a listed provider has no settings', () => {
    expect(() => createPushRouter({ config: { ...config, PUSH_PROVIDER: 'webpush' } as never, log: silent })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => createPushRouter({ config: { ...config, PUSH_PROVIDER: 'fcm' } as never, log: silent })).toThrow(/FCM_SERVICE_ACCOUNT/);
  });
});
