import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../server/src/app';
import { createContext, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { demoPassword } from '../../server/src/db/seed/accounts';
import { seedDemoIfEmpty } from '../../server/src/db/seed/demo';
import { generateHistory } from './dataset';
import { writeReport, type EngineRun, type Figures } from './report';

/**
 * The history and dashboards with 100,000 alerts: getAlertHistory pages (default range, filters,
 * deep pages, the whole 24 months), exportAlertHistory of every alert (time, size, peak memory,
 * rows checked in the file), and the referent dashboard's statistics and indicators over the same
 * data, through HTTP on a real listening Vigil. Writes bench/history/results-<engine>.json and the
 * "History and dashboards" section of docs/performance.md.
 *
 *   npx tsx bench/history/run.ts [--engine postgres|pglite] [--alerts 100000] [--pages 200] [--stats 20] [--export-budget 300000] [--keep]
 *
 * --keep leaves the database vigil_bench_history_<alerts> (PostgreSQL) for a later run, which
 * then measures it without generating it again.
 */
const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    alerts: { type: 'string', default: '100000' },
    pages: { type: 'string', default: '200' },
    stats: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
    'postgres-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    'skip-report': { type: 'boolean', default: false },
    'export-budget': { type: 'string', default: '300000' },
  },
});

const engine = values.engine as 'postgres' | 'pglite';
const alertCount = Number(values.alerts);
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: round(at(0.5)), p95: round(at(0.95)), mean: round(samples.reduce((sum, value) => sum + value, 0) / samples.length), n: samples.length };
}
const round = (value: number) => Math.round(value * 10) / 10;

