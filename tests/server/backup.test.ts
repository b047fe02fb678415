import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { createContext, stopContext } from '../../server/src/bootstrap';
import { demoPassword } from '../../server/src/db/seed/accounts';
import { loadConfig } from '../../server/src/config';
import { backup, restore } from '../../server/src/ops/backup';
import { startTestServer } from './harness';

/** Signs in on a context opened from `config` and answers the status. */
async function signInStatus(overrides: Record<string, string>, password: string): Promise<number> {
  const ctx = await createContext(loadConfig({ LOG_LEVEL: 'silent', ...overrides }), pino({ level: 'silent' }) as FastifyBaseLogger);
  const app = await buildApp(ctx);
  try {
    const response = await app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'operator@vigil.test', password } });
    return response.statusCode;
  } finally {
    await app.close();
    await stopContext(ctx);
  }
}

describe('backup and restore', () => {
  it('round-trips the database: a change made before the backup is there after the restore', async () => {
    const server = await startTestServer({}, { background: false });
    const authorization = await server.signIn('operator@vigil.test');
    const changed = await server.app.inject({ method: 'POST', url: '/services/backoffice/user/updtPwd', headers: { authorization }, payload: { password: 'Backed-up-Passw0rd-2026', currentPassword: demoPassword } });
    expect(changed.statusCode).toBe(200);
    const databaseUrl = server.ctx.config.DATABASE_URL;
    const dataDir = server.ctx.config.DATA_DIR;
    await server.app.close();
    await stopContext(server.ctx);

    const archive = join(mkdtempSync(join(tmpdir(), 'vigil-archive-')), 'backup.tar.gz');
    await backup({ dataDir, databaseUrl, out: archive });

    const restoredDir = mkdtempSync(join(tmpdir(), 'vigil-restored-'));
    let restoredUrl: string | undefined;
    if (databaseUrl) {
      const target = new URL(databaseUrl);
      const name = `${target.pathname.slice(1)}_restored`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      target.pathname = `/${name}`;
      restoredUrl = target.toString();
    }
    await restore({ dataDir: restoredDir, databaseUrl: restoredUrl, archive });

    const overrides = { DATA_DIR: restoredDir, DEMO_DATA: 'false', ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}) };
    expect(await signInStatus(overrides, 'Backed-up-Passw0rd-2026')).toBe(200);
    expect(await signInStatus(overrides, 'Vigil-Demo-2026!')).toBe(401);

    if (restoredUrl) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      for (const url of [restoredUrl, databaseUrl!]) await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
      await admin.end();
    }
  }, 180_000); // two databases and an archive: slow on a loaded machine

  it('refuses to restore over an existing embedded database', async () => {
    const server = await startTestServer({}, { background: false });
    const dataDir = server.ctx.config.DATA_DIR;
    const databaseUrl = server.ctx.config.DATABASE_URL;
    await server.close();
    if (databaseUrl) return; // the embedded case only
    const archive = join(mkdtempSync(join(tmpdir(), 'vigil-archive-')), 'backup.tar.gz');
    await backup({ dataDir, out: archive });
    await expect(restore({ dataDir, archive })).rejects.toThrow(/not empty/);
  }, 180_000);
});
