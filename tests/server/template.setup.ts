import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createContext, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { seedDemoIfEmpty } from '../../server/src/db/seed/demo';
import { backup } from '../../server/src/ops/backup';

/** The seeded demo database every server test starts from, built once per run. */
export interface DemoTemplate {
  /** A backup archive (embedded database and files) to restore into each test's data folder. */
  archive: string;
  /** On PostgreSQL: the template database each test's database is created from. */
  databaseName?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    vigilTemplate: DemoTemplate;
  }
}

/**
 * Migrating and seeding the demo takes seconds; copying a seeded template takes a fraction of that.
 * Each test still gets its own database and data folder.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-template-'));
  let databaseName: string | undefined;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    databaseName = `vigil_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const ctx = await createContext(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }), pino({ level: 'silent' }) as FastifyBaseLogger);
  await seedDemoIfEmpty(ctx);
  await stopContext(ctx);
  // On PostgreSQL the archive only carries the files; the database is copied with CREATE DATABASE … TEMPLATE.
  const archive = await backup({ dataDir, databaseUrl: undefined, out: join(dataDir, 'template.tar.gz'), filesOnly: Boolean(databaseUrl) });
  project.provide('vigilTemplate', { archive, databaseName });

  return async () => {
    if (serverUrl && databaseName) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
