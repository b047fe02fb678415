import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { createContext, startBackground, stopContext } from '../../server/src/bootstrap';
import type { AppContext } from '../../server/src/context';
import type { Database } from '../../server/src/db/database';
import { startTestServer, type TestServer } from './harness';

/** A second instance life: a new context and app on the same database, as after a restart (its jobs started unless told not to). */
async function restart(config: AppContext['config'], { background = true } = {}): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const ctx = await createContext(config, pino({ level: 'silent' }) as FastifyBaseLogger);
  const app = await buildApp(ctx);
  if (background) await startBackground(ctx);
  return { app, ctx };
}

const running: Array<{ app: FastifyInstance; ctx: AppContext }> = [];
const databaseUrls = new Set<string>();
afterAll(async () => {
  for (const instance of running.splice(0)) {
    await instance.app.close();
    await stopContext(instance.ctx);
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  for (const url of databaseUrls) await client.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await client.end();
});

async function stop(instance: { app: FastifyInstance; ctx: AppContext }): Promise<void> {
  running.splice(running.indexOf(instance), 1);
  await instance.app.close();
  await stopContext(instance.ctx);
}

/**
 * Programs a notification to the public app's trained French Android responders `secondsAhead` from
 * the moment it is sent (after the sign-in, which a busy machine may make slow).
 */
async function programme(server: TestServer, secondsAhead: number): Promise<{ id: number; publicApp: number; date: string }> {
  const admin = await server.signIn('admin@vigil.test');
  const [{ id: publicApp }] = await server.ctx.database.query<{ id: number }>(`SELECT id FROM accounts WHERE name = 'Vigil public app'`);
  const date = new Date(Date.now() + secondsAhead * 1000).toISOString();
  const response = await server.app.inject({
    method: 'POST',
    url: '/services/backoffice/admin/notification/postAdminNotification',
    headers: { authorization: admin },
    payload: {
      title: 'Programmée',
      idSite: publicApp,
      osDevice: 'android',
      sendingType: 'multiple',
      fakeBatch: 1000,
      messageType: 'event',
      language: 'fr',
      message: 'Rendez-vous à 18 h.',
      distribution: 'programmed',
      programmedDate: date,
      filter: [{ field: 'trainedStatus', operator: 'eq', value: 'trained' }],
    },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().data).toMatchObject({ status: 'planned', programmedDate: date, recipients: 0 });
  return { id: response.json().data.id, publicApp, date };
}

/** Waits for the notification to be sent, then checks it went out once: one message per device, one start job. */
async function expectSentOnce(db: Database, id: number, publicApp: number, date: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let row: { status: string; recipients: number; sent_count: number; started_at: Date } | undefined;
  for (;;) {
    [row] = await db.query<{ status: string; recipients: number; sent_count: number; started_at: Date }>('SELECT status, recipients, sent_count, started_at FROM notifications WHERE id = $1', [id]);
    if (row.status === 'sent' || Date.now() > deadline) break;
    await sleep(250);
  }
  expect(row!.status).toBe('sent');
  expect(new Date(row!.started_at).getTime()).toBeGreaterThanOrEqual(Date.parse(date) - 1000);
  const [expected] = await db.query<{ devices: number }>(
    `SELECT count(*)::int AS devices FROM responder_devices d JOIN responders r ON r.id = d.responder_id
      WHERE d.active AND d.push_token IS NOT NULL AND NOT r.is_bot AND r.id_site = $1 AND d.os = 'android'
        AND r.account_status = 'activated' AND r.language = 'fr' AND r.trained_status = 'trained'`,
    [publicApp],
  );
  expect(expected.devices).toBeGreaterThan(0);
  expect(row).toMatchObject({ recipients: expected.devices, sent_count: expected.devices });
  const [messages] = await db.query<{ total: number; devices: number }>(
    `SELECT count(*)::int AS total, count(DISTINCT device_id)::int AS devices FROM push_outbox WHERE notification_id = $1`,
    [String(id)],
  );
  expect(messages).toEqual({ total: expected.devices, devices: expected.devices });
  const jobs = await db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'notification.start' AND data->>'id' = $1`, [String(id)]);
  expect(jobs.map((job) => job.state)).toEqual(['completed']);
}

describe('programmed notification', () => {
  it('is sent at its date by the durable job, once, although the server restarted in between', async () => {
    const server = await startTestServer();
    running.push(server);
    if (server.ctx.config.DATABASE_URL) databaseUrls.add(server.ctx.config.DATABASE_URL);
    // Far enough ahead for the instance to stop before it, on a slow machine too.
    const { id, publicApp, date } = await programme(server, 8);

    // The instance stops before the date; the date passes while none runs.
    await stop(server);
    await sleep(Math.max(0, Date.parse(date) - Date.now()) + 500);

    const restarted = await restart(server.ctx.config, { background: false });
    running.push(restarted);
    // Nothing was sent by the stopped instance: still planned, nothing in the outbox, its start job waiting.
    const [notification] = await restarted.ctx.database.query<{ status: string }>('SELECT status FROM notifications WHERE id = $1', [id]);
    expect(notification.status).toBe('planned');
    const [{ messages }] = await restarted.ctx.database.query<{ messages: number }>('SELECT count(*)::int AS messages FROM push_outbox WHERE notification_id = $1', [String(id)]);
    expect(messages).toBe(0);
    const jobs = await restarted.ctx.database.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'notification.start' AND data->>'id' = $1`, [String(id)]);
    expect(jobs.map((job) => job.state)).toEqual(['created']);
    // Its jobs started, the restarted instance sends it.
    await startBackground(restarted.ctx);
    await expectSentOnce(restarted.ctx.database, id, publicApp, date);
  }, 240_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('is sent once when two instances share one PostgreSQL database (skipped without TEST_DATABASE_URL)', async () => {
    const a = await startTestServer();
    running.push(a);
    databaseUrls.add(a.ctx.config.DATABASE_URL!);
    // Instance B: its own process state, the same database; both run the durable jobs and race for them.
    const b = await restart(a.ctx.config);
    running.push(b);
    const { id, publicApp, date } = await programme(a, 3);
    await expectSentOnce(b.ctx.database, id, publicApp, date);
  }, 240_000);
});
