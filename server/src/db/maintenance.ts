import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database';

/**
 * PGlite runs PostgreSQL in single-user mode, without the autovacuum daemon: left alone, its tables
 * would never get the statistics the planner needs (a search planned on default estimates took
 * ten times longer on a 200,000-AED register) nor have their dead rows reclaimed and their pages
 * marked all-visible for index-only scans. This does that work instead, a minute after start and
 * then every hour: each table in turn is analysed, and vacuumed on one pass in 24. One statement per
 * table, so that the requests queued on the single connection go in between (ANALYZE of a
 * 200,000-row table takes about a second there). On PostgreSQL autovacuum does it: nothing runs.
 */
export interface Maintenance {
  start(): void;
  stop(): Promise<void>;
  /** One pass now (for tests and the first start of a large restored database). */
  runOnce(vacuum?: boolean): Promise<void>;
}

const firstPassMs = 60_000;
const passEveryMs = 3_600_000;
const vacuumEveryPasses = 24;

export function createMaintenance(database: Database, log: FastifyBaseLogger): Maintenance {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let passes = 0;
  let stopped = true;

  async function pass(vacuum: boolean, keepGoing: () => boolean): Promise<void> {
    const tables = await database.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname IN ('public', 'pgboss', 'drizzle') ORDER BY schemaname, tablename`,
    );
    for (const { name } of tables) {
      if (!keepGoing()) return;
      await database.query(vacuum ? `VACUUM (ANALYZE) ${name}` : `ANALYZE ${name}`);
    }
  }

  function schedule(delay: number) {
    timer = setTimeout(() => {
      passes += 1;
      running = pass(passes % vacuumEveryPasses === 1, () => !stopped)
        .catch((error: unknown) => log.warn({ err: error }, 'database maintenance failed'))
        .finally(() => {
          if (!stopped) schedule(passEveryMs);
        });
    }, delay);
    timer.unref();
  }

  return {
    start() {
      if (database.kind !== 'pglite' || !stopped) return;
      stopped = false;
      schedule(firstPassMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
    runOnce: (vacuum = false) => pass(vacuum, () => true),
  };
}
