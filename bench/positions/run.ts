/**
 * npm run bench -- positions [--pg postgres://…] [--instances 1] [--responders 200] [--clients 50,100,200] [--seconds 10] [--alternate N] [--profile DIR]
 *
 * `--alternate N` measures each line as N slices of seconds/N, no-op and reports in turn, each slice
 * after its own warm-up: on a machine shared with other work, whose load moves within seconds, both
 * routes then see the same moments and the ratio compares the routes, not two moments. A line's rate
 * is its requests over its slices' measured time, its percentiles the worst slice's.
 *
 * Responder position reports at scale. Starts `--instances` Vigil servers (PGlite: one, in a fresh
 * folder; PostgreSQL: a fresh database they share), registers `--responders` responders through the
 * responder API, then for each number of concurrent clients measures, in the same run, the no-op
 * route (GET /health) and `PUT /services/responder/v1/position` with one responder per connection
 * (keep-alive, spread over the instances in turn). For each line it keeps the CPU seconds of each
 * Vigil process, of PostgreSQL's processes and of the bench itself, and on PostgreSQL with
 * pg_stat_statements loaded, the statements that took the database's time. Writes
 * bench/positions/results-<engine>-<instances>.json; bench/positions/report.ts renders
 * docs/performance.md's section.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { hammer, type Call, type HttpResult } from '../http/hammer';
import { cpuSeconds, settled, startVigil, type VigilProcess } from '../http/vigil-process';
import { freshPostgres } from '../postgres';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const pgUrl = option('pg', '');
const instanceCount = Number(option('instances', '1'));
const responderCount = Number(option('responders', '200'));
const clientCounts = option('clients', '50,100,200').split(',').map(Number);
const seconds = Number(option('seconds', '10'));
const slices = Math.max(1, Number(option('alternate', '1')));
const engine = pgUrl ? 'postgres' : 'pglite';
/** A folder for each Vigil process's CPU profile (where a report's time goes in the server). */
const cpuProfileDir = option('profile', '') || undefined;
if (!pgUrl && instanceCount > 1) throw new Error('several instances share a PostgreSQL database: give --pg');

const firstPort = 4100 + Math.floor(Math.random() * 50) * 4;
const clermont = { lat: 45.7772, lon: 3.087 };
/** Responder `index`'s home, spread over about 20 km, and a step of a few metres from it. */
const home = (index: number, step = 0) => ({ lat: clermont.lat + ((index * 37) % 2000) / 11_132 + step / 111_319, lon: clermont.lon + ((index * 53) % 2000) / 8_000 });

