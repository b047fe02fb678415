import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';

/**
 * Deferred upkeep of new AEDs (migration 0030): a bulk load inserts AEDs without their map cells,
 * per-brand cells and search copy, and catches them up here, many at a time. Until then such an
 * AED is in the list, the map's nearest-AED lookups and the alerts, but not yet in the map's
 * clusters nor in a text search.
 */

/** AEDs caught up per statement: large enough to share cells, small enough for a short lock. */
export const catchUpRows = 5000;

/** Makes the AEDs the current transaction inserts wait for a catch-up (SET LOCAL). */
export async function deferUpkeep(db: Db): Promise<void> {
  await db.execute(sql`SELECT set_config('vigil.aed_upkeep', 'deferred', true)`);
}

/** Catches up at most `maxRows` deferred AEDs (any load's); returns how many. */
export async function catchUp(db: Db, maxRows = catchUpRows): Promise<number> {
  const [row] = await rowsOf<{ caught: number }>(db, sql`SELECT aeds_catch_up(${maxRows}) AS caught`);
  return Number(row?.caught ?? 0);
}

/** Catches up every deferred AED; returns how many. */
export async function catchUpAll(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const caught = await catchUp(db);
    total += caught;
    if (caught < catchUpRows) return total;
  }
}
