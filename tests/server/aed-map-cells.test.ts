import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxCellLevel } from '../../server/src/modules/aeds/map';
import { insertAeds } from '../../server/src/modules/imports/aed-writer';
import { derivedDrift } from '../fixtures/aed/derived';
import { accountId } from '../fixtures/aed/helpers';
import { startTestServer, type TestServer } from './harness';

/** Map cells stop at level 10 (migration 0031): no finer cell is kept, written or left behind. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
});
afterAll(async () => server?.close());

const query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => server.ctx.database.query<T>(text, params);
const finerCells = async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM aed_map_cells WHERE level > ${maxCellLevel}`))[0].n;
const migration = readFileSync(new URL('../../server/src/db/migrations/0031_map_cells_to_level_10.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');

describe('map cells up to level 10', () => {
  it('keeps no cell above level 10 in the migrated, seeded register, and SQL names the same finest level', async () => {
    expect((await query<{ level: number }>('SELECT aed_cell_max_level() AS level'))[0].level).toBe(maxCellLevel);
    expect(await finerCells()).toBe(0);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);
  });

  it('drops the level 11 to 13 cells a register kept before the migration, and runs again harmlessly', async () => {
    // What the triggers of migrations 0003 to 0030 kept above level 10.
    await query(`
      INSERT INTO aed_map_cells (level, cx, cy, id_site, count, lat_sum, lon_sum, id_sum)
      SELECT l, aed_cell_x(a.lon, l), aed_cell_y(a.lat, l), a.id_site, count(*), sum(a.lat), sum(a.lon), sum(a.id)
        FROM aeds a CROSS JOIN generate_series(11, 13) AS l WHERE a.deleted_at IS NULL GROUP BY 1, 2, 3, 4`);
    expect(await finerCells()).toBeGreaterThan(0);
    for (let pass = 0; pass < 2; pass += 1) {
      for (const statement of migration) await query(statement);
      expect(await finerCells()).toBe(0);
      expect(await derivedDrift(server.ctx.database)).toEqual([]);
    }
  });

  it('writes no cell above level 10 when AEDs are added, moved, deleted and restored', async () => {
    const idSite = await accountId(server, 'SDIS 63');
    const rows = [1, 2, 3].map((n) => ({ idSite, country: 'FR', values: { name: `Cells gymnase ${n}`, lat: 45.77 + n / 1000, lon: 3.08 + n / 1000 } }));
    const ids = (await insertAeds(server.ctx.database.db, rows)).map((row) => row.id);
    await query('UPDATE aeds SET lat = lat + 0.01, lon = lon - 0.01 WHERE id = ANY($1)', [ids]);
    await query('UPDATE aeds SET deleted_at = now() WHERE id = $1', [ids[0]]);
    await query('DELETE FROM aeds WHERE id = $1', [ids[1]]);
    await query('UPDATE aeds SET deleted_at = NULL WHERE id = $1', [ids[0]]);
    expect(await finerCells()).toBe(0);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);
  });
});
