import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/database';
import { byDistance, withinMetres } from '../../server/src/db/earth';
import { startTestServer, type TestServer } from './harness';

/**
 * The distance tests that alert selection and the AEDs around a victim run per row: the chord
 * comparison and the inlined earth point must answer exactly as earthdistance's own functions.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
});
afterAll(async () => server?.close());

const places = [
  { lat: 45.7772, lon: 3.087 },
  { lat: 48.8566, lon: 2.3522 },
  { lat: 49.6116, lon: 6.1319 },
  { lat: -21.1151, lon: 55.5364 },
];

describe('distances in SQL', () => {
  it('places vigil_earth on the point ll_to_earth gives', async () => {
    for (const { lat, lon } of places) {
      const [row] = await rowsOf<{ gap: number }>(server.ctx.database.db, sql`SELECT cube_distance(vigil_earth(${lat}, ${lon}), ll_to_earth(${lat}, ${lon})) AS gap`);
      expect(Number(row.gap)).toBeLessThan(1e-6);
    }
  });

  it('keeps a point just inside the radius and refuses one just outside, as earth_distance does', async () => {
    for (const center of places) {
      for (const metres of [50, 400, 1000, 5000]) {
        // Due north: one degree of latitude is earth() × π / 180 metres along the meridian.
        const degreesPerMetre = 180 / (Math.PI * 6_378_168);
        for (const [offset, inside] of [[-0.01, true], [0.01, false]] as const) {
          const lat = center.lat + (metres + offset) * degreesPerMetre;
          const here = sql`ll_to_earth(${center.lat}, ${center.lon})`;
          const there = sql`vigil_earth(${lat}, ${center.lon})`;
          const [row] = await rowsOf<{ within: boolean; reference: boolean }>(
            server.ctx.database.db,
            sql`SELECT ${withinMetres(here, there, metres)} AS within, earth_distance(${here}, ${there}) <= ${metres} AS reference`,
          );
          expect({ metres, offset, within: row.within }).toEqual({ metres, offset, within: inside });
          expect(row.within).toBe(row.reference);
        }
      }
    }
  });

  it('orders points as their great-circle distance does', async () => {
    const here = sql`ll_to_earth(${places[0].lat}, ${places[0].lon})`;
    const rows = await rowsOf<{ i: number }>(
      server.ctx.database.db,
      sql`SELECT p.i FROM (VALUES (1, 45.9, 3.0), (2, 45.78, 3.09), (3, 46.5, 2.5), (4, 45.7, 3.2)) AS p(i, lat, lon)
           ORDER BY ${byDistance(here, sql`vigil_earth(p.lat, p.lon)`)}`,
    );
    const reference = await rowsOf<{ i: number }>(
      server.ctx.database.db,
      sql`SELECT p.i FROM (VALUES (1, 45.9, 3.0), (2, 45.78, 3.09), (3, 46.5, 2.5), (4, 45.7, 3.2)) AS p(i, lat, lon)
           ORDER BY earth_distance(${here}, ll_to_earth(p.lat, p.lon))`,
    );
    expect(rows.map((row) => row.i)).toEqual(reference.map((row) => row.i));
    expect(rows.map((row) => row.i)).toEqual([2, 4, 1, 3]);
  });
});
