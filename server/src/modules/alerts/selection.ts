import { sql, type SQL } from 'drizzle-orm';
import type { NearbyAed } from '../../../../contract/alert.schemas';
import { busyStatuses } from '../../../../contract/charts/responder-request.chart';
import { preparedRowsOf, type Database } from '../../db/database';
import { byDistance, metresBetween, withinMetres } from '../../db/earth';
import { walking, type AlertSettings } from './settings';

/**
 * Who can be alerted: responders whose account is activated, who are available, whose last
 * position is fresh and within distanceMax of the victim, and who are not busy (engaged or on
 * stand-by) on another open alert. `pool` keeps test alerts away from real people: production
 * alerts never reach bots, debug mode 1 reaches testers only, debug mode 3 only the bots started
 * for that alert.
 */
export interface Reach {
  lat: number;
  lon: number;
  radiusMetres: number;
  freshSeconds: number;
  pool: { kind: 'production' } | { kind: 'testers' } | { kind: 'bots'; responderIds: number[] };
  /** An escalation step: only the ring it adds, beyond the radius already alerted, and nobody this alert already has a request for. */
  ring?: { alertId: number; beyondMetres: number };
}

/** The reach of an alert at `place` within `distanceMaxKm`, for its debug mode (3: only the bots `botIds`). */
export function reachFor(settings: AlertSettings, place: { lat: number; lon: number }, distanceMaxKm: number, debugMode: number, botIds: number[] = []): Reach {
  return {
    lat: place.lat,
    lon: place.lon,
    radiusMetres: distanceMaxKm * 1000,
    freshSeconds: settings.ALERT_POSITION_FRESH_SECONDS,
    pool: debugMode === 3 ? { kind: 'bots', responderIds: botIds } : debugMode === 1 ? { kind: 'testers' } : { kind: 'production' },
  };
}

const busy = sql.raw(busyStatuses.map((status) => `'${status}'`).join(', '));

function reachConditions(reach: Reach): SQL {
  const center = sql`ll_to_earth(${reach.lat}, ${reach.lon})`;
  const pool =
    reach.pool.kind === 'production'
      ? sql`NOT p.is_bot`
      : reach.pool.kind === 'testers'
        ? sql`p.is_tester AND NOT p.is_bot`
        : sql`p.is_bot AND p.responder_id = ANY(${`{${reach.pool.responderIds.join(',')}}`}::int[])`;
  // The earth_box test is what the partial GiST index on available positions answers; the exact
  // distance then trims the box's corners. Account status and pool are the position row's copies
  // (kept by triggers), so the responders table is not visited for every candidate.
  const ring = reach.ring
    ? sql` AND NOT ${withinMetres(center, sql`p.earth`, reach.ring.beyondMetres)}
    AND NOT EXISTS (SELECT 1 FROM alert_requests mine WHERE mine.alert_id = ${reach.ring.alertId} AND mine.responder_id = p.responder_id)`
    : sql``;
  return sql`p.available
    AND earth_box(${center}, ${reach.radiusMetres}) @> p.earth
    AND ${withinMetres(center, sql`p.earth`, reach.radiusMetres)}
    AND p.reported_at >= now() - make_interval(secs => ${reach.freshSeconds})
    AND p.activated
    AND ${pool}
    AND NOT EXISTS (SELECT 1 FROM alert_requests q WHERE q.responder_id = p.responder_id AND q.alert_open AND q.status IN (${busy}))${ring}`;
}

/** How many responders an alert at this place would reach now (the set-up preview, nbPotentialBS): a query of one row, `n`, for the statement that writes the draft. */
export const reachableCountSql = (reach: Reach): SQL => sql`SELECT count(*)::int AS n FROM responder_positions p WHERE ${reachConditions(reach)}`;

export interface Candidate {
  responderId: number;
  lat: number;
  lon: number;
  /** Metres to the victim, as the crow flies. */
  distance: number;
  carriesAed: boolean;
}

