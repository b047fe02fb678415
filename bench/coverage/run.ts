import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { metresPerDegree } from '../../contract/coverage.grid';
import { buildApp } from '../../server/src/app';
import { createContext, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { computeCoverage, coverageModel } from '../../server/src/modules/coverage/compute';
import { freshPostgres } from '../postgres';

/**
 * The coverage-gap map at a department's size: an area of 100 km × 100 km (its AEDs and past alerts
 * span it), 20,000 AEDs (a third open 08:00–20:00 only), 1,000,000 position samples of 2,000
 * responders over 8 weeks of 15-minute slots, 5,000 past alerts; the weekday 14:00 band (and 03:00).
 * Measures the computation (goal ≤ 10 s on PostgreSQL), the map's answers over HTTP for views from a
 * town to the whole department (goal p95 ≤ 50 ms), and beside them the naive computation: one
 * k-nearest search per cell on the same indexes, timed on a sample of cells and scaled to the grid.
 * Writes bench/coverage/results-<engine>.json.
 *
 *   npx tsx bench/coverage/run.ts [--engine postgres|pglite] [--samples 1000000] [--aeds 20000] [--views 300] [--naive-cells 200]
 */
const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    samples: { type: 'string', default: '1000000' },
    aeds: { type: 'string', default: '20000' },
    alerts: { type: 'string', default: '5000' },
    responders: { type: 'string', default: '2000' },
    views: { type: 'string', default: '300' },
    'naive-cells': { type: 'string', default: '200' },
    'postgres-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const engine = values.engine as 'postgres' | 'pglite';
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);
const round = (value: number) => Math.round(value * 10) / 10;
const figures = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]), n: samples.length };
};

/** The department: 100 km × 100 km around Clermont-Ferrand. */
const centre = { lat: 45.75, lon: 3.08 };
const half = 50_000;
const dLat = half / metresPerDegree;
const dLon = half / (metresPerDegree * Math.cos((centre.lat * Math.PI) / 180));

