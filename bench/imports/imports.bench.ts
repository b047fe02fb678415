/**
 * AED import benchmark: a GeoDAE-shaped CSV of 100,000 records (coordinates on every row, spread
 * over mainland France) through the real calls — importFile (streamed upload, parsed in the worker,
 * rows stored), createImport, mappings (the recognised preset), processImport (the durable job,
 * duplicate detection on) — then the same file again (every row found unchanged). Rows per second
 * of each phase and the peak memory of the process (the parse worker included).
 *
 *   npx tsx bench/imports/imports.bench.ts                       # PGlite (in a temporary folder)
 *   npx tsx bench/imports/imports.bench.ts --pg postgres://postgres@127.0.0.1:5432/postgres
 *   options: --rows 100000 --json bench/imports/results-<engine>.json --passes first (not the same file again)
 *            --register bare   the AED table without its upkeep (map cells, per-brand cells, search
 *                              text and copy): what the import itself costs, whatever the register keeps
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../../server/src/app';
import { createContext, startBackground, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { seedAccounts } from '../../server/src/db/seed/accounts';
import { csvLine, geodaeHeader, geodaeRow } from '../../tests/fixtures/import/geodae-rows';
import { getRun, post, upload } from '../../tests/fixtures/import/client';
import { freshPostgres } from '../postgres';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const rows = Number(args.get('rows') ?? 100_000);
const serverUrl = args.get('pg');

function cpuModel(): string {
  return cpus()[0]?.model.trim() || 'unknown';
}

/** Samples the resident memory every 50 ms; `peak` is the highest seen (the OS's own peak is reported too). */
function memoryProbe() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return {
    reset() {
      peak = process.memoryUsage().rss;
    },
    peakMiB: () => Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20),
    stop: () => clearInterval(timer),
  };
}

/** Writes the file line by line (the generator never holds it in memory). */
async function writeGeodae(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${csvLine(geodaeHeader)}\n`);
  for (let i = 0; i < count; i += 1) {
    if (!out.write(`${csvLine(geodaeRow(i, { seed: 2026, firstGid: 1, france: true }))}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const seconds = (ms: number) => Math.round(ms / 10) / 100;
const perSecond = (count: number, ms: number) => Math.round(count / (ms / 1000));

/** Drops the triggers that keep the register's map cells, per-brand cells and search copy. */
async function stripRegisterUpkeep(database: { query(text: string): Promise<unknown> }): Promise<void> {
  for (const cells of ['map', 'brand']) {
    for (const change of ['insert', 'update', 'delete']) await database.query(`DROP TRIGGER aeds_${cells}_cells_${change} ON aeds`);
  }
  for (const trigger of ['aeds_search_insert', 'aeds_search_update', 'aeds_search_text', 'aeds_upkeep_defer']) await database.query(`DROP TRIGGER ${trigger} ON aeds`);
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'vigil-import-bench-'));
  const file = join(folder, 'geodae-france.csv');
  await writeGeodae(file, rows);
  const bytes = statSync(file).size;
  const database = serverUrl ? await freshPostgres(serverUrl) : undefined;
  const config = loadConfig({ DATA_DIR: folder, LOG_LEVEL: 'silent', DEMO_DATA: 'false' }, database ? { DATABASE_URL: database.url } : {});
  const ctx = await createContext(config, pino({ level: 'silent' }) as FastifyBaseLogger);
  const engine = ctx.database.kind;
  if (args.get('register') === 'bare') await stripRegisterUpkeep(ctx.database);
  const memory = memoryProbe();
  const results: Record<string, unknown> = {
    engine,
    rows,
    fileMiB: Math.round((bytes / 2 ** 20) * 10) / 10,
    cpu: cpuModel(),
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    batchRows: Number(process.env.IMPORT_BATCH_ROWS ?? 500),
    register: args.get('register') ?? 'production',
    date: new Date().toISOString(),
  };
  try {
    await seedAccounts(ctx.database.db);
    const app = await buildApp(ctx);
    await startBackground(ctx);
    const signIn = await app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'admin@vigil.test', password: 'Vigil-Demo-2026!' } });
    const auth = `JWT ${signIn.json().data.token}`;
    const idSite = signIn.json().data.siteId as number;

    const passes = args.get('passes') === 'first' ? (['first'] as const) : (['first', 'again'] as const);
    for (const pass of passes) {
      memory.reset();
      const load = loadavg()[0];
      let started = Date.now();
      console.log(engine, pass, 'uploading');
      const uploaded = await upload(app, auth, 'geodae-france.csv', createReadStream(file));
      if (uploaded.statusCode !== 200) throw new Error(`importFile ${uploaded.statusCode} ${uploaded.body}`);
      const uploadMs = Date.now() - started;
      const answer = uploaded.json().data;
      const uploadPeak = memory.peakMiB();
      const created = await post(app, auth, 'createImport', { idSite, name: `bench ${pass}`, fileName: answer.fileName });
      const idImport = created.json().data.idImport as number;
      await post(app, auth, 'mappings', { idImport, fieldMapConfig: answer.preset.fieldMapConfig });
      memory.reset();
      started = Date.now();
      await post(app, auth, 'processImport', { idImport });
      let run = await getRun(app, auth, idImport);
      while (run.state === 'processing') {
        await new Promise((resolve) => setTimeout(resolve, 250));
        run = await getRun(app, auth, idImport);
        if (args.has('verbose')) console.log(engine, pass, `${run.processed}/${run.total}`, `${seconds(Date.now() - started)} s`);
      }
      const wallMs = Date.now() - started;
      if (run.state !== 'done') throw new Error(`run ${run.state}: ${run.error}`);
      results[pass] = {
        uploadSeconds: seconds(uploadMs),
        uploadRowsPerSecond: perSecond(answer.numRows, uploadMs),
        uploadPeakMiB: uploadPeak,
        processSeconds: seconds(wallMs),
        processRowsPerSecond: perSecond(run.processed, wallMs),
        jobSeconds: seconds(run.duration ?? 0),
        jobRowsPerSecond: perSecond(run.processed, run.duration ?? wallMs),
        processPeakMiB: memory.peakMiB(),
        counts: run.counts,
        loadAverage: Math.round(load * 10) / 10,
      };
      console.log(engine, pass, JSON.stringify(results[pass]));
    }
    results.maxRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
    await app.close();
  } finally {
    memory.stop();
    await stopContext(ctx);
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  }
  console.log(JSON.stringify(results, null, 2));
  const json = args.get('json');
  if (json) writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
}

await main();
process.exit(0);
