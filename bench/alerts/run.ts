import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { createContext, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import type { Database } from '../../server/src/db/database';
import { demoPassword } from '../../server/src/db/seed/accounts';
import { seedDemoIfEmpty } from '../../server/src/db/seed/demo';
import { cities, generateDataset } from './dataset';
import { buildKdTree } from './kdtree';
import { readerCalls, startReaders } from './readers';
import { cpuModel, writeReport, type EngineRun } from './report';

/**
 * Alert preview (alertSettingUp) and launch (alertLaunch) through HTTP on a real listening Vigil,
 * with 10k, 100k and 1M responders, on PGlite and PostgreSQL, at each radius of --distances (one
 * server per radius, ALERT_DISTANCE_MAX_KM); beside the same count as an indexed query, a naive
 * full-scan query and an in-memory k-d tree (the lower bound), and a calibration line (GET /health,
 * a route that does nothing, on the same server). Then the same preview and launch again while
 * --readers connections read as the load bench's readers do, on the same server. Each figure keeps
 * the machine's load average before and after it. Writes bench/alerts/runs/<date>-<engine>.json and
 * the "Alert preview and launch" section of docs/performance.md (every run of every machine).
 *
 *   npx tsx bench/alerts/run.ts [--engine pglite|postgres|both] [--sizes 10000,100000,1000000]
 *                               [--keep [--generate-only]] [--previews 200] [--launches 100] [--distances 0.4,1]
 *                               [--readers 200] [--loaded-previews 100] [--loaded-launches 20] [--cpu-prof <folder>]
 *                               [--preview-gap-ms 100] [--launch-gap-ms 250]
 *
 * --keep leaves the data in $TMPDIR/vigil-bench-alerts-<engine>-<size> or the database
 * vigil_bench_alerts_<size>, and a later --keep run measures it without generating it again
 * (launches add alerts; drop the data when done). --cpu-prof writes the server's CPU profiles there.
 */
const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    sizes: { type: 'string', default: '10000,100000,1000000' },
    previews: { type: 'string', default: '200' },
    launches: { type: 'string', default: '100' },
    /** Pause before each timed launch, so each meets the server as a dispatcher does (0: back to back). */
    'launch-gap-ms': { type: 'string', default: '250' },
    /** Pause before each timed preview: a dispatcher moves a pin a few times a second at most. */
    'preview-gap-ms': { type: 'string', default: '100' },
    distances: { type: 'string', default: '0.4,1' },
    /** Concurrent readers (the load bench's 200) during the loaded measure; 0 skips it. */
    readers: { type: 'string', default: '200' },
    'loaded-previews': { type: 'string', default: '100' },
    'loaded-launches': { type: 'string', default: '20' },
    /** Naive full scans timed per radius (0 skips them: a second each at 1M on a quiet machine). */
    'naive-runs': { type: 'string' },
    'cpu-prof': { type: 'string' },
    'postgres-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    'skip-report': { type: 'boolean', default: false },
    /** Keep the generated data (a fixed folder or database per size) and reuse it on the next run. */
    keep: { type: 'boolean', default: false },
    /** Only generate the data (with --keep), measure later. */
    'generate-only': { type: 'boolean', default: false },
  },
});

const distancesKm = values.distances!.split(',').map(Number);
const launchGapMs = Number(values['launch-gap-ms']);
const previewGapMs = Number(values['preview-gap-ms']);
const engines = values.engine === 'both' ? (['postgres', 'pglite'] as const) : [values.engine as 'postgres' | 'pglite'];
const sizes = values.sizes!.split(',').map(Number);
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

/** A deterministic pseudo-random sequence, so every run queries the same places. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Query places: within 1 km of a city centre (where responders are dense). */
function places(count: number, seed: number): { lat: number; lon: number }[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const [, lat, lon] = cities[Math.floor(random() * cities.length)];
    return { lat: lat + ((random() - 0.5) * 2) / 111.32, lon: lon + ((random() - 0.5) * 2) / (111.32 * Math.cos((lat * Math.PI) / 180)) };
  });
}

export interface Figures {
  p50: number;
  p95: number;
  mean: number;
  n: number;
}

