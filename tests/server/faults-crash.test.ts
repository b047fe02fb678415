import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/src/app';
import { createContext, startBackground, stopContext } from '../../server/src/bootstrap';
import type { AppContext } from '../../server/src/context';
import { startRelay } from './fault-relay';
import { startTestServer, type TestServer } from './harness';
import { providerConfig, startFakeFcm } from './push-servers';

/**
 * An instance dies while it sends a notification: one message is with FCM, unanswered, and the
 * others of its batch were answered. Another instance started afterwards on the same database
 * finishes the send, and each phone gets the message once (counted by the local FCM).
 *
 * The dead instance reaches PostgreSQL through a relay: its death is the relay going dark and its
 * open push connection closing, so that it can neither send nor record anything more, as a killed
 * process. PostgreSQL only: an embedded database belongs to one process.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const phones = Array.from({ length: 8 }, (_, index) => `crash-phone-${index}`);
/** The message with FCM, unanswered, when the instance dies. */
const stuck = phones[2];

interface Instance {
  app: FastifyInstance;
  ctx: AppContext;
}
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function startInstance(config: AppContext['config']): Promise<Instance> {
  const ctx = await createContext(config, pino({ level: 'silent' }) as FastifyBaseLogger);
  const instance = { ctx, app: await buildApp(ctx) };
  await startBackground(ctx);
  cleanups.push(async () => {
    await instance.app.close();
    await stopContext(instance.ctx);
  });
  return instance;
}

describe.skipIf(!serverUrl)('a crash during a notification send (PostgreSQL only; skipped without TEST_DATABASE_URL)', () => {
  it('is finished by the instance started afterwards, each message sent once', async () => {
    const fcm = await startFakeFcm();
    cleanups.push(() => fcm.close());
    // The database's owner: no jobs, no sends; the two instances below do the work.
    const owner: TestServer = await startTestServer({}, { background: false });
    cleanups.push(() => owner.close());
    const db = owner.ctx.database;
    const config = {
      ...owner.ctx.config,
      ...providerConfig(fcm),
      // The stuck message stays with FCM long enough for the rest of its batch to be recorded.
      PUSH_TIMEOUT_MS: 10_000,
      PUSH_LEASE_SECONDS: 5,
    } as AppContext['config'];

    // CODIS 63 has no activated responder of its own in the demo: these phones are the whole audience.
    const [{ id: site }] = await db.query<{ id: number }>(`SELECT id FROM accounts WHERE name LIKE 'CODIS 63%'`);
    for (const token of phones) {
      const [responder] = await db.query<{ id: number }>(
        `INSERT INTO responders (id_site, first_name, last_name, email, phone, account_status, language) VALUES ($1, 'Crash', $2, $3, '+33600000000', 'activated', 'fr') RETURNING id`,
        [site, token, `${token}@crash.vigil.test`],
      );
      await db.query(`INSERT INTO responder_devices (responder_id, os, push_token, build_version, udid, token_hash) VALUES ($1, 'android', $2, '816', $3, $4)`, [
        responder.id,
        token,
        token,
        createHash('sha256').update(token).digest('hex'),
      ]);
    }

    const relay = await startRelay(config.DATABASE_URL!);
    cleanups.push(() => relay.close());
    const doomed = await startInstance({ ...config, DATABASE_URL: relay.url });
    fcm.state.hanging.add(stuck);
    const admin = await owner.signIn('admin@vigil.test'); // a session token holds on every instance
    // Released four a second: the first four, the stuck one among them, go out as one batch.
    const posted = await doomed.app.inject({
      method: 'POST',
      url: '/services/backoffice/admin/notification/postAdminNotification',
      headers: { authorization: admin },
      payload: { title: 'Crash', message: 'Une fois.', idSite: site, osDevice: 'all', sendingType: 'multiple', fakeBatch: 4, messageType: 'information', language: 'fr', distribution: 'immediate' },
    });
    expect(posted.statusCode).toBe(200);
    const { id, recipients } = posted.json().data as { id: number; recipients: number };
    expect(recipients).toBe(phones.length);

    // The stuck message is with FCM and the other three of its batch were answered.
    const firstBatch = phones.slice(0, 4).filter((token) => token !== stuck);
    await vi.waitFor(
      () => {
        expect(fcm.state.events).toContain(`held:${stuck}`);
        expect(fcm.state.received.map((message) => message.token)).toEqual(expect.arrayContaining(firstBatch));
      },
      { timeout: 15_000, interval: 50 },
    );
    // Their answers recorded (what a killed process had written before it died).
    await vi.waitFor(
      async () => {
        const rows = await db.query<{ push_token: string }>(
          `SELECT d.push_token FROM push_outbox o JOIN responder_devices d ON d.id = o.device_id WHERE o.notification_id = $1 AND o.status = 'sent'`,
          [String(id)],
        );
        expect(rows.map((row) => row.push_token)).toEqual(expect.arrayContaining(firstBatch));
      },
      { timeout: 15_000, interval: 50 },
    );
    // The instance dies: no more database, and its connection to FCM closes unanswered.
    relay.blackhole();
    fcm.dropHeld();
    fcm.state.hanging.delete(stuck);

    await startInstance(config);
    await vi.waitFor(
      async () => {
        const [row] = await db.query<{ status: string }>('SELECT status FROM notifications WHERE id = $1', [id]);
        expect(row.status).toBe('sent');
      },
      { timeout: 60_000, interval: 250 },
    );
    const [row] = await db.query<{ sent_count: number; failed_count: number }>('SELECT sent_count, failed_count FROM notifications WHERE id = $1', [id]);
    expect(row).toEqual({ sent_count: phones.length, failed_count: 0 });
    const received = fcm.state.received.filter((message) => message.data.notificationId === String(id)).map((message) => message.token);
    expect(received.sort()).toEqual([...phones].sort());
    // The dead instance may have its database back now: nothing is left for it to send.
    relay.restore();
  }, 120_000);
});
