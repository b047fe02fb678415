import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertConfig, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';
import { call, insertAlert, newAccount, newResponder, rodez } from './history-fixtures';

/**
 * The alert-policy simulator on a tiny history computed by hand, in an account of its own. On
 * 5 January 2026 (Paris is UTC+1): alert 1 at 14:00 with a sampled responder 100 m away and one
 * 500 m away; alert 2 at 03:00 with one 50 m away; alert 3 at 14:05 with one 500 m away. The
 * history's requests say everyone accepts at 14:00 (10 of 10, 30 s after the offer) and nobody at
 * 03:00 (0 of 10). Walking 5 km/h × 1.3: 100 m take 94 s, 500 m 468 s; plus the 30 s to accept.
 * Current policy 0.4 km: alert 1 has its first responder on site after 124 s, the others none.
 * Proposed 0.6 km: alert 3 gets one after 498 s as well.
 */
const sb = '/services/backoffice';
let server: TestServer;
let referent: string;
let site: number;

const at = (iso: string) => new Date(iso);
const north = (from: { lat: number; lon: number }, metres: number) => offset(from, metres, 0);
const first = rodez;
const second = offset(rodez, 0, 40_000);
const third = offset(rodez, 0, 20_000);

beforeAll(async () => {
  server = await startTestServer(alertConfig());
  referent = await server.signIn('referent@vigil.test');
  site = await newAccount(server, 'Simulated service');
  const people: number[] = [];
  for (let n = 0; n < 10; n++) people.push(await newResponder(server, { idSite: site, positioned: false }));
  // Launched one minute after creation: 13:00Z and 13:05Z are 14:00 and 14:05 in Paris, 02:00Z is 03:00.
  await insertAlert(server, { idSite: site, ...first, createdAt: at('2026-01-05T12:59:00Z'), requests: people.map((responderId) => ({ responderId, statuses: ['dispatched'], answerSeconds: 30 })) });
  await insertAlert(server, { idSite: site, ...second, createdAt: at('2026-01-05T01:59:00Z'), requests: people.map((responderId) => ({ responderId, statuses: ['refused'], answerSeconds: 30 })) });
  await insertAlert(server, { idSite: site, ...third, createdAt: at('2026-01-05T13:04:00Z') });
  const sample = (sampledAt: string, responderId: number, where: { lat: number; lon: number }, hour: number) =>
    server.ctx.database.query(`INSERT INTO responder_position_samples (sampled_at, responder_id, lat, lon, carries_aed, weekend, local_hour) VALUES ($1, $2, $3, $4, false, false, $5)`, [sampledAt, responderId, where.lat, where.lon, hour]);
  await sample('2026-01-05T12:45:00Z', people[0], north(first, 100), 13);
  await sample('2026-01-05T12:45:00Z', people[1], north(first, 500), 13);
  await sample('2026-01-05T12:45:00Z', people[2], north(third, 500), 13);
  await sample('2026-01-05T01:45:00Z', people[3], north(second, 50), 2);
  // A sample an hour too early for alert 2 stands for nothing.
  await sample('2026-01-05T00:45:00Z', people[4], north(second, 20), 1);
});
afterAll(async () => server?.close());

const policy = (radiusKm: number) => ({ radiusKm, maxSelected: 200, directResponders: 2, aedRunners: 3, aedRadiusKm: 1, escalation: { enabled: false, minAccepted: 2, afterSeconds: 60, stepKm: 0.2, maxKm: 1 } });

async function finished(runId: number) {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const run = (await call(server, referent, 'GET', `${sb}/simulations/${runId}`)).body.data;
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`run ${runId} did not finish`);
}

describe('alert-policy simulator', () => {
  it('replays the period under the current and the proposed policy, as computed by hand', async () => {
    const started = await call(server, referent, 'POST', `${sb}/simulations`, { startDate: '2026-01-05', endDate: '2026-01-05', selectedSite: site, seed: 3, proposed: policy(0.6) });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'queued', params: { seed: 3, accountIds: [site], current: { radiusKm: 0.4 }, proposed: { radiusKm: 0.6 } } });
    const run = await finished(started.body.data.runId);
    expect(run.status).toBe('done');
    const { current, proposed, acceptByHour, acceptSeconds, alertsWithoutSample } = run.results;
    expect(acceptByHour[14]).toBe(1);
    expect(acceptByHour[3]).toBe(0);
    // Other hours take the period's share: 10 accepted of 20.
    expect(acceptByHour[10]).toBe(0.5);
    expect(acceptSeconds).toBe(30);
    expect(alertsWithoutSample).toBe(0);
    expect(current).toMatchObject({ alerts: 3, firstOnSite: { median: 124, p90: 124 }, aedOnSite: { median: null, p90: null }, noResponder: 2, alertedPerAlert: 0.67, escalatedAlerts: 0 });
    expect(proposed).toMatchObject({ alerts: 3, firstOnSite: { median: 124, p90: 498 }, noResponder: 1, alertedPerAlert: 1.33 });
    // Fatigue: one day is 1/30.44 of a month; current alerts 2 responders once each, proposed 4.
    expect(current.perResponderMonth).toEqual({ mean: 30.44, max: 30.44 });
    expect(proposed.firstOnSiteMinutes[2]).toBe(1);
    expect(proposed.firstOnSiteMinutes[8]).toBe(1);
  });

  it('gives the same results for the same seed, and keeps every run with its parameters', async () => {
    const body = { startDate: '2026-01-05', endDate: '2026-01-05', selectedSite: site, seed: 11, proposed: { ...policy(0.4), escalation: { enabled: true, minAccepted: 1, afterSeconds: 60, stepKm: 0.2, maxKm: 0.6 } } };
    const runs = [];
    for (let n = 0; n < 2; n++) runs.push(await finished((await call(server, referent, 'POST', `${sb}/simulations`, body)).body.data.runId));
    const withoutTiming = (run: { results: Record<string, unknown> }) => ({ ...run.results, readMs: 0, elapsedMs: 0 });
    expect(withoutTiming(runs[1])).toEqual(withoutTiming(runs[0]));
    // Escalation: alert 3's responder is reached at the first step, 60 s after the launch (60 + 30 + 468).
    expect(runs[0].results.proposed).toMatchObject({ escalatedAlerts: 2, firstOnSite: { median: 124, p90: 558 } });
    const listed = (await call(server, referent, 'GET', `${sb}/simulations`)).body.data as { runId: number; params: { seed: number }; results: unknown }[];
    expect(listed.slice(0, 2).map((run) => run.runId)).toEqual([runs[1].runId, runs[0].runId]);
    expect(listed[0]).toMatchObject({ params: { seed: 11 }, results: null });
  });
});
