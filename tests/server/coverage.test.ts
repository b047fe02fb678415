import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellAt, cellCentre } from '../../contract/coverage.grid';
import type { CoverageCellDetail, CoverageMap, CoverageSummary } from '../../contract/coverage.schemas';
import { refreshStale } from '../../server/src/modules/coverage/jobs';
import { area, offset } from './alert-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * The coverage-gap map on a small area checked by hand. Walking at 3.6 km/h with no detour makes a
 * metre a second; the target is 8 minutes (480 s), so "within reach" is 960 m. P is Rodez; x metres
 * east and y metres north of it:
 *
 * - AED A1 at (0, 0), open 08:00–20:00 every day; AED A2 at (600, 0), open 24/7.
 * - Past alerts at (120, 130) and (100, −1800). The area is their box with A1 and A2, so the grid's
 *   south-west corner is (−200, −2000) and cell C, centred on (100, 100), is column 1, row 10.
 * - Weekdays at 14:00, three sampled moments: responder R1 at (100, 250) in the first only, R2 at
 *   (100, 300) in all three. At 03:00, three moments with R2 alone.
 *
 * C at 14:00: nearest responder per moment 150, 200, 200 → median (2nd of 3) 200 s. The nearest AED
 * open is A1, 141.42 m from C's centre; the responder fetching it is 269.26, 316.23, 316.23 m away →
 * median 316.23; AED time 316.23 + 141.42 = 457.65 → 458 s, within the target.
 * C at 03:00: A1 is closed; A2 is 509.90 m from C and R2 583.10 m from A2 → 1,093 s: a gap.
 * The alert at (100, −1800) has no responder and no AED within 960 m: a gap at any hour.
 * One more AED at C, fetched by the responder 200 s away, would bring C's alert to 200 s at 03:00:
 * 1,093 − 480 = 613 s over the target removed, 10.2 minutes.
 */
const at = (x: number, y: number) => offset(area, y, x);
const walkMetreASecond = { ALERT_WALK_SPEED_KMH: 3.6, ALERT_DETOUR_FACTOR: 1, COVERAGE_TARGET_MINUTES: 8, COVERAGE_CELL_METRES: 200 };
const everyDay = (open: string, close: string) => Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [String(day), [{ open, close }]]));

