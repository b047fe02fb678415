import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { projectFile } from '../project-files';
import { engineFault, engineLog } from './engine-log';
import { isEmbeddedEngineStopped, markLostConnections } from './unavailable';

/** The drizzle handle every repository uses, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** What pg-boss needs to run its SQL through our connection. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** One database, embedded (PGlite) or a PostgreSQL server, with the same surface. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw parameterised SQL for the few queries the query builder does not express well. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs a statement of `statement()`: on PostgreSQL as a named prepared statement, parsed and
   * planned once per pooled connection. Rows come as `rowsOf` gives them (timestamps and dates as
   * the database's text), so a repository can move a query here without changing its answers.
   */
  run<T>(statement: Statement, params: unknown[]): Promise<T[]>;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. `onResubscribed` runs after
   * a lost listener connection is back: notifications sent meanwhile were missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResubscribed?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  boss: BossDb;
  /** Connections of this instance (metrics): PGlite has one, always in this process. */
  poolStats(): { inUse: number; idle: number; waiting: number };
  /** Whether the LISTEN of real-time events is up (readiness, metrics). */
  listening(): boolean;
  close(): Promise<void>;
}

/** A parameterised query text with a stable name derived from the text (see Database.run). */
export interface Statement {
  name: string;
  text: string;
  /**
   * Prepared on the embedded engine too (`PREPARE` once, then `EXECUTE` with the parameters written
   * as quoted literals): for the most frequent statement, whose planning cost more than its work.
   * Its parameters must be numbers, booleans, null or strings (array literals), and its `$n` typed
   * where the text first uses them (`$1::int[]`), as PREPARE infers the types from the text.
   */
  embeddedPrepared?: boolean;
}

/**
 * Names a query for Database.run. The name is a hash of the text, so one name always means one
 * text on every connection. Build statements once (module level, or per filter shape, which gives
 * a bounded set): each distinct text is prepared on each pooled connection.
 */
