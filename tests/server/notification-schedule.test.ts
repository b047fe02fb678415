import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { createContext, startBackground, stopContext } from '../../server/src/bootstrap';
import type { AppContext } from '../../server/src/context';
import { startTestServer } from './harness';

/** A second instance life: a new context and app on the same database, as after a restart. */
async function restart(config: AppContext['config']): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const ctx = await createContext(config, pino({ level: 'silent' }) as FastifyBaseLogger);
  const app = await buildApp(ctx);
  await startBackground(ctx);
  return { app, ctx };
}

let current: { app: FastifyInstance; ctx: AppContext } | undefined;
let databaseUrl: string | undefined;
afterAll(async () => {
  if (current) {
    await current.app.close();
    await stopContext(current.ctx);
  }
  if (databaseUrl && process.env.TEST_DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
    await client.end();
  }
});

describe('programmed notification', () => {
  it('is sent at its date by the durable job, once, although the server restarted in between', async () => {
    const server = await startTestServer();
    databaseUrl = server.ctx.config.DATABASE_URL;
    current = { app: server.app, ctx: server.ctx };
    const admin = await server.signIn('admin@vigil.test');
    const [{ id: publicApp }] = await server.ctx.database.query<{ id: number }>(`SELECT id FROM accounts WHERE name = 'Vigil public app'`);
    const date = new Date(Date.now() + 4000).toISOString();
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
    const { id } = response.json().data;
    expect(response.json().data).toMatchObject({ status: 'planned', programmedDate: date, recipients: 0 });

    // The instance stops before the date: nothing is sent by it.
    await server.app.close();
    await stopContext(server.ctx);
    current = undefined;
    await sleep(Math.max(0, Date.parse(date) - Date.now()) + 500);

    current = await restart(server.ctx.config);
    const db = current.ctx.database;
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
    // Once: one message per device, and the start job completed a single time.
    const [messages] = await db.query<{ total: number; devices: number }>(
      `SELECT count(*)::int AS total, count(DISTINCT device_id)::int AS devices FROM push_outbox WHERE notification_id = $1`,
      [String(id)],
    );
    expect(messages).toEqual({ total: expected.devices, devices: expected.devices });
    const jobs = await db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'notification.start' AND data->>'id' = $1`, [String(id)]);
    expect(jobs.map((job) => job.state)).toEqual(['completed']);
  }, 240_000);
});