describe('coverage-gap map', () => {
  let server: TestServer;
  let referent: string;
  let accountId: number;
  let otherAccountId: number;
  const query = (db: TestServer, text: string, values: unknown[] = []) => db.ctx.database.query<Record<string, number>>(text, values);
  const get = async <T>(auth: string, path: string, params: Record<string, string | number | boolean>) => {
    const response = await server.app.inject({ method: 'GET', url: `/services/backoffice/coverage/${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, headers: { authorization: auth } });
    return { status: response.statusCode, data: response.statusCode === 200 && !path.endsWith('export') ? (response.json().data as T) : undefined, response };
  };
  const band = (hour: number) => ({ selectedSite: accountId, weekend: false, hour });

  beforeAll(async () => {
    server = await startTestServer(walkMetreASecond as never);
    referent = await server.signIn('referent@vigil.test');
    // The demo's history would add its own sampled moments: the test's are the only ones.
    await query(server, 'DELETE FROM responder_position_samples');
    const [{ site }] = await query(server, `SELECT site_id AS site FROM users WHERE email = 'referent@vigil.test'`);
    [{ id: accountId }] = await query(server, `INSERT INTO accounts (name, parent_id) VALUES ('Coverage test service', $1) RETURNING id`, [site]);
    [{ id: otherAccountId }] = await query(server, `INSERT INTO accounts (name) VALUES ('Someone else') RETURNING id`);
    const aed = (point: { lat: number; lon: number }, name: string, alwaysOpened: boolean, hours: object) =>
      query(server, `INSERT INTO aeds (id_site, name, lat, lon, status, always_opened, opening_hours) VALUES ($1, $2, $3, $4, 'available', $5, $6::jsonb) RETURNING id`, [accountId, name, point.lat, point.lon, alwaysOpened, JSON.stringify(hours)]);
    await aed(at(0, 0), 'A1 town hall', false, everyDay('08:00', '20:00'));
    await aed(at(600, 0), 'A2 fire station', true, {});
    for (const point of [at(120, 130), at(100, -1800)]) {
      await query(server, `INSERT INTO alerts (id_site, lat, lon, distance_max, launched_at, close, status) VALUES ($1, $2, $3, 0.4, now() - interval '3 days', 1, 2)`, [accountId, point.lat, point.lon]);
    }
    const responder = async (name: string) =>
      (await query(server, `INSERT INTO responders (first_name, last_name, email, phone, account_status) VALUES ($1, 'Test', $2, '0600000000', 'activated') RETURNING id`, [name, `${name}@coverage.test`]))[0].id;
    const [r1, r2] = [await responder('r1'), await responder('r2')];
    const sample = (moment: string, responderId: number, point: { lat: number; lon: number }, hour: number) =>
      query(server, `INSERT INTO responder_position_samples (sampled_at, responder_id, lat, lon, weekend, local_hour) VALUES ($1, $2, $3, $4, false, $5)`, [moment, responderId, point.lat, point.lon, hour]);
    const now = Date.now();
    const day = (days: number, hour: number) => new Date(now - days * 86_400_000 - hour * 1000).toISOString();
    await sample(day(1, 14), r1, at(100, 250), 14);
    for (const days of [1, 2, 3]) await sample(day(days, 14), r2, at(100, 300), 14);
    for (const days of [1, 2, 3]) await sample(day(days, 3), r2, at(100, 300), 3);
  });
  afterAll(async () => server?.close());

  const cellC = (map: CoverageMap) => map.cells.find(([ix, iy]) => ix === 1 && iy === 10);

  it('gives each cell the median first-responder time and the time for the nearest AED open at that hour, computed when first asked', async () => {
    const afternoon = await get<CoverageMap>(referent, 'map', band(14));
    expect(afternoon.status).toBe(200);
    const map = afternoon.data!;
    expect({ level: map.level, instants: map.instants, target: map.targetSeconds }).toEqual({ level: 0, instants: 3, target: 480 });
    const c = cellAt(map.grid!, at(100, 100));
    expect(c).toEqual({ ix: 1, iy: 10 });
    const centre = cellCentre(map.grid!, 1, 10);
    expect(centre.lat).toBeCloseTo(at(100, 100).lat, 6);
    expect(centre.lon).toBeCloseTo(at(100, 100).lon, 6);
    expect(cellC(map)).toEqual([1, 10, 200, 458, 1]);

    const night = (await get<CoverageMap>(referent, 'map', band(3))).data!;
    expect(cellC(night)).toEqual([1, 10, 200, 1093, 1]);
    const lonely = cellAt(night.grid!, at(100, -1800));
    expect(night.cells.find(([ix, iy]) => ix === lonely.ix && iy === lonely.iy)).toEqual([lonely.ix, lonely.iy, null, null, 1]);
  });

  it('explains a cell: the nearest AED closed at that hour, the one fetched instead, and the responders seen', async () => {
    const { status, data } = await get<CoverageCellDetail>(referent, 'cell', { ...band(3), ...at(100, 100) });
    expect(status).toBe(200);
    expect(data).toMatchObject({ ix: 1, iy: 10, responderSeconds: 200, aedSeconds: 1093, alerts: 1, gap: true, instants: 3, instantsWithResponder: 3 });
    expect(data!.nearestAeds.map(({ name, distance, openInBand }) => ({ name, distance, openInBand }))).toEqual([
      { name: 'A1 town hall', distance: 141, openInBand: false },
      { name: 'A2 fire station', distance: 510, openInBand: true },
    ]);
    expect(data!.fetchedAed?.name).toBe('A2 fire station');
    expect(data!.reasons).toEqual(['nearestAedsClosed', 'aedTooFar']);

    const lonely = (await get<CoverageCellDetail>(referent, 'cell', { ...band(14), ...at(100, -1800) })).data!;
    expect(lonely).toMatchObject({ responderSeconds: null, aedSeconds: null, alerts: 1, gap: true, instantsWithResponder: 0, nearestAeds: [], fetchedAed: null });
    expect(lonely.reasons).toEqual(['noResponderSeen', 'noAedInReach']);

    const outside = await get(referent, 'cell', { ...band(14), ...at(100, 5000) });
    expect(outside.status).toBe(404);
    expect(outside.response.json().msg).toBe('error.coverage.outside-area');
  });

  it('lists the worst gaps with their past alerts and ranks where one more AED would remove most minutes over the target', async () => {
    const night = (await get<CoverageSummary>(referent, 'summary', band(3))).data!;
    expect(night.worst.map(({ alerts, aedSeconds }) => ({ alerts, aedSeconds }))).toEqual([
      { alerts: 1, aedSeconds: null },
      { alerts: 1, aedSeconds: 1093 },
    ]);
    expect(night.candidates[0]).toMatchObject({ ix: 1, iy: 10, gapMinutesRemoved: 10.2, alertsHelped: 1 });
    expect(night.candidates[0].lat).toBeCloseTo(at(100, 100).lat, 6);
    const afternoon = (await get<CoverageSummary>(referent, 'summary', band(14))).data!;
    expect(afternoon.worst).toHaveLength(1);
    expect(afternoon.candidates).toEqual([]);

    const file = await get(referent, 'candidates/export', { ...band(3), lang: 'en' });
    expect(file.status).toBe(200);
    expect(file.response.headers['content-type']).toContain('spreadsheetml');
    expect(Number(file.response.headers['x-total-count'])).toBe(night.candidates.length);
  });

  it('computes a cached map again once it is older than the refresh age, with the data of now', async () => {
    await query(server, `UPDATE aeds SET always_opened = true WHERE name = 'A1 town hall' AND id_site = $1`, [accountId]);
    expect(cellC((await get<CoverageMap>(referent, 'map', band(3))).data!)).toEqual([1, 10, 200, 1093, 1]); // still the cached map
    await query(server, `UPDATE coverage_runs SET computed_at = now() - interval '2 days' WHERE account_id = $1`, [accountId]);
    expect(await refreshStale(server.ctx)).toBeGreaterThanOrEqual(2);
    expect(cellC((await get<CoverageMap>(referent, 'map', band(3))).data!)).toEqual([1, 10, 200, 458, 1]);
    await query(server, `UPDATE aeds SET always_opened = false WHERE name = 'A1 town hall' AND id_site = $1`, [accountId]);
  });

  it('answers referents, administrators and AED managers for their accounts only', async () => {
    for (const email of ['administrator@vigil.test', 'aed-manager@vigil.test']) {
      const auth = await server.signIn(email);
      expect((await get(auth, 'summary', { weekend: false, hour: 14 })).status).toBe(200);
    }
    for (const email of ['operator@vigil.test', 'aed-editor@vigil.test']) {
      const auth = await server.signIn(email);
      expect((await get(auth, 'map', { weekend: false, hour: 14 })).status).toBe(403);
    }
    for (const path of ['map', 'summary', 'cell', 'candidates/export']) {
      const other = await get(referent, path, { selectedSite: otherAccountId, weekend: false, hour: 14, ...area });
      expect(other.status).toBe(403);
      expect(other.response.json().msg).toBe('error.coverage.site-not-allowed');
    }
  });
});
