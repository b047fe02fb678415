import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/src/app';
import { createContext, startBackground, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import type { AppContext } from '../../server/src/context';
import { demoPassword } from '../../server/src/db/seed/accounts';
import { seedDemoIfEmpty } from '../../server/src/db/seed/demo';
import { alertConfig, area } from './alert-fixtures';

/**
 * The 20-minute auto-close as a durable job: launched on one instance that stops at once, it is
 * done by the instances started afterwards on the same data (the same PGlite folder, or the same
 * PostgreSQL database, where two instances race for it), exactly once.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-autoclose-'));
const databaseName = `vigil_test_${randomBytes(6).toString('hex')}`;
const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString() : undefined;
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...alertConfig({ ALERT_AUTO_CLOSE_SECONDS: 3 }) });

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

interface Instance {
  ctx: AppContext;
  app: FastifyInstance;
}

async function startInstance(onEvent?: (payload: string) => void): Promise<Instance> {
  const ctx = await createContext({ ...config }, pino({ level: 'silent' }) as FastifyBaseLogger);
  if (onEvent) await ctx.database.listen('vigil_events', onEvent);
  await seedDemoIfEmpty(ctx);
  const app = await buildApp(ctx);
  await startBackground(ctx);
  return { ctx, app };
}

async function stopInstance(instance: Instance): Promise<void> {
  await instance.app.close();
  await stopContext(instance.ctx);
}

async function signIn(instance: Instance): Promise<string> {
  const response = await instance.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'operator@vigil.test', password: demoPassword } });
  return `JWT ${response.json().data.token}`;
}

afterAll(async () => {
  if (serverUrl) await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

describe('auto-close', () => {
  it('closes a live alert once, after the configured delay, across a restart', async () => {
    if (serverUrl) await admin(`CREATE DATABASE ${databaseName}`);
    const first = await startInstance();
    const auth = await signIn(first);
    const launch = async (address: string) =>
      (await first.app.inject({ method: 'POST', url: '/services/emergency/v2/alertLaunch', headers: { authorization: auth }, payload: { ...area, address, alertType: 1 } })).json().data;
    const left = await launch('left open');
    const closedByHand = await launch('closed by a user');
    await first.app.inject({ method: 'POST', url: '/services/emergency/v2/alertClose', headers: { authorization: auth }, payload: { alertId: closedByHand.alertId } });
    expect(new Date(left.autoCloseAt).getTime() - new Date(left.date).getTime()).toBe(3000);
    const before = await first.app.inject({ method: 'GET', url: `/services/emergency/v2/alerts/${left.alertId}`, headers: { authorization: auth } });
    expect(before.json().data.state).toBe('live');
    await stopInstance(first);
    const restartedAt = Date.now();

    // One instance on PGlite (one process owns the folder); two racing instances on PostgreSQL.
    const refreshed: unknown[] = [];
    const listen = (payload: string) => refreshed.push(JSON.parse(payload));
    const next = serverUrl ? await Promise.all([startInstance(listen), startInstance()]) : [await startInstance(listen)];
    try {
      const auth2 = await signIn(next[0]);
      const read = async (alertId: number) =>
        (await next[0].app.inject({ method: 'GET', url: `/services/emergency/v2/alerts/${alertId}`, headers: { authorization: auth2 } })).json().data;
      let alert = await read(left.alertId);
      for (let waited = 0; alert.state !== 'closed' && waited < 25_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        alert = await read(left.alertId);
      }
      expect(alert).toMatchObject({ state: 'closed', close: 1, closeReason: 'auto', closedBy: null, contactStatus: 'toDo' });
      expect(new Date(alert.closedAt).getTime()).toBeGreaterThanOrEqual(Math.max(restartedAt, new Date(left.autoCloseAt).getTime()));
      expect(refreshed).toContainEqual(expect.objectContaining({ eventMsg: 'REFRESH_ALERTS', data: { alertId: left.alertId } }));
      // Every auto-close job of both alerts has run, whichever instance took it: still one close.
      await vi.waitFor(
        async () => {
          const [{ open }] = await next[0].ctx.database.query<{ open: number }>(
            "SELECT count(*)::int AS open FROM pgboss.job WHERE name = 'alert.auto-close' AND (data->>'alertId')::int = ANY($1::int[]) AND state IN ('created', 'retry', 'active')",
            [[left.alertId, closedByHand.alertId]],
          );
          expect(open).toBe(0);
        },
        { timeout: 60_000, interval: 100 },
      );
      const closes = await next[0].ctx.database.query(`SELECT actor_type FROM alert_events WHERE alert_id = $1 AND kind = 'closed'`, [left.alertId]);
      expect(closes).toEqual([{ actor_type: 'system' }]);
      expect(await read(closedByHand.alertId)).toMatchObject({ closeReason: 'user', closedBy: { firstName: 'Olivier' } });
      const userCloses = await next[0].ctx.database.query(`SELECT actor_type FROM alert_events WHERE alert_id = $1 AND kind = 'closed'`, [closedByHand.alertId]);
      expect(userCloses).toEqual([{ actor_type: 'user' }]);
    } finally {
      for (const instance of next) await stopInstance(instance);
    }
  });
});