/** The nearest reachable responders (at most `limit`), and how many are reachable in all. */
export async function nearestReachable(database: Database, reach: Reach, limit: number): Promise<{ candidates: Candidate[]; total: number }> {
  const center = sql`ll_to_earth(${reach.lat}, ${reach.lon})`;
  // A prepared statement on PostgreSQL: its planning cost about as much as its run.
  const rows = await preparedRowsOf<{ responder_id: number; lat: number; lon: number; distance: number; carries_aed: boolean; total: number }>(
    database,
    // carries_aed is the position row's copy (migration 0026). The great-circle distance is
    // computed for the chosen rows only; the order is the chord's.
    sql`SELECT c.responder_id, c.lat, c.lon, c.total, c.carries_aed, earth_distance(${center}, c.earth) AS distance
          FROM (SELECT p.responder_id, p.lat, p.lon, p.earth, p.carries_aed, ${byDistance(center, sql`p.earth`)} AS chord, (count(*) OVER ())::int AS total
                  FROM responder_positions p
                 WHERE ${reachConditions(reach)}
                 ORDER BY chord, p.responder_id
                 LIMIT ${limit}) AS c
         ORDER BY c.chord, c.responder_id`,
  );
  return {
    total: rows[0]?.total ?? 0,
    candidates: rows.map((row) => ({ responderId: row.responder_id, lat: row.lat, lon: row.lon, distance: row.distance, carriesAed: row.carries_aed })),
  };
}

export interface Mission {
  responderId: number;
  mission: 'victim' | 'aed';
  aed: NearbyAed | null;
  /** Metres to the victim, as the crow flies. */
  distance: number;
  /** Seconds of walking planned: straight to the victim, or via the AED. */
  duration: number;
}

/** What an alert's earlier selections gave: how many responders, and the AED of each runner. */
export interface EarlierMissions {
  selected: number;
  aedIds: number[];
}

/**
 * Gives each selected responder a mission. The nearest ones (ALERT_DIRECT_RESPONDERS) and those
 * carrying an AED go straight to the victim. The next ones, in order of distance, are sent first to
 * the AED available now that makes their walk to the victim shortest, when that detour costs at
 * most ALERT_AED_MAX_DETOUR_SECONDS, up to ALERT_AED_RUNNERS in all and ALERT_AED_RUNNERS_PER_AED
 * per AED. Everyone else goes straight to the victim. `already` (an escalation step) counts the
 * missions the alert has given before: its responders come first in distance, its runners and
 * their AEDs count against the limits.
 */
export function planMissions(settings: AlertSettings, candidates: Candidate[], aedsAvailableNow: NearbyAed[], already: EarlierMissions = { selected: 0, aedIds: [] }): Mission[] {
  const usePerAed = new Map<number, number>();
  for (const aedId of already.aedIds) usePerAed.set(aedId, (usePerAed.get(aedId) ?? 0) + 1);
  let runners = already.aedIds.length;
  return candidates.map((candidate, index) => {
    const direct = walking(settings, candidate.distance);
    const straight: Mission = { responderId: candidate.responderId, mission: 'victim', aed: null, distance: Math.round(candidate.distance), duration: direct.seconds };
    if (already.selected + index < settings.ALERT_DIRECT_RESPONDERS || candidate.carriesAed || runners >= settings.ALERT_AED_RUNNERS) return straight;
    let best: { aed: NearbyAed; metres: number } | undefined;
    for (const aed of aedsAvailableNow) {
      if ((usePerAed.get(aed.id) ?? 0) >= settings.ALERT_AED_RUNNERS_PER_AED) continue;
      const metres = metresBetween(candidate, aed) + aed.distance;
      if (!best || metres < best.metres) best = { aed, metres };
    }
    if (!best) return straight;
    const via = walking(settings, best.metres);
    if (via.seconds - direct.seconds > settings.ALERT_AED_MAX_DETOUR_SECONDS) return straight;
    runners += 1;
    usePerAed.set(best.aed.id, (usePerAed.get(best.aed.id) ?? 0) + 1);
    return { ...straight, mission: 'aed', aed: best.aed, duration: via.seconds };
  });
}
