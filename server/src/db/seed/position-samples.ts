import { sql } from 'drizzle-orm';
import type { Db } from '../database';

/** Days of position history the demo starts with (the job adds a slot every 15 minutes from then on). */
const demoDays = 14;

/**
 * The demo's position history, so that the coverage-gap map has something to show on first start:
 * each activated responder at their seeded position, on the hour over the last two weeks, available
 * two hours out of three (which ones varies with the responder and the hour, the same on every start).
 */
export async function seedPositionSamples(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO responder_position_samples (sampled_at, responder_id, lat, lon, carries_aed, weekend, local_hour)
    SELECT slot.at, p.responder_id, p.lat, p.lon, p.carries_aed,
           extract(isodow FROM slot.at AT TIME ZONE 'Europe/Paris') >= 6, extract(hour FROM slot.at AT TIME ZONE 'Europe/Paris')::smallint
      FROM responder_positions p
      JOIN responders r ON r.id = p.responder_id AND r.account_status = 'activated' AND NOT r.is_bot
      CROSS JOIN LATERAL (SELECT date_trunc('hour', now()) - make_interval(hours => n) AS at, n FROM generate_series(1, ${demoDays * 24}::int) AS n) AS slot
     WHERE (p.responder_id + slot.n) % 3 <> 0
    ON CONFLICT DO NOTHING`);
}
