import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { createContext, stopContext } from '../../server/src/bootstrap';
import type { AppContext } from '../../server/src/context';
import type { Database } from '../../server/src/db/database';
import { alertConfig, area, call, offset } from './alert-fixtures';
import { startRelay } from './fault-relay';
import { startTestServer, type TestServer } from './harness';

/**
 * A preview answered is a draft and an audit row kept: the instance dies right after the answer
 * (nothing it still had to do reaches the database), and the instance started afterwards finds the
 * draft, where the dispatcher last put it, and the audit row of each preview.
 *
 * Embedded engine: the death is a copy of the data folder taken at the answer (what the disk holds
 * when the process is killed), opened by a new instance. PostgreSQL: the instance reaches the
 * server through a relay that goes dark at the answer, as a killed process's connections.
 */
const v2 = '/services/emergency/v2';
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

interface Found {
  alert: { status: number; lat: number; lon: number; address: string; nb_potential_bs: number } | undefined;
  audited: number;
}

async function found(database: Database, alertId: number): Promise<Found> {
  const [alert] = await database.query<Found['alert'] & object>('SELECT status, lat, lon, address, nb_potential_bs FROM alerts WHERE id = $1', [alertId]);
  const [{ n }] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'alert.setUp' AND target = $1`, [String(alertId)]);
  return { alert, audited: n };
}

/** A draft set up, then its pin moved: the answers the dispatcher saw. */
async function previewTwice(server: { app: TestServer['app'] }, operator: string, afterEach: () => void) {
  const first = await call(server as TestServer, operator, 'PUT', `${v2}/alertSettingUp`, { ...area, address: 'first pin' });
  afterEach();
  expect(first.status).toBe(200);
  const alertId = first.body.data.alert.alertId as number;
  const moved = offset(area, 150, 0);
  const second = await call(server as TestServer, operator, 'PUT', `${v2}/alertSettingUp`, { alertId, ...moved, address: 'pin moved' });
  expect(second.status).toBe(200);
  return { alertId, moved };
}

describe('a preview answered before a crash', () => {
  it.skipIf(Boolean(serverUrl))('is found again after a restart (embedded engine)', async () => {
    const server = await startTestServer(alertConfig());
    cleanups.push(() => server.close());
    const operator = await server.signIn('operator@vigil.test');
    const copies: string[] = [];
    // Each copy is taken as the answer arrives, before anything else of this instance runs.
    const crashCopy = () => {
      const folder = mkdtempSync(join(tmpdir(), 'vigil-crash-'));
      cpSync(join(server.dataDir, 'pglite'), join(folder, 'pglite'), { recursive: true });
      copies.push(folder);
      cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
    };
    const { alertId, moved } = await previewTwice(server, operator, crashCopy);
    crashCopy();

    for (const [index, folder] of copies.entries()) {
      const ctx: AppContext = await createContext({ ...server.ctx.config, DATA_DIR: folder }, pino({ level: 'silent' }) as FastifyBaseLogger);
      try {
        const after = await found(ctx.database, alertId);
        expect(after.alert).toMatchObject(index === 0 ? { status: 1, address: 'first pin', lat: area.lat, lon: area.lon } : { status: 1, address: 'pin moved', lat: moved.lat, lon: moved.lon });
        expect(after.audited).toBe(index + 1);
      } finally {
        await stopContext(ctx);
      }
    }
    // Three embedded engines opened in turn, each recovering from its crash: a time-out only stops a hang.
  }, 300_000);

  it.skipIf(!serverUrl)('is found again after a restart (PostgreSQL)', async () => {
    const owner = await startTestServer(alertConfig(), { background: false });
    cleanups.push(() => owner.close());
    const relay = await startRelay(owner.ctx.config.DATABASE_URL!);
    cleanups.push(() => relay.close());
    const ctx = await createContext({ ...owner.ctx.config, DATABASE_URL: relay.url }, pino({ level: 'silent' }) as FastifyBaseLogger);
    const doomed = { app: await buildApp(ctx) };
    // Its pool is closed only after the relay is back (the dead instance's connections are gone).
    cleanups.push(async () => {
      relay.restore();
      await doomed.app.close();
      await stopContext(ctx);
    });
    const operator = await owner.signIn('operator@vigil.test');
    const { alertId, moved } = await previewTwice(doomed, operator, () => undefined);
    relay.blackhole();

    const after = await found(owner.ctx.database, alertId);
    expect(after.alert).toMatchObject({ status: 1, address: 'pin moved', lat: moved.lat, lon: moved.lon });
    expect(after.audited).toBe(2);
  }, 300_000);
});