/** A database of its own on the PostgreSQL server; reused when --keep left one. */
async function postgresDatabase(serverUrl: string): Promise<{ url: string; fresh: boolean; drop(): Promise<void> }> {
  const name = `vigil_bench_history_${alertCount}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    fresh: !exists,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Counts the rows of the first worksheet of an .xlsx without a spreadsheet library: the central directory, then the inflated sheet. */
function xlsxRows(file: Buffer): number {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  for (let index = 0; index < entries; index++) {
    const compressed = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extra = file.readUInt16LE(at + 30);
    const comment = file.readUInt16LE(at + 32);
    const offset = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === 'xl/worksheets/sheet1.xml') {
      const dataStart = offset + 30 + file.readUInt16LE(offset + 26) + file.readUInt16LE(offset + 28);
      const xml = inflateRawSync(file.subarray(dataStart, dataStart + compressed)).toString('utf8');
      return xml.split('<row>').length - 1;
    }
    at += 46 + nameLength + extra + comment;
  }
  throw new Error('no worksheet in the file');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-history-'));
  const database = engine === 'postgres' ? await postgresDatabase(values['postgres-url']!) : undefined;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1', SIGNIN_RATE_PER_MINUTE: '100000' }, database ? { DATABASE_URL: database.url } : {});
  const ctx = await createContext(config, pino({ level: 'silent' }) as FastifyBaseLogger);
  await seedDemoIfEmpty(ctx);
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const signIn = await fetch(`${url}/services/backOffice/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'referent@vigil.test', password: demoPassword }) });
  const auth = `JWT ${((await signIn.json()) as { data: { token: string } }).data.token}`;

  async function timed(path: string): Promise<{ ms: number; body: unknown }> {
    const started = performance.now();
    // A kept-alive socket the server closed while the data was written (PGlite blocks its thread) is opened again once.
    const response = await fetch(`${url}${path}`, { headers: { authorization: auth } }).catch(() => fetch(`${url}${path}`, { headers: { authorization: auth } }));
    const body = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, body };
  }
  async function measure(label: string, paths: () => string, runs: number): Promise<Figures & { label: string }> {
    await timed(paths()); // warm-up
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) samples.push((await timed(paths())).ms);
    const result = { label, ...figures(samples) };
    log(`${label}: p50 ${result.p50} ms, p95 ${result.p95} ms (n=${result.n}, load ${loadavg()[0].toFixed(1)})`);
    return result;
  }

  const pages = Number(values.pages);
  const runs = Number(values.stats);
  const history = '/services/backoffice/alert/getAlertHistory';
  const indicators = '/services/backoffice/indicators';

  // Baseline: the same calls on the demo's year alone (about a thousand alerts), before the 100,000.
  const [{ present }] = await ctx.database.query<{ present: number }>('SELECT count(*)::int AS present FROM alerts');
  let baseline: EngineRun['baseline'];
  if (present < alertCount) {
    baseline = {
      alerts: present,
      calls: [
        await measure('default range (4 months), page 1', () => `${history}?lang=fr&limit=20&page=1`, Math.min(pages, 50)),
        await measure('getStatsReferentDashboard (personal, month, total)', () => '/services/backoffice/alert/getStatsReferentDashboard', runs),
        await measure('indicators/alertsRateRanking (3 months)', () => `${indicators}/alertsRateRanking`, runs),
      ],
    };
    log(`generating ${alertCount.toLocaleString('en')} alerts on ${engine}…`);
    const started = Date.now();
    const made = await generateHistory(ctx.database, alertCount);
    log(`generated ${made.alerts} alerts, ${made.requests} requests, ${made.callbacks} call-backs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    // A kept database already holds the generated alerts (beside the demo's): measured again as is.
    log('reusing the kept database (no baseline)');
  }
  const [{ total }] = await ctx.database.query<{ total: number }>('SELECT count(*)::int AS total FROM alerts');
  const oldest = new Date(Date.now() - 23.5 * 30 * 86_400_000).toISOString().slice(0, 10);
  let pageNumber = 0;
  const first = (await timed(`${history}?startDate=${oldest}&limit=20`)).body as { data: { count: number } };
  const inRange = first.data.count;
  const pageSet = [
    await measure('default range (4 months), page 1', () => `${history}?lang=fr&limit=20&page=1`, pages),
    await measure('default range, pages 1–50 in turn', () => `${history}?lang=fr&limit=20&page=${(pageNumber++ % 50) + 1}`, pages),
    await measure('24 months, page 1 (count of every alert)', () => `${history}?startDate=${oldest}&limit=20&page=1`, pages),
    await measure('24 months, a page deep in the list (page 2,000)', () => `${history}?startDate=${oldest}&limit=20&page=2000`, pages),
    await measure('filters: type, address search', () => `${history}?alertType=1&address=Jaude&limit=20`, pages),
    await measure('filters: responders who set off only, 100 a page', () => `${history}?withCitizenResponderOnly=true&limit=100`, pages),
    await measure('call-back tag "to do" over 24 months', () => `${history}?tag=toDo&startDate=${oldest}&limit=20`, pages),
  ];

  // The export of every alert of the 24 months, with the server's peak memory while it streams. The
  // budget is lifted (--export-budget, default 300 s) so that a busy machine still gives the whole
  // export's time; the report compares that time with the 30 s budget.
  process.env.HISTORY_EXPORT_BUDGET_MS = values['export-budget'];
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const rssBefore = process.memoryUsage().rss;
  const exportStarted = performance.now();
  const cpuBefore = process.cpuUsage();
  // Past its 30 s budget the server cuts the stream: the run records the cut instead of a row count.
  let file = Buffer.alloc(0);
  let cut = false;
  try {
    const exported = await fetch(`${url}/services/backoffice/alert/exportAlertHistory`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'xlsx', lang: 'en', startDate: oldest }) });
    file = Buffer.from(await exported.arrayBuffer());
  } catch (error) {
    cut = true;
    log(`export cut: ${(error as Error).message}`);
  }
  const exportMs = performance.now() - exportStarted;
  const cpu = process.cpuUsage(cpuBefore);
  const exportCpuMs = Math.round((cpu.user + cpu.system) / 1000);
  clearInterval(sampler);
  const rows = cut ? 0 : xlsxRows(file) - 1;
  log(`export: ${cut ? 'cut at the budget' : `${rows.toLocaleString('en')} alerts`} in ${(exportMs / 1000).toFixed(1)} s (${(exportCpuMs / 1000).toFixed(1)} s CPU in the Vigil process), ${(file.length / 1e6).toFixed(1)} MB, peak RSS +${((peakRss - rssBefore) / 1e6).toFixed(0)} MB, load ${loadavg()[0].toFixed(1)}`);

  const stats = [
    await measure('getStatsReferentDashboard (personal, month, total)', () => '/services/backoffice/alert/getStatsReferentDashboard', runs),
    await measure('getStatsReferentDashboard as the view opens (personal, month)', () => '/services/backoffice/alert/getStatsReferentDashboard?isTotalDepartureFetch=false', runs),
    await measure('getStatsReferentDashboard, departures in total only', () => '/services/backoffice/alert/getStatsReferentDashboard?isPersonalFetch=false&isMonthDepartureFetch=false', runs),
    await measure('getCallActions', () => '/services/backoffice/alert/getCallActions', runs),
    await measure('indicators/alertsGrowth (month)', () => `${indicators}/alertsGrowth`, runs),
    await measure('indicators/alertsType (3 months)', () => `${indicators}/alertsType`, runs),
    await measure('indicators/alertsRateRanking (3 months)', () => `${indicators}/alertsRateRanking`, runs),
    await measure('indicators/alertsRateRanking, area 63 (communes)', () => `${indicators}/alertsRateRanking?area=63`, runs),
    await measure('indicators/alertsSummary (30 days)', () => `${indicators}/alertsSummary`, runs),
    await measure('indicators/lookLast24', () => `${indicators}/lookLast24`, runs),
  ];

  const run: EngineRun = {
    engine,
    alerts: total,
    generated: alertCount,
    inRange,
    pages: pageSet,
    exportRun: { rows, ms: Math.round(exportMs), cpuMs: exportCpuMs, cut, loadAverage: Math.round(loadavg()[0] * 10) / 10, bytes: file.length, peakRssMb: Math.round((peakRss - rssBefore) / 1e6), expected: inRange },
    stats,
    baseline,
    loadAverage: Math.round(loadavg()[0] * 10) / 10,
  };
  await app.close();
  await stopContext(ctx);
  if (!values.keep) await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!values['skip-report']) writeReport(run, { cores: cpus().length, memoryGb: Math.round(totalmem() / 1e9), node: process.version });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
