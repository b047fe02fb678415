import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/src/db/database';
import { maxCellLevel } from '../../server/src/modules/aeds/map';
import { catchUp, deferUpkeep } from '../../server/src/modules/aeds/upkeep';
import { insertAeds } from '../../server/src/modules/imports/aed-writer';
import { sweepOrphanedRuns } from '../../server/src/modules/imports/run-job';
import { awaitingUpkeep, derivedDrift } from '../fixtures/aed/derived';
import { accountId } from '../fixtures/aed/helpers';
import { startTestServer, type TestServer } from './harness';

/** Deferred upkeep of a bulk load (migration 0030): AEDs counted nowhere until caught up, then once. */
let server: TestServer;
let idSite: number;
let n = 0;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  idSite = await accountId(server, 'SDIS 63');
});
afterAll(async () => server?.close());

const query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => server.ctx.database.query<T>(text, params);

/** Inserts `count` AEDs the way a whole-file run does: upkeep deferred. */
async function insertDeferred(count: number): Promise<number[]> {
  const rows = Array.from({ length: count }, () => {
    n += 1;
    return { idSite, country: 'FR', values: { name: `Upkeep gymnase ${n}`, lat: 45.7 + n / 100, lon: 3.1 + n / 100, brand: 'Upkeep Brand' } };
  });
  const inserted = await server.ctx.database.db.transaction(async (tx) => {
    await deferUpkeep(tx as unknown as Db);
    return insertAeds(tx as unknown as Db, rows);
  });
  return inserted.map((row) => row.id);
}

const finest = async () => (await query<{ n: number }>(`SELECT coalesce(sum(count), 0)::int AS n FROM aed_map_cells WHERE level = ${maxCellLevel}`))[0].n;
const searchRows = async (ids: number[]) => (await query<{ n: number }>('SELECT count(*)::int AS n FROM aed_search WHERE aed_id = ANY($1)', [ids]))[0].n;

describe('deferred upkeep of new AEDs', () => {
  it('counts a deferred AED nowhere until its catch-up, then in the cells and the search', async () => {
    expect(await derivedDrift(server.ctx.database)).toEqual([]);
    const before = await finest();
    const ids = await insertDeferred(3);
    expect(await awaitingUpkeep(server.ctx.database)).toBe(3);
    expect(await finest()).toBe(before);
    expect(await searchRows(ids)).toBe(0);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);

    expect(await catchUp(server.ctx.database.db)).toBe(3);
    expect(await awaitingUpkeep(server.ctx.database)).toBe(0);
    expect(await finest()).toBe(before + 3);
    expect(await searchRows(ids)).toBe(3);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);
  });

  it('counts once an AED moved, renamed, deleted or removed before its catch-up', async () => {
    const [moved, renamed, deleted, removed] = await insertDeferred(4);
    await query('UPDATE aeds SET lat = 48.85, lon = 2.35 WHERE id = $1', [moved]);
    await query("UPDATE aeds SET name = 'Upkeep piscine', brand = 'Zoll' WHERE id = $1", [renamed]);
    await query('UPDATE aeds SET deleted_at = now() WHERE id = $1', [deleted]);
    await query('DELETE FROM aeds WHERE id = $1', [removed]);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);

    expect(await catchUp(server.ctx.database.db)).toBe(4);
    expect(await awaitingUpkeep(server.ctx.database)).toBe(0);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);
    const [copy] = await query<{ search_text: string }>('SELECT search_text FROM aed_search WHERE aed_id = $1', [renamed]);
    expect(copy.search_text).toContain('upkeep piscine');

    // Once caught up, the same changes go through the ordinary triggers.
    await query('UPDATE aeds SET lat = 45.0, lon = 3.0, deleted_at = NULL WHERE id = ANY($1)', [[moved, deleted]]);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);
  });

  it('catches up what a stopped run left, at the import sweep', async () => {
    await insertDeferred(2);
    expect(await awaitingUpkeep(server.ctx.database)).toBe(2);
    await sweepOrphanedRuns(server.ctx);
    expect(await awaitingUpkeep(server.ctx.database)).toBe(0);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('deferred upkeep beside other writers (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  const connect = async () => {
    const client = new pg.Client({ connectionString: server.ctx.config.DATABASE_URL });
    await client.connect();
    return client;
  };
  /** Waits until another session waits for a lock `holder` holds. */
  const blockedBy = async (holder: pg.Client) => {
    const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const waiting = async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [rows[0].pid]))[0].n;
    await vi.waitFor(async () => expect(await waiting()).toBeGreaterThan(0), { timeout: 20_000, interval: 20 });
  };

  it('waits for a writer of an AED it catches up, and counts the AED as that writer left it', async () => {
    const [id] = await insertDeferred(1);
    const writer = await connect();
    try {
      await writer.query('BEGIN');
      await writer.query('UPDATE aeds SET lat = 43.3, lon = 5.4 WHERE id = $1', [id]);
      let settled = false;
      const caught = catchUp(server.ctx.database.db).finally(() => (settled = true));
      await blockedBy(writer);
      expect(settled).toBe(false);
      await writer.query('COMMIT');
      expect(await caught).toBe(1);
    } finally {
      await writer.end();
    }
    expect(await derivedDrift(server.ctx.database)).toEqual([]);
  });

  it('makes a writer that waited for the catch-up count its change against the caught-up AED', async () => {
    const [id] = await insertDeferred(1);
    const catcher = await connect();
    try {
      await catcher.query('BEGIN');
      await catcher.query('SELECT aeds_catch_up(100)');
      const moved = query('UPDATE aeds SET lat = 47.2, lon = -1.55 WHERE id = $1', [id]);
      await blockedBy(catcher);
      await catcher.query('COMMIT');
      await moved;
    } finally {
      await catcher.end();
    }
    expect(await awaitingUpkeep(server.ctx.database)).toBe(0);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);
  });
});
