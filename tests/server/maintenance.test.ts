import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/**
 * The embedded database has no autovacuum: Vigil's own maintenance gives its tables statistics and
 * reclaims their dead rows. On PostgreSQL autovacuum does it and the maintenance does nothing.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
});
afterAll(async () => server?.close());

const statistics = async (table: string) =>
  Number((await server.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = $1 AND tablename = $2', ['public', table]))[0].n);

describe('database maintenance', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('gives every table of the embedded database its statistics, and vacuums it (skipped on PostgreSQL: autovacuum)', async () => {
    // A table filled after the last pass has no statistics until the next one.
    await server.ctx.database.query('CREATE TABLE maintenance_probe AS SELECT n, md5(n::text) AS label FROM generate_series(1, 1000) AS n');
    expect(await statistics('maintenance_probe')).toBe(0);
    await server.ctx.maintenance.runOnce(true);
    expect(await statistics('maintenance_probe')).toBe(2);
    const [probe] = await server.ctx.database.query<{ estimated: number }>("SELECT reltuples::int AS estimated FROM pg_class WHERE relname = 'maintenance_probe'");
    expect(probe.estimated).toBe(1000);
  });
});
