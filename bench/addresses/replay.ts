/**
 * npx tsx bench/addresses/replay.ts <DATABASE_URL> [queries.json]
 *
 * Times suggestions on a database that already holds imported addresses (one `bench -- addresses`
 * run leaves none behind: import once with `npm run addresses:import`), so that two builds can be
 * timed alternately on the same data and the same queries: run it from each build's checkout with
 * the same queries file. 100 addresses of the database, 400 queries: a quarter each complete,
 * half-typed, in capitals without accents, and with one typo; the queries file is written on the
 * first run and read by the next ones.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { geocode } from '../../server/src/modules/geo/service';
import { typedAddress } from './typed';

type Sample = { number: number; street: string; city: string };
const [databaseUrl, queriesFile = join(tmpdir(), 'vigil-address-queries.json')] = process.argv.slice(2);

let seed = 7;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);

const ctx = await createContext(loadConfig({ DATA_DIR: join(tmpdir(), 'vigil-address-replay'), LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl }));
try {
  if (!existsSync(queriesFile)) {
    const samples = await ctx.database.query<Sample>(
      'SELECT p.number, s.name AS street, s.city FROM address_points p JOIN address_streets s ON s.id = p.street_id ORDER BY md5(p.street_id::text || p.number::text) LIMIT 100',
    );
    writeFileSync(queriesFile, JSON.stringify({ samples, queries: Array.from({ length: 400 }, (_, at) => typedAddress(samples[at % samples.length], at % 4, random)) }));
  }
  const { samples, queries } = JSON.parse(readFileSync(queriesFile, 'utf8')) as { samples: Sample[]; queries: string[] };
  for (const query of queries.slice(0, 30)) await geocode(ctx, { address: query }); // warm-up
  const runs: { ms: number; kind: number; right: boolean }[] = [];
  for (const [at, query] of queries.entries()) {
    const started = performance.now();
    const [best] = await geocode(ctx, { address: query });
    const sample = samples[at % samples.length];
    const label = best?.label.toLowerCase() ?? '';
    runs.push({ ms: performance.now() - started, kind: at % 4, right: best?.precision === 'housenumber' && label.includes(sample.street.toLowerCase()) && label.endsWith(sample.city.toLowerCase()) });
  }
  const times = runs.map((run) => run.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  const right = ['complete', 'half-typed', 'capitals', 'typo'].map((name, kind) => `${name} ${runs.filter((run) => run.kind === kind && run.right).length}/${runs.filter((run) => run.kind === kind).length}`);
  console.log(JSON.stringify({ p50: at(0.5), p95: at(0.95), p99: at(0.99), rightFirst: right.join(', '), load: Math.round(loadavg()[0] * 10) / 10 }));
} finally {
  await stopContext(ctx);
}