async function call(base: string, method: string, path: string, body?: unknown, authorization?: string) {
  const answer = await fetch(`${base}${path}`, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(authorization ? { authorization } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

/** Registers responders through the API, each reporting a first position; answers their Authorization headers. */
async function registerResponders(base: string, count: number): Promise<string[]> {
  const auths: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const suffix = String(index).padStart(5, '0');
    const registered = await call(base, 'POST', '/services/responder/v1/register', {
      responder: { firstName: 'Bench', lastName: `Responder ${suffix}`, email: `positions${suffix}@example.org`, phone: `+336110${suffix}`, age: 30, gender: 'female', trainedStatus: 'trained', carriesAed: false, language: 'fr' },
      device: { os: 'android', pushToken: `positions-push-${suffix}`, buildVersion: '816', udid: `positions-udid-${suffix}` },
    });
    const auth = `Responder ${registered.data.token as string}`;
    await call(base, 'PUT', '/services/responder/v1/position', { ...home(index), available: true }, auth);
    auths.push(auth);
  }
  return auths;
}

/** PostgreSQL's own processes (the backends serving Vigil, and its writers). */
const postgresPids = () => {
  try {
    return execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
};
/** CPU seconds of each process still running, by pid (a backend may end meanwhile). */
const cpuByPid = (pids: number[]) => new Map(pids.flatMap((pid) => {
  try {
    return [[pid, cpuSeconds(pid)] as const];
  } catch {
    return [];
  }
}));
/** What PostgreSQL's processes spent between two readings; a process started meanwhile counts whole. */
const postgresSpent = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

interface Line extends HttpResult {
  clients: number;
  /** CPU seconds over the line (warm-up included), per Vigil instance, PostgreSQL and the bench's load generator. */
  cpu: { vigil: number[]; postgres: number; bench: number };
}

async function measured(name: string, call: Call, clients: number, vigils: VigilProcess[], lineSeconds = seconds): Promise<Line> {
  for (const vigil of vigils) await settled(vigil.child.pid!);
  const pgCpu = () => cpuByPid(engine === 'postgres' ? postgresPids() : []);
  const before = { vigil: vigils.map((vigil) => cpuSeconds(vigil.child.pid!)), postgres: pgCpu(), bench: process.cpuUsage() };
  const result = await hammer(name, call, { bases: vigils.map((vigil) => vigil.base), clients, seconds: lineSeconds });
  const bench = process.cpuUsage(before.bench);
  const cpu = { vigil: vigils.map((vigil, index) => round2(cpuSeconds(vigil.child.pid!) - before.vigil[index])), postgres: round2(postgresSpent(before.postgres, pgCpu())), bench: round2((bench.user + bench.system) / 1e6) };
  return { ...result, clients, cpu };
}
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The slices of one line as one: requests over measured time, the worst slice's percentiles, sums of errors and CPU. */
function joined(parts: Line[]): Line {
  if (parts.length === 1) return parts[0];
  const sum = (pick: (line: Line) => number) => parts.reduce((total, line) => total + pick(line), 0);
  const worst = (pick: (line: Line) => number) => Math.max(...parts.map(pick));
  const requests = sum((line) => line.requests);
  return {
    ...parts[0],
    name: `${parts[0].name}, ${parts.length} slices`,
    requests,
    perSecond: Math.round((requests / sum((line) => line.requests / line.perSecond)) * 10) / 10,
    errors: sum((line) => line.errors),
    non2xx: sum((line) => line.non2xx),
    p50: worst((line) => line.p50),
    p95: worst((line) => line.p95),
    p99: worst((line) => line.p99),
    max: worst((line) => line.max),
    connectionsMs: worst((line) => line.connectionsMs),
    cpu: { vigil: parts[0].cpu.vigil.map((_, index) => round2(sum((line) => line.cpu.vigil[index]))), postgres: round2(sum((line) => line.cpu.postgres)), bench: round2(sum((line) => line.cpu.bench)) },
  };
}

/**
 * The commit the server ran from, `+` when the work tree had changes to the server or the contract;
 * BENCH_BUILD names it instead (e.g. an earlier commit's server checked out to measure it again).
 */
function buildOf(): string {
  if (process.env.BENCH_BUILD) return process.env.BENCH_BUILD;
  const git = (...gitArgs: string[]) => execFileSync('git', gitArgs).toString().trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'server', 'contract') ? '+' : ''}`;
  } catch {
    return 'unknown';
  }
}

/** A line as runs.jsonl keeps it: rate, latency, errors, load, and CPU µs per request of each process kind. */
const summary = (line: Line) => ({
  perSecond: line.perSecond,
  p99: line.p99,
  errors: line.errors + line.non2xx,
  loadBefore: line.loadBefore,
  cpuMicros: { vigil: Math.round((line.cpu.vigil.reduce((a, b) => a + b, 0) / line.requests) * 1e6), postgres: Math.round((line.cpu.postgres / line.requests) * 1e6), bench: Math.round((line.cpu.bench / line.requests) * 1e6) },
});

/** A short-lived connection to the bench's database (PostgreSQL only). */
async function withDatabase<T>(databaseUrl: string | undefined, use: (client: pg.Client) => Promise<T>): Promise<T | undefined> {
  if (!databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The statements that took PostgreSQL's time during the position lines, when pg_stat_statements is loaded. */
const statementsOf = (databaseUrl: string | undefined, action: 'reset' | 'read') =>
  withDatabase(databaseUrl, async (client) => {
    const loaded = (await client.query(`SELECT 1 FROM pg_settings WHERE name = 'shared_preload_libraries' AND setting ~ 'pg_stat_statements'`)).rowCount;
    if (!loaded) return undefined;
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    if (action === 'reset') {
      await client.query('SELECT pg_stat_statements_reset()');
      return undefined;
    }
    const { rows } = await client.query<{ query: string; calls: string; total_ms: number; mean_ms: number }>(
      `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query, calls, round(total_exec_time::numeric, 1)::float AS total_ms, round(mean_exec_time::numeric, 3)::float AS mean_ms
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY total_exec_time DESC LIMIT 8`,
    );
    return rows.map((row) => ({ ...row, calls: Number(row.calls) }));
  });

/** Where the write-ahead log stands (bytes): its growth over a line is what the reports wrote. */
const walAt = (databaseUrl: string | undefined) => withDatabase(databaseUrl, async (client) => Number((await client.query<{ at: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS at`)).rows[0].at));

