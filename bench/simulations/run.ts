/**
 * npm run bench -- simulations [--pg postgres://…] [--alerts 10000] [--responders 1000] [--weeks 4] [--runs 3]
 *
 * The alert-policy simulator at scale: a fresh database (PostgreSQL with --pg, else PGlite in a
 * fresh folder) gets `--alerts` past alerts launched over `--weeks` weeks in a 20 km × 20 km area,
 * each with 5 requests (their answers give the acceptance per hour), and a position sample of
 * `--responders` available responders every 15 minutes of the period; then replays the whole
 * period under the current policy and a wider one with escalation (service.computeRun, what the
 * durable job runs), `--runs` times. Writes bench/simulations/results-<engine>.json with each run's
 * time and the split between reading (the database's part) and replaying.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createContext, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { computeRun, currentPolicy } from '../../server/src/modules/simulations/service';
import { freshPostgres } from '../postgres';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const pgUrl = option('pg', '');
const alertCount = Number(option('alerts', '10000'));
const responderCount = Number(option('responders', '1000'));
const weeks = Number(option('weeks', '4'));
const runs = Number(option('runs', '3'));
const engine = pgUrl ? 'postgres' : 'pglite';

async function main(): Promise<void> {
  const fresh = pgUrl ? await freshPostgres(pgUrl, 'vigil_bench_sim') : undefined;
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'vigil-bench-sim-')), LOG_LEVEL: 'silent' }, fresh ? { DATABASE_URL: fresh.url } : {});
  const ctx = await createContext(config, pino({ level: 'silent' }) as FastifyBaseLogger);
  try {
    const db = ctx.database;
    const [{ id: site }] = await db.query<{ id: number }>("INSERT INTO accounts (name, kind, country) VALUES ('Bench service', 'internal', 'FR') RETURNING id");
    const end = new Date(Date.UTC(2026, 0, 1 + weeks * 7));
    const start = new Date(end.getTime() - weeks * 7 * 86_400_000);
    const seeding = performance.now();
    // Responders spread over 20 km × 20 km around Clermont-Ferrand; their samples every 15 minutes.
    await db.query(
      `INSERT INTO responders (id_site, first_name, last_name, email, phone, age, gender, trained_status, account_status)
       SELECT $1, 'Bench', 'Responder ' || n, 'sim' || n || '@example.org', '+3361' || lpad(n::text, 7, '0'), 30, 'female', 'trained', 'activated' FROM generate_series(1, $2) n`,
      [site, responderCount],
    );
    await db.query(
      `INSERT INTO responder_position_samples (sampled_at, responder_id, lat, lon, carries_aed, weekend, local_hour)
       SELECT slot, r.id, 45.69 + ((r.id * 37 + extract(epoch FROM slot)::bigint / 900) % 1000) / 5566.0, 2.96 + ((r.id * 53) % 1000) / 3900.0, r.id % 20 = 0,
              extract(isodow FROM slot AT TIME ZONE 'Europe/Paris') >= 6, extract(hour FROM slot AT TIME ZONE 'Europe/Paris')::smallint
         FROM generate_series($1::timestamptz, $2::timestamptz - interval '15 minutes', interval '15 minutes') slot
        CROSS JOIN (SELECT id FROM responders WHERE id_site = $3) r`,
      [start.toISOString(), end.toISOString(), site],
    );
    await db.query(
      `INSERT INTO aeds (id_site, name, address, city, lat, lon, status, always_opened)
       SELECT $1, 'Bench AED ' || n, 'Bench street', 'Clermont-Ferrand', 45.69 + (n * 7919 % 1000) / 5566.0, 2.96 + (n * 104729 % 1000) / 3900.0, 'available', n % 2 = 0 FROM generate_series(1, 2000) n`,
      [site],
    );
    const [{ first_alert: firstAlert }] = await db.query<{ first_alert: number }>(
      `WITH made AS (
         INSERT INTO alerts (alert_type, id_site, address, address_info, lat, lon, distance_max, nb_requests, status, close, created_at, launched_at, closed_at, test, debug_mode, contact_status, close_reason)
         SELECT 1, $1, 'Bench alert ' || n, '', 45.69 + (n * 613 % 1000) / 5566.0, 2.96 + (n * 389 % 1000) / 3900.0, 0.4, 5, 3, 1, at - interval '1 minute', at, at + interval '20 minutes', false, 0, 'toDo', 'auto'
           FROM (SELECT n, $2::timestamptz + (n * ($3::float8 / $4)) * interval '1 second' AS at FROM generate_series(1, $4) n) g
         RETURNING id)
       SELECT min(id)::int AS first_alert FROM made`,
      [site, start.toISOString(), (end.getTime() - start.getTime()) / 1000, alertCount],
    );
    await db.query(
      `INSERT INTO alert_requests (alert_id, responder_id, status, mission, distance, duration, rank, status_history, created_at, alert_open)
       SELECT a.id, r.first + (a.id * 7 + k * 13) % $2, CASE WHEN (a.id + k) % 3 = 0 THEN 'dispatched' ELSE 'refused' END, 'victim', 250, 200, k,
              jsonb_build_array(jsonb_build_object('status', 'available', 'at', a.launched_at),
                                jsonb_build_object('status', CASE WHEN (a.id + k) % 3 = 0 THEN 'dispatched' ELSE 'refused' END, 'at', a.launched_at + interval '40 seconds')),
              a.launched_at, false
         FROM alerts a CROSS JOIN generate_series(0, 4) k
        CROSS JOIN (SELECT min(id) AS first FROM responders WHERE id_site = $1) r
        WHERE a.id >= $3`,
      [site, responderCount, firstAlert],
    );
    await db.query('ANALYZE');
    const seededSeconds = (performance.now() - seeding) / 1000;
    const current = currentPolicy(ctx);
    const proposed = { ...current, radiusKm: 0.8, escalation: { enabled: true, minAccepted: 2, afterSeconds: 60, stepKm: 0.2, maxKm: 1.2 } };
    const params = { startDate: start.toISOString().slice(0, 10), endDate: new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10), seed: 1, proposed, accountIds: [site], current };
    const timings: number[] = [];
    const reads: number[] = [];
    let last;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      last = await computeRun(ctx, params);
      timings.push(Math.round(performance.now() - started));
      reads.push(last.readMs);
      console.log(`run ${run + 1}: ${timings.at(-1)} ms (${last!.current.alerts} alerts)`);
    }
    const [{ samples }] = await db.query<{ samples: number }>('SELECT count(*)::int AS samples FROM responder_position_samples');
    const result = {
      engine,
      alerts: alertCount,
      responders: responderCount,
      samples,
      weeks,
      seededSeconds: Math.round(seededSeconds),
      runsMs: timings,
      readMs: reads,
      bestMs: Math.min(...timings),
      summary: { current: last!.current.firstOnSite, proposed: last!.proposed.firstOnSite, noResponder: [last!.current.noResponder, last!.proposed.noResponder] },
      machine: { cpus: cpus().length, loadAverage: loadavg().map((value) => Math.round(value * 10) / 10) },
      at: new Date().toISOString(),
    };
    writeFileSync(new URL(`./results-${engine}.json`, import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await stopContext(ctx);
    await fresh?.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
