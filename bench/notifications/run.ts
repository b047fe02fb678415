/**
 * Push notification benchmark: one notification to N recipients (100,000 by default) through the
 * real path — POST postAdminNotification (targeting, outbox filled with one INSERT … SELECT in
 * the request's transaction), then the outbox worker delivering through the FCM HTTP v1 provider
 * to a local FCM (bench/notifications/fake-fcm.mjs, its own process), then the progress job
 * marking the notification sent. Writes bench/notifications/results-<engine>-batch<N>-<date>.json and the "Push
 * notifications" section of docs/performance.md.
 *
 *   npx tsx bench/notifications/run.ts [--engine pglite|postgres|both] [--recipients 100000]
 *        [--fake-batch 10000] [--push-batch 500] [--depth 3] [--sockets 128] [--no-report]
 *        [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { freshPostgres } from '../postgres';
import pino from 'pino';
import http from 'node:http';
import { pushDelivery } from '../../server/src/adapters/push/delivery';
import { defaultPipelineDepth } from '../../server/src/adapters/push/outbox';
import type { PushProvider } from '../../server/src/adapters/push/provider';
import { pushSockets, setPushSockets } from '../../server/src/adapters/push/webpush';
import { buildApp } from '../../server/src/app';
import { createContext, startBackground, stopContext } from '../../server/src/bootstrap';
import { loadConfig, type Config } from '../../server/src/config';
import { demoPassword, seedAccounts } from '../../server/src/db/seed/accounts';
import { createPushRouter } from '../../server/src/modules/notifications/push-router';
import { writeReport, type BenchRun, type Phase } from './report';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    recipients: { type: 'string', default: '100000' },
    'fake-batch': { type: 'string', default: '10000' },
    'push-batch': { type: 'string', default: '500' },
    depth: { type: 'string', default: String(defaultPipelineDepth) },
    sockets: { type: 'string', default: String(pushSockets) },
    'no-report': { type: 'boolean', default: false },
    'postgres-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const recipients = Number(values.recipients);
const fakeBatch = Number(values['fake-batch']);
const pushBatch = Number(values['push-batch']);
const depth = Number(values.depth);
const sockets = Number(values.sockets);
setPushSockets(sockets);
const engines = values.engine === 'both' ? (['postgres', 'pglite'] as const) : [values.engine as 'postgres' | 'pglite'];
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

/** Starts the local FCM in a child process and resolves to its URL and a stop function. */
async function startFakeFcm(): Promise<{ url: string; count(): Promise<{ accepted: number; exchanges: number }>; stop(): void }> {
  const child = spawn(process.execPath, [new URL('./fake-fcm.mjs', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return {
    url,
    async count() {
      return (await (await fetch(`${url}/count`)).json()) as { accepted: number; exchanges: number };
    },
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * What this machine can do at this moment without Vigil: bare kept-alive HTTP/1.1 POSTs of an FCM
 * message from this process to the local FCM (same sockets, same concurrency as the provider).
 */
async function httpCeiling(url: string, count = 10_000): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const token = ((await (await fetch(`${url}/token`, { method: 'POST', body: 'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=a.b.c', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).json()) as { access_token: string }).access_token;
  const body = JSON.stringify({ message: { token: 'calibration', notification: { title: 'Bench', body: 'Benchmark message' }, data: { kind: 'notification' } } });
  const target = new URL(`${url}/v1/projects/bench/messages:send`);
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(target, { method: 'POST', agent, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } }, (response) => {
        response.resume();
        response.on('end', () => resolve());
      });
      request.on('error', reject);
      request.end(body);
    });
  let next = 0;
  const started = Date.now();
  await Promise.all(Array.from({ length: 500 }, async () => {
    while (next++ < count) await one();
  }));
  agent.destroy();
  return count / ((Date.now() - started) / 1000);
}

/**
 * Accepts every message, in process, after one turn of the event loop (as any I/O would take):
 * what the outbox alone costs. Without the turn, PGlite's synchronous WebAssembly and an
 * instant provider would keep timers and the HTTP request that started the send waiting.
 */
const noopProvider: PushProvider = {
  name: 'noop',
  async send() {
    await new Promise((resolve) => setImmediate(resolve));
    return { ok: true, providerMessageId: 'noop' };
  },
};

async function run(engine: 'pglite' | 'postgres'): Promise<BenchRun> {
  const fcm = await startFakeFcm();
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-push-'));
  const database = engine === 'postgres' ? await freshPostgres(values['postgres-url']!, 'vigil_bench_push') : undefined;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = {
    project_id: 'bench',
    private_key_id: 'bench-key',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'bench@bench.iam.gserviceaccount.com',
    token_uri: `${fcm.url}/token`,
  };
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false' },
    {
      ...(database ? { DATABASE_URL: database.url } : {}),
      PUSH_PROVIDER: 'fcm',
      FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(serviceAccount),
      FCM_ENDPOINT: fcm.url,
      ...({ PUSH_BATCH_SIZE: pushBatch } as Partial<Config>),
    },
  );
  const ctx = await createContext(config, pino({ level: 'silent' }) as FastifyBaseLogger);
  try {
    const accounts = await seedAccounts(ctx.database.db);
    const started = Date.now();
    await ctx.database.query(
      `WITH r AS (
         INSERT INTO responders (id_site, first_name, last_name, email, phone, trained_status, account_status, language)
         SELECT $1, 'Bench', 'R' || n, 'bench' || n || '@bench.vigil.test', '+336' || lpad(n::text, 8, '0'), 'trained', 'activated', 'fr'
           FROM generate_series(1, $2::int) AS n
         RETURNING id)
       INSERT INTO responder_devices (responder_id, os, push_token, build_version, udid, token_hash)
       SELECT id, CASE WHEN id % 2 = 0 THEN 'android' ELSE 'ios' END, 'bench-token-' || id, '816', 'bench-udid-' || id, md5(id::text) || md5((id + 1)::text) FROM r`,
      [accounts.publicApp, recipients],
    );
    await ctx.database.query('ANALYZE responders');
    await ctx.database.query('ANALYZE responder_devices');
    log(`${engine}: ${recipients} responders with a device in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp(ctx);
    await startBackground(ctx);
    const signIn = await app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'admin@vigil.test', password: demoPassword } });
    const authorization = `JWT ${signIn.json().data.token}`;

    const delivery = pushDelivery(ctx);
    delivery.setPipelineDepth(depth);
    const phase = async (name: string): Promise<Phase> => {
      const load = loadavg()[0];
      const startedAt = Date.now();
      const response = await app.inject({
        method: 'POST',
        url: '/services/backoffice/admin/notification/postAdminNotification',
        headers: { authorization },
        payload: { title: `Bench ${name}`, idSite: accounts.publicApp, osDevice: 'all', sendingType: 'multiple', fakeBatch, messageType: 'information', language: 'fr', message: 'Benchmark message', distribution: 'immediate' },
      });
      const filledAt = Date.now();
      if (response.statusCode !== 200) throw new Error(`postAdminNotification answered ${response.statusCode}: ${response.body}`);
      const { id, recipients: queued } = response.json().data as { id: number; recipients: number };
      log(`${engine} ${name}: outbox filled with ${queued} messages in ${filledAt - startedAt} ms (request included)`);
      let statusAt = 0;
      const deadline = Date.now() + 20 * 60_000;
      while (Date.now() < deadline) {
        await sleep(250);
        const [row] = await ctx.database.query<{ status: string }>('SELECT status FROM notifications WHERE id = $1', [id]);
        if (row.status === 'sent' || row.status === 'sentBlocked') {
          statusAt = Date.now();
          break;
        }
      }
      const [span] = await ctx.database.query<{ first: string; last: string; sent: number }>(
        `SELECT min(sent_at) AS first, max(sent_at) AS last, count(*) FILTER (WHERE status = 'sent')::int AS sent
           FROM push_outbox WHERE notification_id = $1`,
        [id],
      );
      const [final] = await ctx.database.query<{ status: string }>('SELECT status FROM notifications WHERE id = $1', [id]);
      const lastAt = new Date(span.last).getTime();
      const deliverMs = lastAt - new Date(span.first).getTime();
      log(`${engine} ${name}: ${span.sent} sent, first to last in ${deliverMs} ms; notification ${final.status} after ${((statusAt - startedAt) / 1000).toFixed(1)} s`);
      return {
        recipients: queued,
        sent: span.sent,
        fillMs: filledAt - startedAt,
        deliverMs,
        deliverRate: span.sent / (deliverMs / 1000),
        endToEndRate: span.sent / ((lastAt - startedAt) / 1000),
        untilStatusSentMs: statusAt - startedAt,
        finalStatus: final.status,
        loadAverage: load,
      };
    };

    delivery.useRouter(() => noopProvider);
    const outboxOnly = await phase('outbox only');
    const ceiling = await httpCeiling(fcm.url);
    log(`${engine}: bare HTTP to the local FCM right now: ${Math.round(ceiling)} req/s`);
    const before = await fcm.count();
    delivery.useRouter(createPushRouter(ctx));
    const throughFcm = await phase('through FCM');
    const received = await fcm.count();
    await app.close();
    return { engine, recipients, fakeBatch, pushBatch, outboxOnly, throughFcm, httpCeiling: ceiling, accepted: received.accepted - before.accepted, tokenExchanges: received.exchanges - before.exchanges, pipelineDepth: depth, sockets };
  } finally {
    await stopContext(ctx).catch(() => undefined);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    fcm.stop();
  }
}

const runs: BenchRun[] = [];
for (const engine of engines) runs.push(await run(engine));
const results = {
  date: new Date().toISOString(),
  machine: { cores: availableParallelism(), memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
  runs,
};
for (const engine of engines) {
  if (values['no-report']) break;
  writeFileSync(`bench/notifications/results-${engine}-batch${pushBatch}-${results.date.slice(0, 19).replace(/[-:]/g, '')}.json`, `${JSON.stringify({ ...results, runs: runs.filter((item) => item.engine === engine) }, null, 2)}\n`);
}
if (!values['no-report']) writeReport();
console.table(
  runs.flatMap((item) =>
    (['outboxOnly', 'throughFcm'] as const).map((name) => ({
      engine: item.engine,
      phase: name,
      recipients: item[name].recipients,
      fillMs: item[name].fillMs,
      deliverMs: item[name].deliverMs,
      'deliver msg/s': Math.round(item[name].deliverRate),
      'fill+deliver msg/s': Math.round(item[name].endToEndRate),
      status: item[name].finalStatus,
      'http ceiling req/s': Math.round(item.httpCeiling),
    })),
  ),
);
process.exit(0);
