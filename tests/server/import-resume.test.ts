import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { stopContext } from '../../server/src/bootstrap';
import { awaitingUpkeep, derivedDrift } from '../fixtures/aed/derived';
import { sendRunJob } from '../../server/src/modules/imports/run-job';
import { getRun, post, prepare, runJobsSettled, waitFor } from '../fixtures/import/client';
import { csvLine, geodaeHeader, geodaeRow } from '../fixtures/import/geodae-rows';
import { startTestServer, type TestServer } from './harness';

vi.setConfig({ testTimeout: 240_000 });
// Small batches and a quick sweep, so that a run is caught half-way and taken over fast.
process.env.IMPORT_BATCH_ROWS = '20';
process.env.IMPORT_SWEEP_MS = '500';
process.env.IMPORT_LEASE_SECONDS = '5';

const total = 1500;
const csv = (() => {
  const lines = [csvLine(geodaeHeader)];
  for (let i = 0; i < total; i += 1) lines.push(csvLine(geodaeRow(i, { seed: 21, firstGid: 500_000, france: true })));
  return Buffer.from(lines.join('\n') + '\n');
})();

/** Stops an instance the way a deploy does (the app closes, then the jobs and the database) but keeps its database. */
async function stopInstance(server: TestServer): Promise<void> {
  await server.app.close();
  await stopContext(server.ctx);
}

/** A new instance on the database of `previous` (the same PGlite folder, or the same PostgreSQL database). */
function restartOn(previous: TestServer): Promise<TestServer> {
  const url = previous.ctx.config.DATABASE_URL;
  return startTestServer({ DATA_DIR: previous.dataDir, ...(url ? { DATABASE_URL: url } : {}) });
}

const servers: TestServer[] = [];
afterAll(async () => {
  const last = servers.at(-1);
  const url = servers[0]?.ctx.config.DATABASE_URL;
  await last?.close();
  // The first database outlives its instance on purpose; drop it at the end.
  if (url && process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
});

const rowsOfFile = (server: TestServer) =>
  server.ctx.database.query<{ n: number; distinct_ids: number }>(
    "SELECT count(*)::int AS n, count(DISTINCT external_source_id)::int AS distinct_ids FROM aeds WHERE external_source_id ~ '^60[01][0-9]{3}$'",
  );

describe('a whole-file run across restarts', () => {
  let idImport: number;

  it('goes on after the server restarts, each row processed once', async () => {
    const first = await startTestServer();
    servers.push(first);
    const admin = await first.signIn('admin@vigil.test');
    const me = await first.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'admin@vigil.test', password: 'Vigil-Demo-2026!' } });
    const idSite = me.json().data.siteId;
    const { run } = await prepare(first.app, admin, idSite, 'france-1500.csv', csv);
    idImport = run.idImport;
    await post(first.app, admin, 'processImport', { idImport });
    await vi.waitFor(async () => expect((await getRun(first.app, admin, idImport)).processed).toBeGreaterThanOrEqual(100), { timeout: 60_000, interval: 20 });
    await stopInstance(first);

    const second = await restartOn(first);
    servers.push(second);
    const again = await second.signIn('admin@vigil.test');
    const stopped = await getRun(second.app, again, idImport);
    expect(stopped.processed).toBeLessThan(total);
    // The restarted instance takes the run over by itself (nobody presses resume).
    const done = await waitFor(second.app, again, idImport, ['done'], 180_000);
    expect(done.processed).toBe(total);
    expect(done.counts.inserted + done.counts.duplicate).toBe(total);
    const [{ n, distinct_ids }] = await rowsOfFile(second);
    expect(n).toBe(done.counts.inserted);
    expect(distinct_ids).toBe(n);
    const [{ pending }] = await second.ctx.database.query<{ pending: number }>('SELECT count(*)::int AS pending FROM import_rows r JOIN imports i ON i.file_id = r.file_id WHERE i.id = $1 AND r.status IS NULL', [idImport]);
    expect(pending).toBe(0);
    // What the stopped instance wrote before its catch-up is counted once, by the instance that went on.
    expect(await awaitingUpkeep(second.ctx.database)).toBe(0);
    expect(await derivedDrift(second.ctx.database)).toEqual([]);
  });

  it('takes over a run whose instance died, once its lease has run out', async () => {
    const server = servers.at(-1)!;
    const admin = await server.signIn('admin@vigil.test');
    // Start the file again (a re-run: every row is found unchanged), then make it look like the
    // instance running it died after a few batches: its lease is still valid for a moment.
    await post(server.app, admin, 'processImport', { idImport });
    await vi.waitFor(async () => expect((await getRun(server.app, admin, idImport)).processed).toBeGreaterThan(0), { timeout: 60_000, interval: 20 });
    await post(server.app, admin, 'pauseImport', { idImport });
    await runJobsSettled(server.ctx.database, idImport);
    const cursor = (await getRun(server.app, admin, idImport)).processed;
    await server.ctx.database.query("UPDATE imports SET state = 'processing', lease_owner = 'dead-instance', lease_until = now() + interval '10 minutes' WHERE id = $1", [idImport]);
    // Held by the dead instance: a job of the run (as the sweep or a second delivery sends) finds the lease held and leaves; nothing moves.
    await sendRunJob(server.ctx, idImport);
    await runJobsSettled(server.ctx.database, idImport, { leaseFree: false });
    expect((await getRun(server.app, admin, idImport)).processed).toBe(cursor);
    // The dead instance's lease runs out: the sweep hands the run to this one.
    await server.ctx.database.query("UPDATE imports SET lease_until = now() - interval '1 second' WHERE id = $1", [idImport]);
    const done = await waitFor(server.app, admin, idImport, ['done'], 180_000);
    expect(done.processed).toBe(total);
    expect(done.counts.unchanged + done.counts.duplicate).toBe(total);
    const [{ n, distinct_ids }] = await rowsOfFile(server);
    expect(distinct_ids).toBe(n);
  });
});