export function statement(text: string, options: { embeddedPrepared?: boolean } = {}): Statement {
  return { name: `vigil_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text, ...(options.embeddedPrepared ? { embeddedPrepared: true } : {}) };
}

/** A parameter as an SQL literal for EXECUTE (standard_conforming_strings: only quotes are doubled). */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('literalOf: not a finite number');
    return `'${value}'`;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new Error('literalOf: NUL in a string');
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new Error(`literalOf: ${typeof value} parameter`);
}

// Timestamp, date and interval types and their arrays (and numeric arrays) stay text, as drizzle leaves them.
const textTypeIds = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231];

const migrationsFolder = projectFile('server/src/db/migrations');

/** Opens the configured database and applies pending migrations. `memory://` gives a throw-away PGlite. */
export async function openDatabase(options: { url?: string; dataDir: string; connectTimeoutMs?: number }): Promise<Database> {
  const database = options.url ? await openPostgres(options.url, options.connectTimeoutMs ?? 5000) : await openPglite(options.dataDir);
  return database;
}

async function openPglite(dataDir: string): Promise<Database> {
  const location = dataDir === 'memory://' ? dataDir : join(dataDir, 'pglite');
  if (location !== 'memory://') mkdirSync(location, { recursive: true, mode: 0o700 });
  const client = await PGlite.create(location, { extensions: { cube, earthdistance, pg_trgm, unaccent }, onStderr: engineLog() });
  // Heard by the patched protocol loop (scripts/patch-pglite.mjs) before it rethrows what broke the engine.
  (client as PGlite & { onEngineFault?: (error: unknown) => void }).onEngineFault = engineFault();
  const db = drizzlePglite(client) as unknown as Db;
  const parsers = Object.fromEntries(textTypeIds.map((id) => [id, (value: string) => value]));
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  /** Statements prepared on the embedded engine's one connection (Statement.embeddedPrepared). */
  const prepared = new Set<string>();
  let channels = 0;
  return {
    kind: 'pglite',
    db,
    async query(text, params) {
      return (await client.query(text, params)).rows as never;
    },
    async run(statement, params) {
      // PGlite runs in this process on one connection: a statement is prepared there only when asked.
      if (!statement.embeddedPrepared) return (await client.query(statement.text, params, { parsers })).rows as never;
      const execute = `EXECUTE ${statement.name}(${params.map(literalOf).join(', ')})`;
      if (!prepared.has(statement.name)) {
        await client.query(`PREPARE ${statement.name} AS ${statement.text}`);
        prepared.add(statement.name);
      }
      return (await client.query(execute, [], { parsers })).rows as never;
    },
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      channels += 1;
      return async () => {
        channels -= 1;
        await unsubscribe();
      };
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    boss: {
      // pg-boss sends multi-statement scripts without parameters: those go through exec.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    },
    poolStats() {
      return { inUse: 0, idle: 1, waiting: 0 };
    },
    listening() {
      return channels > 0 && !client.closed;
    },
    async close() {
      // An engine whose Postgres already stopped has nothing left to flush: shutting down goes on.
      await client.close().catch((error: unknown) => {
        if (!isEmbeddedEngineStopped(error)) throw error;
      });
    },
  };
}

/** Holds a session advisory lock while `migrate` runs, so instances starting together migrate one at a time. */
async function withMigrationLock(url: string, connectTimeoutMs: number, migrate: () => Promise<void>): Promise<void> {
  const lockClient = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  await lockClient.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock(7401001)');
    await migrate();
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock(7401001)').catch(() => undefined);
    await lockClient.end();
  }
}

async function openPostgres(url: string, connectTimeoutMs: number): Promise<Database> {
  // JIT compilation pays off for long analytic queries only: for the history's counts and the
  // dashboards it added 7 to 10 ms of compiling to queries of 20 to 60 ms.
  // connectionTimeoutMillis bounds both a new connection and the wait for a free one: while the
  // server is unreachable a request fails with 503 after it (errors.ts) instead of hanging.
  const pool = new pg.Pool({ connectionString: url, max: 20, options: '-c jit=off', connectionTimeoutMillis: connectTimeoutMs });
  pool.on('error', () => undefined); // a dropped idle client is replaced on next use
  markLostConnections(pool);
  const db = drizzlePg(pool) as unknown as Db;
  const builtin = pg.types.getTypeParser.bind(pg.types) as (id: number, format?: string) => unknown;
  const types = { getTypeParser: (id: number, format?: string) => (textTypeIds.includes(id) ? (value: string) => value : builtin(id, format)) };
  await withMigrationLock(url, connectTimeoutMs, () => migratePg(drizzlePg(pool), { migrationsFolder }));
  interface Subscriber {
    onPayload: (payload: string) => void;
    onResubscribed?: () => void;
  }
  const listeners = new Map<string, Set<Subscriber>>();
  let listener: pg.Client | undefined;
  let closing = false;

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    client.on('notification', (message) => {
      for (const subscriber of listeners.get(message.channel) ?? []) subscriber.onPayload(message.payload ?? '');
    });
    const lost = () => {
      if (listener !== client || closing) return;
      listener = undefined;
      setTimeout(() => void resubscribe(), 1000);
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    listener = client;
    return client;
  }

  async function resubscribe(): Promise<void> {
    if (closing) return;
    try {
      const client = await listenerClient();
      for (const channel of listeners.keys()) await client.query(`LISTEN "${channel}"`);
      for (const subscribers of listeners.values()) for (const subscriber of subscribers) subscriber.onResubscribed?.();
    } catch {
      listener = undefined;
      setTimeout(() => void resubscribe(), 2000);
    }
  }

  return {
    kind: 'postgres',
    db,
    async query(text, params) {
      return (await pool.query(text, params)).rows;
    },
    async run(statement, params) {
      return (await pool.query({ name: statement.name, text: statement.text, values: params, types } as pg.QueryConfig)).rows as never;
    },
    async listen(channel, onPayload, onResubscribed) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const subscribers = listeners.get(channel) ?? new Set();
      const first = subscribers.size === 0;
      const subscriber: Subscriber = { onPayload, onResubscribed };
      subscribers.add(subscriber);
      listeners.set(channel, subscribers);
      if (first) await (await listenerClient()).query(`LISTEN "${channel}"`);
      return async () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) {
          listeners.delete(channel);
          await listener?.query(`UNLISTEN "${channel}"`).catch(() => undefined);
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    boss: {
      async executeSql(text, values) {
        return pool.query(text, values);
      },
    },
    poolStats() {
      return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    listening() {
      return listener !== undefined && listeners.size > 0;
    },
    async close() {
      closing = true;
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

const dialect = new PgDialect();
const statements = new Map<string, Statement>();

/**
 * Runs a raw `sql` query as Database.run does: on PostgreSQL a named prepared statement, planned
 * once per pooled connection, for the few statements whose planning cost as much as their work (an
 * alert's preview and launch). Same rows as rowsOf. The query's text must come from a bounded set
 * of shapes (values as parameters), as for `statement`.
 */
export async function preparedRowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  // The embedded engine has one connection and no pool to prepare on: its queries are as before.
  if (database.kind === 'pglite') return rowsOf<T>(database.db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let named = statements.get(text);
  if (!named) statements.set(text, (named = statement(text)));
  return database.run<T>(named, params);
}

/** Runs a raw `sql` query through drizzle and returns its rows, on either engine. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
