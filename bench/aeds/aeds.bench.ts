/**
 * AED register benchmark: 200,000 AEDs on PGlite or PostgreSQL, then list pages (with filters and
 * sort), map viewports (country, city, street) and the export of every row (time, peak memory).
 *
 *   npx tsx bench/aeds/aeds.bench.ts                      # PGlite (in a temporary folder)
 *   npx tsx bench/aeds/aeds.bench.ts --pg postgres://postgres@127.0.0.1:5432/postgres
 *   options: --count 200000 --runs 50 --json bench/aeds/results-<engine>.json
 *   --keep DIR (PGlite) or --keep-db URL (PostgreSQL): reuse a database filled by an earlier run.
 *   --priority: on a shared machine, run the bench process and its PostgreSQL backends at nice -10
 *   (Linux, root) so that other work on the machine weighs less on the figures.
 *   --only calls|export: run one half (the other half's figures are kept from the results file).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { freshPostgres } from '../postgres';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../../server/src/app';
import { createContext, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { seedAccounts } from '../../server/src/db/seed/accounts';
import { aedAround, allier, luxembourg, puyDeDome, randomGenerator, type Town } from '../../server/src/db/seed/aeds';
import { insertAeds } from '../../server/src/modules/aeds/register';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const count = Number(args.get('count') ?? 200_000);
const runs = Number(args.get('runs') ?? 50);
const serverUrl = args.get('pg');

/** Towns all over metropolitan France besides the demo ones, so the country map has work to do. */
function nationalTowns(random: ReturnType<typeof randomGenerator>): Town[] {
  const towns: Town[] = [...puyDeDome, ...allier];
  for (let i = 0; i < 600; i += 1) {
    towns.push({ name: `Commune ${i + 1}`, zip: String(random.int(1000, 95999)).padStart(5, '0'), lat: 43.3 + random.next() * 6.8, lon: -1.2 + random.next() * 8.2, spread: 0.02 + random.next() * 0.05 });
  }
  return towns;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const kept = args.get('keep-db');
  const database = kept ? { url: kept, drop: async () => undefined } : serverUrl ? await freshPostgres(serverUrl) : undefined;
  const dataDir = args.get('keep') ?? mkdtempSync(join(tmpdir(), 'vigil-aed-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, database ? { DATABASE_URL: database.url } : {});
  const ctx = await createContext(config, pino({ level: 'silent' }) as FastifyBaseLogger);
  const engine = ctx.database.kind;
  const results: Record<string, unknown> = { engine, count, runs, cpu: cpuModel(), cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), date: new Date().toISOString() };
  try {
    const existing = Number((await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM aeds'))[0].n);
    if (existing === 0) await fill(ctx, count, results);
    else {
      console.log(`${engine}: reusing ${existing} AEDs`);
      // Keep the fill time measured when this database was filled.
      const previous = args.get('json') ?? `bench/aeds/results-${engine}.json`;
      if (existsSync(previous)) results.insertSeconds = (JSON.parse(readFileSync(previous, 'utf8')) as { insertSeconds?: number }).insertSeconds;
    }


    // Statistics as the running server has them: autovacuum on PostgreSQL, Vigil's own maintenance
    // pass on PGlite (a minute after start, then hourly).
    await ctx.maintenance.runOnce();
    const app = await buildApp(ctx);
    results.loadBefore = loadavg().map(round);
    if (args.has('priority')) await raisePriority(ctx, results);
    const only = args.get('only');
    const signIn = await app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'operator@vigil.test', password: 'Vigil-Demo-2026!' } });
    const authorization = `JWT ${signIn.json().data.token}`;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are checked by shape at run time
    const timed = async (label: string, url: string, payload: unknown, check: (body: any) => void) => {
      if (only === 'export') return;
      const times: number[] = [];
      for (let i = 0; i < runs + 5; i += 1) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'POST', url, headers: { authorization }, payload: payload as object });
        const elapsed = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
        if (i === 0) check(response.json().data);
        if (i >= 5) times.push(elapsed);
      }
      const row = { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(Math.max(...times)) };
      results[label] = row;
      console.log(`${engine}: ${label.padEnd(34)} p50 ${row.p50} ms  p95 ${row.p95} ms  max ${row.max} ms`);
    };
    const list = '/services/backOffice/aed/getAllList';
    const map = '/services/backOffice/aed/getAedsMap';
    await timed('list first page (created desc)', list, { filter: [] }, (data) => {
      results.listTotal = data.count.totalCount;
      if (data.list.length !== 50) throw new Error('list page is not 50 rows');
    });
    await timed('list page 40 sorted by name', list, { filter: [], order: 'name', orderSort: 'asc', page: 40 }, () => undefined);
    await timed('list text search "mairie riom"', list, { filter: [{ type: 'ALL', tag: '', value: 'mairie riom' }] }, (data) => {
      results.searchTotal = data.count.totalCount;
    });
    // A broad search: one word that a large part of the register's names and addresses carry.
    await timed('list text search "mairie" (broad)', list, { filter: [{ type: 'ALL', tag: '', value: 'mairie' }] }, (data) => {
      results.broadSearchTotal = data.count.totalCount;
    });
    await timed('list city + vigilance + certified', list, {
      filter: [
        { type: 'TAG', tag: 'city', value: 'clermont' },
        { type: 'ADVANCED', tag: 'vigilance', value: 'alert' },
        { type: 'ADVANCED', tag: 'certified', value: true },
      ],
      order: 'city',
      orderSort: 'asc',
    }, () => undefined);
    await timed('list brand filter sorted by name desc', list, { filter: [{ type: 'ADVANCED', tag: 'brand', value: 'Zoll' }], order: 'name', orderSort: 'desc' }, () => undefined);
    await timed('map country (zoom 6)', map, { filter: [], bbox: { north: 51.2, south: 42.2, west: -5.2, east: 8.3 }, zoom: 6 }, (data) => {
      results.mapCountry = { mode: data.mode, clusters: data.clusters.length, points: data.points.length, total: data.total };
    });
    await timed('map city (zoom 12, Clermont)', map, { filter: [], bbox: { north: 45.82, south: 45.72, west: 2.98, east: 3.2 }, zoom: 12 }, (data) => {
      results.mapCity = { mode: data.mode, clusters: data.clusters.length, points: data.points.length, total: data.total };
    });
    await timed('map street (zoom 16)', map, { filter: [], bbox: { north: 45.781, south: 45.774, west: 3.078, east: 3.095 }, zoom: 16 }, (data) => {
      results.mapStreet = { mode: data.mode, points: data.points.length };
    });
    await timed('map country, brand filter (zoom 6)', map, { filter: [{ type: 'ADVANCED', tag: 'brand', value: 'Zoll' }], bbox: { north: 51.2, south: 42.2, west: -5.2, east: 8.3 }, zoom: 6 }, () => undefined);

    // Export over real HTTP, reading the stream as a browser would, with the process memory sampled.
    if (only !== 'calls') {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address() as { port: number };
      const exportOnce = async (body: Record<string, unknown>) => {
        global.gc?.();
        const baseline = process.memoryUsage();
        let peakRss = baseline.rss;
        let peakHeap = baseline.heapUsed;
        const sampler = setInterval(() => {
          const usage = process.memoryUsage();
          peakRss = Math.max(peakRss, usage.rss);
          peakHeap = Math.max(peakHeap, usage.heapUsed);
        }, 20);
        const t0 = performance.now();
        const cpu0 = process.cpuUsage();
        const response = await fetch(`http://127.0.0.1:${address.port}/services/backOffice/aed/export`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ filter: [], lang: 'fr', ...body }),
        });
        let bytes = 0;
        let tail = Buffer.alloc(0);
        for await (const chunkBytes of response.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunkBytes.length;
          tail = Buffer.concat([tail, Buffer.from(chunkBytes)]).subarray(-22);
        }
        const seconds = (performance.now() - t0) / 1000;
        const cpu = process.cpuUsage(cpu0);
        clearInterval(sampler);
        if (response.status !== 200 || tail.readUInt32LE(0) !== 0x06054b50) throw new Error(`export failed: ${response.status}`);
        return {
          rows: Number(response.headers.get('x-total-count')),
          seconds: round(seconds),
          /** CPU time of this process (the server; on PGlite the database too), whatever else the machine runs. */
          cpuSeconds: round((cpu.user + cpu.system) / 1e6),
          megabytes: round(bytes / 2 ** 20),
          peakRssMiB: round(peakRss / 2 ** 20),
          rssGrowthMiB: round((peakRss - baseline.rss) / 2 ** 20),
          heapGrowthMiB: round((peakHeap - baseline.heapUsed) / 2 ** 20),
        };
      };
      // One account first (a sixth of the rows), then everything: memory must not grow with the rows.
      const codis = (await ctx.database.query<{ id: number }>("SELECT id FROM accounts WHERE name LIKE 'CODIS 63%'"))[0].id;
      results.exportOneAccount = await exportOnce({ idSelected: codis, withChild: false });
      console.log(`${engine}: export of one account`, results.exportOneAccount);
      results.export = await exportOnce({});
      console.log(`${engine}: export`, results.export);
    }
    results.loadAfter = loadavg().map(round);
    await app.close();
  } finally {
    await stopContext(ctx);
    if (!kept && !args.get('keep')) await database?.drop();
  }
  const output = args.get('json') ?? `bench/aeds/results-${engine}.json`;
  // With --only, the half not run keeps the figures of the earlier results file.
  const earlier = args.has('only') && existsSync(output) ? (JSON.parse(readFileSync(output, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(output, `${JSON.stringify({ ...earlier, priority: undefined, ...results, ...(args.get('only') === 'calls' ? { export: earlier.export, exportOneAccount: earlier.exportOneAccount, exportDate: earlier.exportDate ?? earlier.date } : {}) }, null, 2)}\n`);
  console.log(`results written to ${output}`);
}

/** Demo accounts and users, then `count` AEDs: 70 % SDIS 63, 15 % CODIS 63, 5 % each GeoDAE, SDIS 03, Luxembourg. */
async function fill(ctx: Awaited<ReturnType<typeof createContext>>, total: number, results: Record<string, unknown>) {
  const engine = ctx.database.kind;
  const accounts = await seedAccounts(ctx.database.db);
  const random = randomGenerator(42);
  const towns = nationalTowns(random);
  const started = Date.now();
  const chunk = 10_000;
  for (let done = 0; done < total; done += chunk) {
    const rows = [];
    for (let i = done; i < Math.min(total, done + chunk); i += 1) {
      const roll = i % 20;
      const site = roll < 14 ? accounts.sdis63 : roll < 17 ? accounts.codis63 : roll < 18 ? accounts.geodae : roll < 19 ? accounts.sdis03 : accounts.luxembourg;
      rows.push(aedAround(random, site === accounts.luxembourg ? random.pick(luxembourg) : random.pick(towns), site, site === accounts.luxembourg ? 'LU' : 'FR'));
    }
    await insertAeds(ctx.database.db, rows);
    process.stdout.write(`\r${engine}: ${Math.min(total, done + chunk)} AEDs inserted`);
  }
  await ctx.database.query('ANALYZE');
  results.insertSeconds = Math.round((Date.now() - started) / 100) / 10;
  console.log(`\n${engine}: inserted ${total} AEDs in ${results.insertSeconds} s`);
}

/** nice -10 for this process and the PostgreSQL backends of its database (they exist once the pool is warm). */
async function raisePriority(ctx: Awaited<ReturnType<typeof createContext>>, results: Record<string, unknown>) {
  await Promise.all(Array.from({ length: 8 }, () => ctx.database.query('SELECT pg_sleep(0.05)')));
  const pids = ctx.database.kind === 'postgres' ? (await ctx.database.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).map((row) => String(row.pid)) : [];
  try {
    execFileSync('renice', ['-n', '-10', '-p', String(process.pid), ...pids], { stdio: 'ignore' });
    results.priority = `nice -10 for the bench process${pids.length ? ` and its ${pids.length} PostgreSQL backends` : ''}`;
  } catch {
    results.priority = 'renice refused: default priority';
  }
}

const round = (value: number) => Math.round(value * 10) / 10;
function cpuModel(): string {
  try {
    return /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0].model;
  } catch {
    return cpus()[0].model;
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
