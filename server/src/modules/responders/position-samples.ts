import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import { alertSettings } from '../alerts/face';
import { sampleSettings } from './settings';

/** Durable job that samples the positions, prunes the old samples and queues its next run. */
export const positionSamplesQueue = 'responders.position-samples';

/** The start of the sampling slot `at` falls in (slots of RESPONDER_SAMPLE_MINUTES from the epoch). */
export function sampleSlot(at: Date, minutes: number): Date {
  const slotMs = minutes * 60_000;
  return new Date(Math.floor(at.getTime() / slotMs) * slotMs);
}

/**
 * Copies the positions of the responders who could be alerted at `slot` (activated, available, not
 * bots, reported within ALERT_POSITION_FRESH_SECONDS) with the slot's Europe/Paris hour and day
 * type, then deletes the samples older than RESPONDER_SAMPLE_WEEKS. A slot already sampled (another
 * instance, a retried job) is not sampled twice. Answers how many were copied and deleted.
 */
export async function samplePositions(ctx: AppContext, slot: Date): Promise<{ sampled: number; pruned: number }> {
  const { RESPONDER_SAMPLE_WEEKS } = sampleSettings(ctx);
  const fresh = alertSettings(ctx).ALERT_POSITION_FRESH_SECONDS;
  const at = slot.toISOString();
  const [counts] = await rowsOf<{ sampled: number; pruned: number }>(
    ctx.database.db,
    sql`WITH sampled AS (
          INSERT INTO responder_position_samples (sampled_at, responder_id, lat, lon, carries_aed, weekend, local_hour)
          SELECT ${at}::timestamptz, p.responder_id, p.lat, p.lon, p.carries_aed,
                 extract(isodow FROM ${at}::timestamptz AT TIME ZONE 'Europe/Paris') >= 6,
                 extract(hour FROM ${at}::timestamptz AT TIME ZONE 'Europe/Paris')::smallint
            FROM responder_positions p
           WHERE p.available AND p.activated AND NOT p.is_bot
             AND p.reported_at >= ${at}::timestamptz - make_interval(secs => ${fresh})
          ON CONFLICT DO NOTHING
          RETURNING 1
        ), pruned AS (
          DELETE FROM responder_position_samples WHERE sampled_at < ${at}::timestamptz - make_interval(weeks => ${RESPONDER_SAMPLE_WEEKS}) RETURNING 1
        )
        SELECT (SELECT count(*) FROM sampled)::int AS sampled, (SELECT count(*) FROM pruned)::int AS pruned`,
  );
  return counts;
}

/**
 * Queues the run of the next slot. Every instance queues one at its start and each run queues the
 * next; the singleton key and slot merge those chains into one job per slot.
 */
export async function queueNextSample(ctx: AppContext, now = new Date()): Promise<void> {
  const minutes = sampleSettings(ctx).RESPONDER_SAMPLE_MINUTES;
  const next = sampleSlot(now, minutes).getTime() + minutes * 60_000;
  const startAfterSeconds = Math.max(1, Math.ceil((next - now.getTime()) / 1000) + 5);
  await ctx.jobs.send(positionSamplesQueue, {}, { startAfterSeconds, singletonKey: 'next', singletonSeconds: minutes * 60 });
}

/** One run of the job: the slot that just started, then the next run. */
export async function runPositionSamples(ctx: AppContext, now = new Date()): Promise<void> {
  const { sampled, pruned } = await samplePositions(ctx, sampleSlot(now, sampleSettings(ctx).RESPONDER_SAMPLE_MINUTES));
  ctx.log.info({ sampled, pruned }, 'responder positions sampled');
  await queueNextSample(ctx, now);
}