const postgres = engine === 'postgres' ? await freshPostgres(values['postgres-url'], 'vigil_bench_coverage') : undefined;
const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'vigil-bench-coverage-')), LOG_LEVEL: 'silent', DEMO_DATA: 'false', SIGNIN_RATE_PER_MINUTE: '100000' }, postgres ? { DATABASE_URL: postgres.url } : {});
const ctx = await createContext(config, pino({ level: 'silent' }) as FastifyBaseLogger);
const db = ctx.database;
try {
  log(`generating on ${engine}`);
  const [{ id: accountId }] = await db.query<{ id: number }>(`INSERT INTO accounts (name) VALUES ('Bench department') RETURNING id`);
  await db.query(`INSERT INTO users (email, username, password_hash, id_group, site_id) VALUES ('bench@vigil.test', 'bench@vigil.test', $1, 7, $2)`, [await hash('Bench-password-1!'), accountId]);
  // Towns: 60 centres; AEDs, responders and alerts gather around them (a normal spread of 1.5 km), a fifth anywhere.
  await db.query(`CREATE TABLE bench_towns AS SELECT n, ${centre.lat} + (random() * 2 - 1) * ${dLat} AS lat, ${centre.lon} + (random() * 2 - 1) * ${dLon} AS lon FROM generate_series(1, 60) AS n`);
  const around = (alias: string) => `CASE WHEN random() < 0.2 THEN ${centre.lat} + (random() * 2 - 1) * ${dLat} ELSE ${alias}.lat + sqrt(-2 * ln(random())) * cos(2 * pi() * random()) * 1500 / ${metresPerDegree} END`;
  const aroundLon = (alias: string) => `CASE WHEN random() < 0.2 THEN ${centre.lon} + (random() * 2 - 1) * ${dLon} ELSE ${alias}.lon + sqrt(-2 * ln(random())) * cos(2 * pi() * random()) * 1500 / ${metresPerDegree * Math.cos((centre.lat * Math.PI) / 180)} END`;
  const hours = JSON.stringify(Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [String(day), [{ open: '08:00', close: '20:00' }]])));
  let started = Date.now();
  await db.query(
    `INSERT INTO aeds (id_site, name, lat, lon, status, always_opened, opening_hours)
     SELECT $1, 'Bench AED ' || g.i, ${around('t')}, ${aroundLon('t')}, 'available', g.i % 3 <> 0, CASE WHEN g.i % 3 = 0 THEN $2::jsonb ELSE '{}'::jsonb END
       FROM generate_series(1, ${Number(values.aeds)}) AS g(i) JOIN bench_towns t ON t.n = 1 + g.i % 60`,
    [accountId, hours],
  );
  log(`${values.aeds} AEDs in ${Date.now() - started} ms`);
  await db.query(
    `INSERT INTO alerts (id_site, lat, lon, distance_max, launched_at, close, status)
     SELECT $1, ${around('t')}, ${aroundLon('t')}, 0.4, now() - make_interval(days => g.i % 700), 1, 2 FROM generate_series(1, ${Number(values.alerts)}) AS g(i) JOIN bench_towns t ON t.n = 1 + g.i % 60`,
    [accountId],
  );
  await db.query(`INSERT INTO responders (first_name, last_name, email, phone, account_status) SELECT 'Bench', 'R' || n, 'r' || n || '@bench.test', '0600000000', 'activated' FROM generate_series(1, ${Number(values.responders)}) AS n`);
  await db.query(`CREATE TABLE bench_homes AS SELECT r.id, ${around('t')} AS lat, ${aroundLon('t')} AS lon FROM responders r JOIN bench_towns t ON t.n = 1 + r.id % 60 WHERE r.email LIKE '%@bench.test'`);
  // 1,000,000 samples: 8 weeks of 15-minute slots (5,376), each responder in a share of them, within 300 m of home.
  const slots = 8 * 7 * 96;
  const share = Number(values.samples) / (slots * Number(values.responders));
  started = Date.now();
  await db.query(
    `INSERT INTO responder_position_samples (sampled_at, responder_id, lat, lon, weekend, local_hour)
     SELECT s.at, h.id, h.lat + (random() - 0.5) * 600 / ${metresPerDegree}, h.lon + (random() - 0.5) * 600 / ${metresPerDegree * Math.cos((centre.lat * Math.PI) / 180)},
            extract(isodow FROM s.at AT TIME ZONE 'Europe/Paris') >= 6, extract(hour FROM s.at AT TIME ZONE 'Europe/Paris')::smallint
       FROM (SELECT date_trunc('hour', now()) - make_interval(mins => 15 * n) AS at FROM generate_series(1, ${slots}) AS n) AS s CROSS JOIN bench_homes h
      WHERE random() < ${share}`,
  );
  const [{ n: sampleCount }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM responder_position_samples`);
  log(`${sampleCount} samples in ${Date.now() - started} ms`);
  await db.query('ANALYZE');

  const key = (hour: number) => ({ accountId, band: { weekend: false, hour } });
  const compute: Record<string, { ms: number; cells: number; gapCells: number; instants: number }> = {};
  for (const hour of [14, 3, 14]) {
    started = performance.now();
    const { summary } = await computeCoverage(ctx, key(hour), [accountId]);
    const ms = performance.now() - started;
    log(`compute weekday ${hour}:00 in ${Math.round(ms)} ms: ${summary.cells} cells, ${summary.gapCells} gaps, ${summary.instants} moments`);
    compute[`weekday-${hour}${compute[`weekday-${hour}`] ? '-again' : ''}`] = { ms: round(ms), cells: summary.cells, gapCells: summary.gapCells, instants: summary.instants };
  }

  // The map over HTTP: views of a town (6 × 4 km), a district (25 × 16 km) and the department.
  const app = await buildApp(ctx);
  const signin = await app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'bench@vigil.test', password: 'Bench-password-1!' } });
  const auth = `JWT ${signin.json().data.token}`;
  const views = { town: [] as number[], district: [] as number[], department: [] as number[] };
  const sizes = { town: [6000, 4000], district: [25_000, 16_000], department: [100_000, 100_000] } as const;
  const cellsAnswered: number[] = [];
  for (let index = 0; index < Number(values.views); index++) {
    const kind = (['town', 'district', 'department'] as const)[index % 3];
    const [width, height] = sizes[kind];
    const lat = centre.lat + (Math.random() * 2 - 1) * (dLat - height / 2 / metresPerDegree);
    const lon = centre.lon + (Math.random() * 2 - 1) * (dLon - width / 2 / (metresPerDegree * Math.cos((centre.lat * Math.PI) / 180)));
    const view = { south: lat - height / 2 / metresPerDegree, north: lat + height / 2 / metresPerDegree, west: lon - width / 2 / (metresPerDegree * Math.cos((centre.lat * Math.PI) / 180)), east: lon + width / 2 / (metresPerDegree * Math.cos((centre.lat * Math.PI) / 180)) };
    const query = new URLSearchParams({ weekend: 'false', hour: String(index % 2 ? 14 : 3), ...Object.fromEntries(Object.entries(view).map(([k, v]) => [k, String(v)])) });
    const begun = performance.now();
    const response = await app.inject({ method: 'GET', url: `/services/backoffice/coverage/map?${query}`, headers: { authorization: auth } });
    views[kind].push(performance.now() - begun);
    if (response.statusCode !== 200) throw new Error(`map answered ${response.statusCode}: ${response.body}`);
    cellsAnswered.push(response.json().data.cells.length);
  }
  const mapFigures = { all: figures([...views.town, ...views.district, ...views.department]), town: figures(views.town), district: figures(views.district), department: figures(views.department), cellsPerAnswer: figures(cellsAnswered) };
  log(`map p95 ${mapFigures.all.p95} ms (town ${mapFigures.town.p95}, district ${mapFigures.district.p95}, department ${mapFigures.department.p95})`);
  await app.close();

  // Naive: per cell, the nearest open AED by a k-nearest search on the register's index, and per sampled moment the nearest responder.
  const model = coverageModel(ctx);
  const [{ grid }] = await db.query<{ grid: { cols: number; rows: number } }>(`SELECT grid FROM coverage_runs WHERE account_id = $1 AND hour = 14`, [accountId]);
  const naive: number[] = [];
  for (let index = 0; index < Number(values['naive-cells']); index++) {
    const lat = centre.lat + (Math.random() * 2 - 1) * dLat;
    const lon = centre.lon + (Math.random() * 2 - 1) * dLon;
    const begun = performance.now();
    await db.query(
      `WITH aed AS (
         SELECT a.lat, a.lon FROM aeds a WHERE a.status = 'available' AND aed_open_at(a.always_opened, a.opening_hours, (DATE '2026-01-05' + time '14:30') AT TIME ZONE 'Europe/Paris')
          ORDER BY ll_to_earth(a.lat, a.lon) <-> ll_to_earth($1, $2) LIMIT 1),
       moments AS (
         SELECT s.sampled_at, min(earth_distance(ll_to_earth(s.lat, s.lon), ll_to_earth($1, $2))) AS to_cell,
                min(earth_distance(ll_to_earth(s.lat, s.lon), (SELECT ll_to_earth(lat, lon) FROM aed))) AS to_aed
           FROM responder_position_samples s
          WHERE s.weekend = false AND s.local_hour = 14 AND s.sampled_at >= now() - interval '8 weeks'
            AND earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(s.lat, s.lon)
          GROUP BY s.sampled_at)
       SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY to_cell) AS responder, percentile_disc(0.5) WITHIN GROUP (ORDER BY to_aed) AS runner FROM moments`,
      [lat, lon, model.reachMetres * 2],
    );
    naive.push(performance.now() - begun);
  }
  const naiveFigures = figures(naive);
  const gridCells = grid.cols * grid.rows;
  const naiveSeconds = round((naiveFigures.p50 * gridCells) / 1000);
  log(`naive: ${naiveFigures.p50} ms a cell (p50) × ${gridCells} cells ≈ ${naiveSeconds} s`);

  const result = {
    engine,
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, loadBefore: loadavg()[0] },
    data: { aeds: Number(values.aeds), samples: sampleCount, responders: Number(values.responders), alerts: Number(values.alerts), gridCells },
    compute,
    map: mapFigures,
    naive: { perCell: naiveFigures, cells: gridCells, estimatedSeconds: naiveSeconds },
  };
  writeFileSync(new URL(`./results-${engine}.json`, import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
  log(`written bench/coverage/results-${engine}.json`);
} finally {
  await stopContext(ctx);
  await postgres?.drop();
}
