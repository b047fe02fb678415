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
    expect(await statistics('responders')).toBe(0);
    await server.ctx.maintenance.runOnce(true);
    expect(await statistics('responders')).toBeGreaterThan(0);
    expect(await statistics('aed_search')).toBeGreaterThan(0);
    const [responders] = await server.ctx.database.query<{ estimated: number; counted: number }>(
      "SELECT (SELECT reltuples FROM pg_class WHERE relname = 'responders')::int AS estimated, (SELECT count(*) FROM responders)::int AS counted",
    );
    expect(responders.estimated).toBe(responders.counted);
  });
});
