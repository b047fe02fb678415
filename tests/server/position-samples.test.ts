import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPositionSamples } from '../../server/src/modules/responders/position-samples';
import { samplePositions, sampleSlot } from '../../server/src/modules/responders/face';
import { addResponder, alertConfig, area, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * The position history: each slot copies the responders who could be alerted then, with the slot's
 * Europe/Paris hour and day type; a slot is sampled once however many runs take it; samples older
 * than the weeks kept are deleted by the same run.
 */
describe('position samples', () => {
  let server: TestServer;
  const samplesOf = (ids: number[]) =>
    server.ctx.database.query<{ responder_id: number; sampled_at: string; weekend: boolean; local_hour: number; lat: number }>(
      `SELECT responder_id, to_char(sampled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS sampled_at, weekend, local_hour, lat
         FROM responder_position_samples WHERE responder_id = ANY($1::int[]) ORDER BY sampled_at, responder_id`,
      [`{${ids.join(',')}}`],
    );
  beforeAll(async () => {
    server = await startTestServer({ ...alertConfig({ ALERT_POSITION_FRESH_SECONDS: 600 }), RESPONDER_SAMPLE_MINUTES: 15, RESPONDER_SAMPLE_WEEKS: 2 } as never);
  });
  afterAll(async () => server?.close());

  it('copies the available, activated, fresh positions with the slot, its Paris hour and day type, once per slot', async () => {
    const present = await addResponder(server, offset(area, 100, 0));
    const away = await addResponder(server, offset(area, 200, 0), { available: false });
    const stale = await addResponder(server, offset(area, 300, 0), { staleSeconds: 3600 });
    const waiting = await addResponder(server, offset(area, 400, 0), { accountStatus: 'waiting' });
    const ids = [present, away, stale, waiting].map((who) => who.responderId);
    const now = new Date();
    const slot = sampleSlot(now, 15);
    expect(slot.getTime() % (15 * 60_000)).toBe(0);
    expect(now.getTime() - slot.getTime()).toBeLessThan(15 * 60_000);
    await samplePositions(server.ctx, slot);
    await samplePositions(server.ctx, slot); // another instance, or a retried job
    const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: 'numeric', hourCycle: 'h23', weekday: 'short' }).formatToParts(slot);
    const hour = Number(paris.find((part) => part.type === 'hour')!.value);
    const weekend = ['Sat', 'Sun'].includes(paris.find((part) => part.type === 'weekday')!.value);
    expect(await samplesOf(ids)).toEqual([
      { responder_id: present.responderId, sampled_at: slot.toISOString().slice(0, 16), weekend, local_hour: hour, lat: offset(area, 100, 0).lat },
    ]);
  });

  it('gives a Saturday night slot its Paris hour and the weekend, and deletes the samples older than the weeks kept', async () => {
    const who = await addResponder(server, offset(area, 500, 0));
    await server.ctx.database.query(`UPDATE responder_positions SET reported_at = '2026-11-28T02:10:00Z' WHERE responder_id = $1`, [who.responderId]);
    // 02:15 UTC on Saturday 28 November is 03:15 in Paris (winter time).
    await samplePositions(server.ctx, new Date('2026-11-28T02:15:00Z'));
    expect(await samplesOf([who.responderId])).toEqual([{ responder_id: who.responderId, sampled_at: '2026-11-28T02:15', weekend: true, local_hour: 3, lat: offset(area, 500, 0).lat }]);
    const { pruned } = await samplePositions(server.ctx, new Date('2026-12-12T02:30:00Z'));
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await samplesOf([who.responderId])).toEqual([]);
  });

  it('queues its next run just after the next slot starts, once however many runs end in one slot', async () => {
    await server.ctx.database.query(`DELETE FROM pgboss.job WHERE name = 'responders.position-samples'`);
    const now = new Date();
    await runPositionSamples(server.ctx, now);
    await runPositionSamples(server.ctx, now); // another instance's run of the same slot
    const queued = await server.ctx.database.query<{ after: number }>(
      `SELECT extract(epoch FROM start_after)::float8 AS after FROM pgboss.job WHERE name = 'responders.position-samples' AND state = 'created'`,
    );
    const next = sampleSlot(now, 15).getTime() / 1000 + 15 * 60;
    expect(queued).toHaveLength(1);
    expect(queued[0].after).toBeGreaterThanOrEqual(next);
    expect(queued[0].after).toBeLessThan(next + 60);
  });
});