function figures(samples: number[]): Figures {
  if (samples.length === 0) return { p50: Number.NaN, p95: Number.NaN, mean: Number.NaN, n: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), mean: samples.reduce((sum, value) => sum + value, 0) / samples.length, n: samples.length };
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = process.hrtime.bigint();
  const result = await work();
  return [Number(process.hrtime.bigint() - started) / 1e6, result];
}

const reachSql = (spatial: boolean) => `SELECT count(*)::int AS n FROM responder_positions p
   WHERE p.available ${spatial ? 'AND earth_box(ll_to_earth($1, $2), $3) @> p.earth' : ''}
     AND earth_distance(ll_to_earth($1, $2), p.earth) <= $3
     AND p.reported_at >= now() - interval '1 day' AND p.activated AND NOT p.is_bot
     AND NOT EXISTS (SELECT 1 FROM alert_requests q WHERE q.responder_id = p.responder_id AND q.alert_open
                        AND q.status IN ('dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim', 'waiting'))`;

/** Direct measurements, in this process, at each radius: the indexed count, the naive full scan, the k-d tree. */
async function direct(database: Database, size: number) {
  const points = places(60, 7);
  const positions = await database.query<{ lat: number; lon: number }>(`SELECT lat, lon FROM responder_positions WHERE available`);
  const [kdBuildMs, tree] = await timed(async () => buildKdTree(positions));
  const byDistance = new Map<number, Awaited<ReturnType<typeof directAt>>>();
  for (const distanceKm of distancesKm) byDistance.set(distanceKm, await directAt(database, size, distanceKm * 1000, points, tree));
  return { kdBuildMs, byDistance };
}

async function directAt(database: Database, size: number, metres: number, points: { lat: number; lon: number }[], tree: ReturnType<typeof buildKdTree>) {
  const loadBefore = loadavg()[0];
  const indexed: number[] = [];
  const counts: number[] = [];
  for (const point of points) {
    const [ms, rows] = await timed(() => database.query<{ n: number }>(reachSql(true), [point.lat, point.lon, metres]));
    indexed.push(ms);
    counts.push(rows[0].n);
  }
  const naive: number[] = [];
  const naiveRuns = values['naive-runs'] !== undefined ? Number(values['naive-runs']) : size >= 1_000_000 ? 4 : size >= 100_000 ? 15 : 30;
  for (const point of points.slice(0, naiveRuns)) naive.push((await timed(() => database.query(reachSql(false), [point.lat, point.lon, metres])))[0]);
  const kd: number[] = [];
  const kdCounts: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const point of points) {
      const started = process.hrtime.bigint();
      const n = tree.countWithin(point.lat, point.lon, metres);
      kd.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (round === 0) kdCounts.push(n);
    }
  }
  const mismatches = counts.filter((count, index) => Math.abs(count - kdCounts[index]) > 1).length;
  const plan = await database.query<Record<string, string>>(`EXPLAIN ANALYZE ${reachSql(true)}`, [points[0].lat, points[0].lon, metres]);
  return {
    plan: plan.map((row) => Object.values(row)[0]), indexedSql: figures(indexed), naiveSql: figures(naive), kdTree: figures(kd), meanReachable: counts.reduce((a, b) => a + b, 0) / counts.length, kdMismatches: mismatches, directLoad: [loadBefore, loadavg()[0]] as [number, number] };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The 1-minute load average around a measure. */
async function withLoad<T>(work: () => Promise<T>): Promise<T & { load: [number, number] }> {
  const before = loadavg()[0];
  const result = await work();
  return { ...result, load: [before, loadavg()[0]] };
}

