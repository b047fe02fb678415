import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/src/app';
import { createContext, startBackground, stopContext } from '../../server/src/bootstrap';
import type { AppContext } from '../../server/src/context';
import { DatabaseUnavailable, isDatabaseUnavailable } from '../../server/src/db/unavailable';
import { startRelay } from './fault-relay';
import { startTestServer, type TestServer } from './harness';

/**
 * PostgreSQL gone while requests run: every backend of the database terminated and new
 * connections refused for a while, then a server that swallows connections without a word. During
 * the outage each request answers 200 or 503 `error.database.unavailable`; a request made while
 * the outage lasts answers 503 before it ends (the outage is lifted only once it has answered, so a
 * request left waiting would hold the test until its time-out), and not before the connect
 * time-out when the server swallows connections; afterwards the same process answers 200 again,
 * without a restart. No wall-clock bound: the times are reported beside the tests.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const connectTimeoutMs = 1000;

interface Answer {
  status: number;
  msg?: string;
  retryAfter?: string;
  ms: number;
}

/** Calls the cheap database round trips a load balancer (readiness) and a signed-in user make. */
async function probe(app: FastifyInstance, authorization: string): Promise<Answer[]> {
  const calls = [
    app.inject({ method: 'GET', url: '/ready' }),
    app.inject({ method: 'GET', url: '/services/backOffice/country/?lang=fr', headers: { authorization } }),
  ];
  const started = performance.now();
  return Promise.all(
    calls.map(async (call) => {
      const response = await call;
      const body = response.statusCode === 200 ? undefined : (response.json() as { msg: string });
      return { status: response.statusCode, msg: body?.msg, retryAfter: response.headers['retry-after'] as string | undefined, ms: performance.now() - started };
    }),
  );
}

/** Requests from `workers` callers back to back until `stop` resolves (bounded by `maxRounds` each). */
async function underLoad(app: FastifyInstance, authorization: string, stop: Promise<void>, workers = 4, maxRounds = 500): Promise<Answer[]> {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let round = 0; round < maxRounds && !stopped; round++) {
        answers.push(...(await probe(app, authorization)));
        await sleep(10);
      }
    }),
  );
  return answers;
}

// /ready may also answer that the instance is not ready because its LISTEN connection is down.
const unavailableKeys = ['error.database.unavailable', 'error.service.not-ready'];
const isUnavailable = (answer: Answer) => answer.status === 503 && unavailableKeys.includes(answer.msg ?? '') && answer.retryAfter === '5';

/** During and after an outage: only 200 or a clear 503 (database unavailable, or not ready), and at least one 503; the slowest is reported. */
async function expectOutageAnswers(answers: Answer[], annotate: (message: string) => Promise<unknown>): Promise<void> {
  expect(answers.filter((answer) => answer.status !== 200 && !isUnavailable(answer))).toEqual([]);
  expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
  await annotate(`${answers.length} answers under load, the slowest in ${Math.round(Math.max(...answers.map((answer) => answer.ms)))} ms (connect time-out ${connectTimeoutMs} ms)`);
}

/**
 * A caller that comes while the outage lasts answers while the outage still holds: the health check
 * (a database round trip) 503 with the key, the country list 200 or the same 503 (its session may
 * be kept in memory). Answers the 503s.
 */
async function expectAnsweredDuringOutage(app: FastifyInstance, authorization: string, annotate: (message: string) => Promise<unknown>): Promise<Answer[]> {
  const [health, countries] = await probe(app, authorization);
  expect(isUnavailable(health), JSON.stringify(health)).toBe(true);
  expect(countries.status === 200 || isUnavailable(countries), JSON.stringify(countries)).toBe(true);
  await annotate(`a caller during the outage: health ${health.status} in ${Math.round(health.ms)} ms, countries ${countries.status} in ${Math.round(countries.ms)} ms`);
  return [health, countries].filter(isUnavailable);
}