/** The stored size of one responder's position: its row, and its entries in the table's indexes. */
const positionBytes = (databaseUrl: string | undefined) =>
  withDatabase(databaseUrl, async (client) => {
    await client.query('VACUUM FULL responder_positions');
    const { rows } = await client.query<{ row: number; indexes: number }>(
      `SELECT avg(pg_column_size(p.*))::float AS row, pg_indexes_size('responder_positions')::float / count(*) AS indexes FROM responder_positions p`,
    );
    return { row: Math.round(rows[0].row), indexes: Math.round(rows[0].indexes) };
  });

async function main() {
  const database = pgUrl ? await freshPostgres(pgUrl, 'vigil_positions') : undefined;
  const vigils: VigilProcess[] = [];
  try {
    // The first instance migrates the database; the others then start on it.
    for (let index = 0; index < instanceCount; index += 1) vigils.push(await startVigil({ port: firstPort + index, databaseUrl: database?.url, cpuProfileDir }));
    const auths = await registerResponders(vigils[0].base, responderCount);
    const lines: { noOp: Line; positions: Line; ratio: number }[] = [];
    for (const clients of clientCounts) {
      const noOps: Line[] = [];
      const reports: Line[] = [];
      let walBefore: number | undefined;
      for (let slice = 0; slice < slices; slice += 1) {
        noOps.push(await measured(`no-op (GET /health), ${clients} clients`, { method: 'GET', path: '/health' }, clients, vigils, seconds / slices));
        if (slice === 0) {
          await statementsOf(database?.url, 'reset');
          walBefore = await walAt(database?.url);
        }
        reports.push(await measured(`position reports (PUT responder/v1/position), ${clients} clients`, { method: 'PUT', path: '/services/responder/v1/position', body: { ...home(0, 5), accuracy: 12 }, authorizations: auths }, clients, vigils, seconds / slices));
      }
      const [noOp, positions] = [joined(noOps), joined(reports)];
      const statements = await statementsOf(database?.url, 'read');
      const walBytes = walBefore === undefined ? undefined : (await walAt(database?.url))! - walBefore;
      const walBytesPerReport = walBytes === undefined ? undefined : Math.round(walBytes / positions.requests);
      lines.push({ noOp, positions: { ...positions, ...(statements ? { statements } : {}), ...(walBytesPerReport ? { walBytesPerReport } : {}) }, ratio: Math.round((positions.perSecond / noOp.perSecond) * 100) / 100 });
      console.log(`${clients} clients: positions ${positions.perSecond}/s (p99 ${positions.p99} ms), no-op ${noOp.perSecond}/s, ratio ${lines.at(-1)!.ratio}`);
    }
    const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
    const file = new URL(`./results-${engine}-${instanceCount}.json`, import.meta.url);
    const stored = await positionBytes(database?.url);
    writeFileSync(file, `${JSON.stringify({ engine, instances: instanceCount, responders: responderCount, seconds, ...(slices > 1 ? { slices } : {}), date: new Date().toISOString(), machine, ...(stored ? { positionBytes: stored } : {}), lines }, null, 2)}\n`);
    // Every run, one line each (runs.jsonl): the ratio moves with the machine's other work, so the
    // report shows each run of each build side by side rather than the last one alone.
    appendFileSync(new URL('./runs.jsonl', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), build: buildOf(), engine, instances: instanceCount, seconds, ...(slices > 1 ? { slices } : {}), loadAfter: round2(loadavg()[0]), lines: lines.map(({ noOp, positions, ratio }) => ({ clients: positions.clients, ratio, noOp: summary(noOp), positions: summary(positions) })) })}\n`);
  } finally {
    for (const vigil of vigils) await vigil.stop();
    await database?.drop();
  }
}

await main();