/** A dispatcher's calls, timed by the client; failures are counted, not thrown. */
function dispatcher(url: string, auth: string) {
  let errors = 0;
  const send = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${url}${path}`, { method, headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const json = (await response.json()) as { data: { nbPotentialBS: number; nbRequests: number; alertId: number } };
    if (!response.ok) {
      errors += 1;
      console.error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    }
    return json.data;
  };
  const preview = (point: { lat: number; lon: number }) => send('PUT', '/services/emergency/v2/alertSettingUp', { ...point, address: 'Bench', alertType: 1 });
  const launch = (point: { lat: number; lon: number }) => send('POST', '/services/emergency/v2/alertLaunch', { ...point, address: 'Bench', alertType: 1 });
  /** Bare HTTP round trip of a route that does nothing, on the same server and connection pool. */
  const calibrate = async (count: number) => {
    const samples: number[] = [];
    for (let index = 0; index < count; index++) samples.push((await timed(async () => (await fetch(`${url}/health`)).arrayBuffer()))[0]);
    return figures(samples);
  };
  const previews = async (points: { lat: number; lon: number }[]) => {
    const samples: number[] = [];
    let reachable = 0;
    for (const point of points) {
      if (previewGapMs > 0) await sleep(previewGapMs);
      const [ms, data] = await timed(() => preview(point));
      samples.push(ms);
      reachable += data?.nbPotentialBS ?? 0;
    }
    return { preview: figures(samples), meanPreviewCount: reachable / points.length };
  };
  const launches = async (points: { lat: number; lon: number }[], gapMs: number) => {
    const samples: number[] = [];
    let selected = 0;
    let lastAlertId = 0;
    for (const point of points) {
      if (gapMs > 0) await sleep(gapMs);
      const [ms, data] = await timed(() => launch(point));
      samples.push(ms);
      selected += data?.nbRequests ?? 0;
      lastAlertId = data?.alertId ?? lastAlertId;
    }
    return { launch: figures(samples), meanSelected: selected / points.length, lastAlertId };
  };
  return { calibrate, previews, launches, preview, launch, errors: () => errors };
}

async function overHttp(url: string) {
  const signIn = await fetch(`${url}/services/backOffice/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'operator@vigil.test', password: demoPassword }) });
  const auth = `JWT ${((await signIn.json()) as { data: { token: string } }).data.token}`;
  const desk = dispatcher(url, auth);
  const previewCount = Number(values.previews);
  const launchCount = Number(values.launches);
  for (const point of places(20, 11)) await desk.preview(point);
  await desk.calibrate(20);
  const calibration = await withLoad(async () => ({ figures: await desk.calibrate(200) }));
  const quietPreview = await withLoad(() => desk.previews(places(previewCount, 13)));
  for (const point of places(10, 17)) await desk.launch(point);
  // One at a time (the previous alert's pushes delivered, as between two real emergencies), then
  // back to back (each launch queued behind the previous one's deliveries: a throughput figure).
  const quietLaunch = await withLoad(() => desk.launches(places(launchCount, 19), launchGapMs));
  const burst = await withLoad(() => desk.launches(places(Math.ceil(launchCount / 2), 23), 0));
  const quietErrors = desk.errors();
  const readers = Number(values.readers);
  let loaded;
  if (readers > 0) {
    // The load bench's readers on the same server, then the same preview and launches among them.
    const crowd = await startReaders(url, readers, readerCalls(auth, quietLaunch.lastAlertId));
    try {
      await sleep(2000);
      const loadedCalibration = await withLoad(async () => ({ figures: await desk.calibrate(100) }));
      const loadedPreview = await withLoad(() => desk.previews(places(Number(values['loaded-previews']), 29)));
      const loadedLaunch = await withLoad(() => desk.launches(places(Number(values['loaded-launches']), 31), launchGapMs));
      loaded = { calibration: loadedCalibration, preview: loadedPreview, launch: loadedLaunch, errors: desk.errors() - quietErrors, readers: await crowd.stop() };
    } catch (error) {
      await crowd.stop();
      throw error;
    }
  }
  return {
    calibration,
    preview: quietPreview.preview,
    previewLoad: quietPreview.load,
    meanPreviewCount: quietPreview.meanPreviewCount,
    launch: quietLaunch.launch,
    launchLoad: quietLaunch.load,
    meanSelected: quietLaunch.meanSelected,
    launchBackToBack: burst.launch,
    errors: quietErrors,
    loaded,
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function runOne(engine: 'pglite' | 'postgres', size: number): Promise<EngineRun[]> {
  log(`${engine}, ${size.toLocaleString('en')} responders`);
  const keep = values.keep!;
  const dataDir = keep ? join(tmpdir(), `vigil-bench-alerts-${engine}-${size}`) : mkdtempSync(join(tmpdir(), `vigil-bench-${engine}-`));
  const name = `vigil_bench_alerts_${size}`;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    if (!keep) await adminQuery(values['postgres-url']!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(values['postgres-url']!, `CREATE DATABASE ${name}`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error; // kept from an earlier run
    });
    databaseUrl = Object.assign(new URL(values['postgres-url']!), { pathname: `/${name}` }).toString();
  }
  const env = {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SIGNIN_RATE_PER_MINUTE: '1000',
    ALERT_POSITION_FRESH_SECONDS: '86400',
  };
  try {
    const ctx = await createContext(loadConfig(env), pino({ level: 'warn' }) as FastifyBaseLogger);
    let measured;
    let generateMs: number;
    try {
      await seedDemoIfEmpty(ctx);
      const [{ n }] = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM responders WHERE email LIKE '%@bench.invalid'`);
      [generateMs] = n === size ? [Number.NaN] : await timed(() => generateDataset(ctx.database, size, log));
      log(n === size ? '  data kept from an earlier run' : `  data ready in ${(generateMs / 1000).toFixed(1)} s`);
      if (values['generate-only']) return [];
      log('  direct measurements');
      measured = await direct(ctx.database, size);
    } finally {
      await stopContext(ctx);
    }
    const runs: EngineRun[] = [];
    for (const distanceKm of distancesKm) {
      log(`  HTTP measurements, radius ${distanceKm} km`);
      const server = await startServer({ ...env, ALERT_DISTANCE_MAX_KM: String(distanceKm) });
      try {
        const http = await overHttp(server.url);
        const run: EngineRun = { engine, size, distanceKm, previewGapMs, generateMs, kdBuildMs: measured.kdBuildMs, ...measured.byDistance.get(distanceKm)!, ...http, load: [http.calibration.load[0], http.launchLoad[1]] };
        const ratio = (value: number) => `${(value / run.indexedSql.p95).toFixed(1)}×`;
        log(`  load average ${run.load.map((value) => value.toFixed(1)).join(' → ')}; calibration p95 ${http.calibration.figures.p95.toFixed(1)} ms; indexed count p95 ${run.indexedSql.p95.toFixed(2)} ms`);
        log(`  preview p50 ${http.preview.p50.toFixed(1)} ms p95 ${http.preview.p95.toFixed(1)} ms (${ratio(http.preview.p95)}, ${http.meanPreviewCount.toFixed(0)} reachable); launch p50 ${http.launch.p50.toFixed(1)} ms p95 ${http.launch.p95.toFixed(1)} ms (${ratio(http.launch.p95)}, ${http.meanSelected.toFixed(0)} selected), back to back p95 ${http.launchBackToBack.p95.toFixed(1)} ms`);
        if (http.loaded) log(`  under ${http.loaded.readers.connections} readers (${http.loaded.readers.requests} reads, ${http.loaded.readers.errors} errors): preview p95 ${http.loaded.preview.preview.p95.toFixed(1)} ms (${(http.loaded.preview.preview.p95 / http.preview.p95).toFixed(1)}× quiet), launch p95 ${http.loaded.launch.launch.p95.toFixed(1)} ms, ${http.loaded.errors} dispatcher errors, load ${http.loaded.preview.load.map((value) => value.toFixed(1)).join(' → ')}`);
        runs.push(run);
      } finally {
        await stopServer(server.child);
      }
    }
    return runs;
  } finally {
    if (!keep) {
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === 'postgres') await adminQuery(values['postgres-url']!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
}

async function main(): Promise<void> {
  const runs: EngineRun[] = [];
  for (const engine of engines) for (const size of sizes) runs.push(...(await runOne(engine, size)));
  if (runs.length === 0) return;
  const machine = { cpu: cpuModel(), cores: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version };
  const date = new Date().toISOString();
  mkdirSync('bench/alerts/runs', { recursive: true });
  const file = `bench/alerts/runs/${date.slice(0, 16).replace(':', '')}-${values.engine}.json`;
  writeFileSync(file, `${JSON.stringify({ date, machine, runs }, null, 2)}\n`);
  log(`results written to ${file}`);
  if (!values['skip-report']) writeReport();
}

// Exit once written: pools and timers of the stopped contexts must not keep the process waiting.
void main().then(() => process.exit(0)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