/** Waits until the instance answers again, then checks twenty rounds in a row are all 200. */
async function expectRecovered(app: FastifyInstance, authorization: string): Promise<void> {
  await vi.waitFor(async () => expect((await probe(app, authorization)).map((answer) => answer.status)).toEqual([200, 200]), { timeout: 10_000, interval: 200 });
  for (let round = 0; round < 20; round++) expect((await probe(app, authorization)).map((answer) => answer.status)).toEqual([200, 200]);
}

describe.skipIf(!serverUrl)('database gone under load (PostgreSQL only; skipped without TEST_DATABASE_URL)', () => {
  let server: TestServer;
  let admin: pg.Client;
  let databaseName: string;
  let authorization: string;

  beforeAll(async () => {
    server = await startTestServer({ DATABASE_CONNECT_TIMEOUT_MS: connectTimeoutMs });
    databaseName = new URL(server.ctx.config.DATABASE_URL!).pathname.slice(1);
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    authorization = await server.signIn('admin@vigil.test');
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin?.end();
    await server?.close();
  });

  it('answers 503 while the backends are terminated and connections refused, then 200 again without restart', async ({ annotate }) => {
    expect((await probe(server.app, authorization)).map((answer) => answer.status)).toEqual([200, 200]);
    let outageOver!: () => void;
    const load = underLoad(server.app, authorization, new Promise<void>((resolve) => (outageOver = resolve)));

    await sleep(300);
    await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS false`);
    try {
      const [{ terminated }] = (
        await admin.query<{ terminated: number }>('SELECT count(pg_terminate_backend(pid))::int AS terminated FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [databaseName])
      ).rows;
      expect(terminated).toBeGreaterThan(0);
      await sleep(1500);
      await expectAnsweredDuringOutage(server.app, authorization, annotate);
    } finally {
      // The next test needs the database back, whatever this one found.
      await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`);
    }
    await sleep(1000);
    outageOver();

    await expectOutageAnswers(await load, annotate);
    await expectRecovered(server.app, authorization);
  });

  it('answers 503 at the connect time-out while the server swallows connections, then 200 again', async ({ annotate }) => {
    const relay = await startRelay(server.ctx.config.DATABASE_URL!);
    // A second instance on the same database, reaching it through the relay.
    let instance: { ctx: AppContext; app: FastifyInstance } | undefined;
    try {
      const ctx = await createContext({ ...server.ctx.config, DATABASE_URL: relay.url }, pino({ level: 'silent' }) as FastifyBaseLogger);
      instance = { ctx, app: await buildApp(ctx) };
      await startBackground(ctx);
      expect((await probe(instance.app, authorization)).map((answer) => answer.status)).toEqual([200, 200]);

      let outageOver!: () => void;
      const load = underLoad(instance.app, authorization, new Promise<void>((resolve) => (outageOver = resolve)));
      await sleep(300);
      relay.blackhole();
      await sleep(2 * connectTimeoutMs);
      // Not a refusal: this caller waited for a connection that never came, and gave up at the time-out.
      const waited = await expectAnsweredDuringOutage(instance.app, authorization, annotate);
      expect(Math.max(...waited.map((answer) => answer.ms))).toBeGreaterThanOrEqual(connectTimeoutMs - 20);
      relay.restore();
      await sleep(500);
      outageOver();

      await expectOutageAnswers(await load, annotate);
      await expectRecovered(instance.app, authorization);
    } finally {
      await instance?.app.close();
      if (instance) await stopContext(instance.ctx);
      await relay.close();
    }
  });
});

describe('which errors count as the database gone', () => {
  it('counts lost and refused connections, and not a wrong statement nor another service’s socket', () => {
    const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
    const lost = [
      new DatabaseUnavailable(new Error('timeout exceeded when trying to connect')),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')),
      new DrizzleQueryError('select 1', [], withCode('read ECONNRESET', 'ECONNRESET')),
    ];
    expect(lost.map(isDatabaseUnavailable)).toEqual(lost.map(() => true));
    const others = [
      new DrizzleQueryError('insert', [], withCode('duplicate key value violates unique constraint', '23505')),
      withCode('connect ECONNREFUSED 127.0.0.1:25', 'ECONNREFUSED'),
      new Error('database unavailable'),
    ];
    expect(others.map(isDatabaseUnavailable)).toEqual(others.map(() => false));
  });
});
