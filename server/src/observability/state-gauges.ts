import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/database';

/** What the gauges read besides the database. */
export interface StateSources {
  database: Database;
  /** WebSocket clients connected to this instance. */
  sockets(): number;
}

interface Row {
  [column: string]: string | number | null;
}

/**
 * One statement per scrape for everything shared by the instances. Each part is small: live
 * alerts and their requests through the open-alert indexes, the outbox through its pending index,
 * pg-boss jobs not yet completed, imports being processed.
 */
const stateQuery = `
SELECT 'alerts_live' AS kind, test::text AS label, count(*)::float8 AS value, NULL::float8 AS extra
  FROM alerts WHERE close = 0 AND status = 2 GROUP BY test
UNION ALL
SELECT 'requests', status, count(*)::float8, NULL FROM alert_requests WHERE alert_open GROUP BY status
UNION ALL
SELECT 'outbox', status, count(*)::float8, NULL FROM push_outbox WHERE status IN ('pending', 'held') GROUP BY status
UNION ALL
SELECT 'outbox_oldest_due', NULL, coalesce(extract(epoch FROM now() - min(next_attempt_at)), 0)::float8, NULL
  FROM push_outbox WHERE status = 'pending' AND next_attempt_at <= now()
UNION ALL
SELECT 'imports', id::text, processed::float8,
       CASE WHEN started_at IS NULL THEN 0 ELSE processed / greatest(extract(epoch FROM now() - started_at), 1) END::float8
  FROM imports WHERE state = 'processing'`;

/** pg-boss 10: jobs due and waiting, active, and how long the oldest due one has waited, per queue. */
const queueQuery = `
SELECT q.name AS label,
       count(j.id) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())::float8 AS value,
       count(j.id) FILTER (WHERE j.state = 'active')::float8 AS active,
       coalesce(extract(epoch FROM now() - min(j.start_after) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())), 0)::float8 AS extra
  FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'completed'
 GROUP BY q.name`;

/**
 * Registers the gauges of the state every instance shares, read from the database at each scrape.
 * They give the same value on every instance: aggregate them with max(), not sum(). When the
 * database does not answer, `vigil_database_up` is 0 and the other gauges keep their last value.
 * Returns the refresh to await before rendering the registry.
 */
export function registerStateGauges(registry: Registry, sources: StateSources): () => Promise<void> {
  const registers = [registry];
  const alertsLive = new Gauge({ name: 'vigil_alerts_live', help: 'Live alerts (launched, not closed), by test flag', labelNames: ['test'], registers });
  const requests = new Gauge({ name: 'vigil_alert_requests', help: 'Responder requests of open alerts, by status', labelNames: ['status'], registers });
  const outbox = new Gauge({ name: 'vigil_push_outbox_depth', help: 'Push messages waiting in the outbox, by status (pending, held)', labelNames: ['status'], registers });
  const oldestDue = new Gauge({ name: 'vigil_push_outbox_oldest_due_seconds', help: 'How long the oldest due pending push message has waited (0 when none)', registers });
  const queueDepth = new Gauge({ name: 'vigil_job_queue_depth', help: 'Durable jobs due and not started, per queue', labelNames: ['queue'], registers });
  const queueActive = new Gauge({ name: 'vigil_job_queue_active', help: 'Durable jobs running, per queue', labelNames: ['queue'], registers });
  const queueLag = new Gauge({ name: 'vigil_job_queue_lag_seconds', help: 'How long the oldest due job has waited to start, per queue (0 when none)', labelNames: ['queue'], registers });
  const importRate = new Gauge({ name: 'vigil_import_rows_per_second', help: 'Rows per second of each import being processed, since it started', labelNames: ['import_id'], registers });
  const importRows = new Gauge({ name: 'vigil_import_rows_processed', help: 'Rows processed so far of each import being processed', labelNames: ['import_id'], registers });
  const databaseUp = new Gauge({ name: 'vigil_database_up', help: '1 when the last scrape could read the database, else 0', registers });

  const { database } = sources;
  new Gauge({
    name: 'vigil_websocket_connections',
    help: 'WebSocket clients signed in on this instance',
    registers,
    collect() {
      this.set(sources.sockets());
    },
  });
  new Gauge({
    name: 'vigil_database_pool_connections',
    help: 'Database connections of this instance: in_use, idle, waiting (requests waiting for one)',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = database.poolStats();
      this.set({ state: 'in_use' }, pool.inUse);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'vigil_database_listener_up',
    help: '1 while the LISTEN connection of the real-time events is up on this instance',
    registers,
    collect() {
      this.set(database.listening() ? 1 : 0);
    },
  });

  // The database-backed gauges are read together, before the registry is rendered.
  return async function refresh() {
    // The queues apart: pg-boss creates its schema when the jobs first start.
    const [state, queues] = await Promise.allSettled([database.query<Row>(stateQuery), database.query<Row>(queueQuery)]);
    databaseUp.set(state.status === 'fulfilled' ? 1 : 0);
    if (state.status === 'fulfilled') {
      for (const gauge of [alertsLive, requests, outbox, importRate, importRows]) gauge.reset();
      alertsLive.set({ test: 'true' }, 0);
      alertsLive.set({ test: 'false' }, 0);
      oldestDue.set(0);
      for (const row of state.value) {
        const label = String(row.label);
        const value = Number(row.value);
        if (row.kind === 'alerts_live') alertsLive.set({ test: label }, value);
        else if (row.kind === 'requests') requests.set({ status: label }, value);
        else if (row.kind === 'outbox') outbox.set({ status: label }, value);
        else if (row.kind === 'outbox_oldest_due') oldestDue.set(value);
        else if (row.kind === 'imports') {
          importRows.set({ import_id: label }, value);
          importRate.set({ import_id: label }, Number(row.extra));
        }
      }
    }
    if (queues.status === 'fulfilled') {
      for (const gauge of [queueDepth, queueActive, queueLag]) gauge.reset();
      for (const row of queues.value) {
        const queue = String(row.label);
        queueDepth.set({ queue }, Number(row.value));
        queueActive.set({ queue }, Number(row.active));
        queueLag.set({ queue }, Number(row.extra));
      }
    }
  };
}
