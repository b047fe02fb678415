import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject, vi } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../../server/src/app';
import { createContext, startBackground, stopContext } from '../../server/src/bootstrap';
import { loadConfig, type Config } from '../../server/src/config';
import type { AppContext } from '../../server/src/context';
import type { Database } from '../../server/src/db/database';
import { demoPassword } from '../../server/src/db/seed/accounts';
import { seedDemoIfEmpty } from '../../server/src/db/seed/demo';
import { restore } from '../../server/src/ops/backup';
import type { DemoTemplate } from './template.setup';

/**
 * A real Vigil on a fresh database: PGlite in memory by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (the CI runs the suite both ways).
 */
export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** Signs in a demo user and returns the `Authorization` header value. */
  signIn(email: string, password?: string): Promise<string>;
  /**
   * Stops this instance and starts another on the same data, with `changed` as its config overrides
   * (default: the first ones); `whileStopped` runs in between.
   */
  restart(changed?: Partial<Config>, whileStopped?: () => Promise<void> | void): Promise<void>;
  close(): Promise<void>;
}

/** `log`: where the server logs (silent when absent), for a test that reads what the logs keep. */
export async function startTestServer(overrides: Partial<Config> = {}, options: { background?: boolean; log?: FastifyBaseLogger } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-test-'));
  const sharesDatabase = Boolean(overrides.DATABASE_URL);
  const template: DemoTemplate | undefined = sharesDatabase ? undefined : inject('vigilTemplate');
  const database = sharesDatabase ? undefined : await freshDatabase(template?.databaseName);
  if (template) await restore({ dataDir, archive: template.archive, databaseUrl: database?.url });
  const configOf = (chosen: Partial<Config>) =>
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', SIGNIN_RATE_PER_MINUTE: '100000' }, { ...(database ? { DATABASE_URL: database.url } : {}), ...chosen });
  const log = options.log ?? (pino({ level: 'silent' }) as FastifyBaseLogger);
  let ctx = await createContext(configOf(overrides), log);
  await seedDemoIfEmpty(ctx);
  let app = await buildApp(ctx);
  if (options.background !== false) await startBackground(ctx);
  return {
    get app() {
      return app;
    },
    get ctx() {
      return ctx;
    },
    dataDir,
    async signIn(email, password = demoPassword) {
      const response = await app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: email, password } });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
      return `JWT ${response.json().data.token}`;
    },
    async restart(changed = overrides, whileStopped) {
      await app.close();
      await stopContext(ctx);
      await whileStopped?.();
      ctx = await createContext(configOf(changed), log);
      app = await buildApp(ctx);
      if (options.background !== false) await startBackground(ctx);
    },
    async close() {
      await app.close();
      await stopContext(ctx);
      await database?.drop();
    },
  };
}

/**
 * Two instances on one fresh database of the test PostgreSQL server, with the same session secret,
 * as a deployment behind a load balancer runs them. `close` stops both.
 */
export async function startTwoInstances(): Promise<{ first: TestServer; second: TestServer; close(): Promise<void> }> {
  const secret = 'a shared session secret for both test instances!!';
  const first = await startTestServer({ JWT_SECRET: secret });
  const second = await startTestServer({ JWT_SECRET: secret, DATABASE_URL: first.ctx.config.DATABASE_URL }).catch(async (error: unknown) => {
    await first.close();
    throw error;
  });
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
    },
  };
}

/** Creates a throw-away database on the test PostgreSQL server, when one is configured. */
async function freshDatabase(templateName?: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `vigil_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(templateName ? `CREATE DATABASE ${name} TEMPLATE ${templateName}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The newest mail the file mailer wrote into `dataDir/mail` (its .json record), once the background
 * send has written it; with `matching`, the newest whose record matches.
 */
export async function newestMail(dataDir: string, matching: (record: string) => boolean = () => true): Promise<string> {
  const folder = join(dataDir, 'mail');
  return vi.waitFor(
    () => {
      const names = readdirSync(folder).filter((name) => name.endsWith('.json')).sort().reverse();
      for (const name of names) {
        const record = readFileSync(join(folder, name), 'utf8');
        if (matching(record)) return record;
      }
      throw new Error('no such mail yet');
    },
    { timeout: 10_000 },
  );
}

/**
 * A fingerprint of every data table of the application schema: any insert, update or delete changes
 * it. `ignoring` leaves out a column per table that a call writes by design whatever its body (a
 * responder device's last sighting, stamped by its authentication). The rate limits' counters
 * (`throttle_hits`), which every limited call moves, refused or not, are left out.
 */
export async function tableFingerprint(database: Database, ignoring: Record<string, string> = {}): Promise<Record<string, string>> {
  const tables = await database.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'throttle_hits' ORDER BY tablename");
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const text = ignoring[name] ? `(to_jsonb(t) - '${ignoring[name]}')::text` : 't::text';
    const [row] = await database.query<{ sum: string | null }>(`SELECT md5(coalesce(string_agg(md5(${text}), '' ORDER BY md5(${text})), '')) AS sum FROM "${name}" t`);
    result[name] = row.sum ?? '';
  }
  return result;
}
