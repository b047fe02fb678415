import type { Database } from '../../server/src/db/database';

/**
 * The history benchmark's data: `count` launched and closed alerts spread over the last 23 months
 * (inside the history's 24-month window) on the demo's SDIS 63 and CODIS 63, each with five
 * responders alerted among the demo responders — two of them set off (status history with
 * `dispatched`), one refused, two never answered — and a call-back already made for most of the
 * older departures. Written by a few INSERT … SELECT over generate_series, so 100,000 alerts
 * (500,000 requests) take seconds, not minutes.
 */
export async function generateHistory(database: Database, count: number): Promise<{ alerts: number; requests: number; callbacks: number }> {
  const [sdis63] = await database.query<{ id: number }>("SELECT id FROM accounts WHERE name LIKE 'SDIS 63%'");
  const [codis63] = await database.query<{ id: number }>("SELECT id FROM accounts WHERE name LIKE 'CODIS 63%'");
  const responders = (await database.query<{ id: number }>("SELECT id FROM responders WHERE account_status = 'activated' AND NOT is_bot ORDER BY id")).map((row) => row.id);
  const [{ first }] = await database.query<{ first: number }>("SELECT nextval('alerts_id_seq')::int AS first");
  const ids = `{${responders.join(',')}}`;

  // Alerts: one every ~10 minutes back over 23 months (count 100,000 → 6.9 minutes apart), 3% tests.
  const spanMinutes = 23 * 30 * 24 * 60;
  await database.query(
    `INSERT INTO alerts (id, alert_type, id_site, address, address_info, lat, lon, country_code, precision, distance_max, nb_requests, nb_potential_bs, status, close,
                         created_at, launched_at, closed_at, close_reason, closed_by, distance, nb_engaged, nb_refused, test, debug_mode, contact_status, updated_at)
     SELECT $1::int + g, (ARRAY[1,1,1,3,4,5,6,7])[1 + g % 8], CASE WHEN g % 4 = 0 THEN $3::int ELSE $2::int END,
            (1 + g % 90) || ' ' || (ARRAY['rue du Port','avenue des États-Unis','place de Jaude','boulevard Lafayette','rue Blatin','avenue de Royat'])[1 + g % 6] || ', '
              || (ARRAY['63000 Clermont-Ferrand','63400 Chamalières','63170 Aubière','63110 Beaumont'])[1 + (g / 7) % 4],
            CASE WHEN g % 11 = 0 THEN 'Code ' || (1000 + g % 9000) ELSE '' END,
            45.77 + ((g::bigint * 7919) % 1000 - 500) / 20000.0, 3.08 + ((g::bigint * 104729) % 1000 - 500) / 15000.0, 'FR', 'housenumber', 0.4, 5, 12, 3, 1,
            now() - make_interval(mins => (g * $4::float8 / $5::int)::int + 30),
            now() - make_interval(mins => (g * $4::float8 / $5::int)::int + 29),
            now() - make_interval(mins => (g * $4::float8 / $5::int)::int + 29) + make_interval(mins => 8 + g % 30),
            CASE WHEN g % 9 = 0 THEN 'auto' ELSE 'user' END, NULL, 0, 2, 1, g % 33 = 0, CASE WHEN g % 33 = 0 THEN 1 ELSE 0 END, 'toDo', now()
       FROM generate_series(1, $5::int) g`,
    [first - 1, sdis63.id, codis63.id, spanMinutes, count],
  );
  await database.query(`SELECT setval('alerts_id_seq', $1)`, [first - 1 + count]);

  // Five requests per alert: k = 0, 1 set off, 2 refused, 3 and 4 never answered.
  await database.query(
    `INSERT INTO alert_requests (alert_id, responder_id, status, mission, distance, duration, rank, status_history, created_at, updated_at, alert_open)
     SELECT a.id, ($1::int[])[1 + ((a.id * 5 + k) % array_length($1::int[], 1))],
            CASE k WHEN 0 THEN 'onSiteVictim' WHEN 1 THEN 'onTheWayVictim' WHEN 2 THEN 'refused' ELSE 'available' END,
            'victim', 150 + (a.id * 37 + k * 101) % 1800, 120 + (a.id * 37 + k * 101) % 1500, k,
            CASE WHEN k < 2 THEN jsonb_build_array(
                   jsonb_build_object('status', 'available', 'at', a.launched_at, 'by', 'user:1'),
                   jsonb_build_object('status', 'dispatched', 'at', a.launched_at + make_interval(secs => 20 + (a.id + k * 17) % 140), 'by', 'responder'),
                   jsonb_build_object('status', CASE k WHEN 0 THEN 'onSiteVictim' ELSE 'onTheWayVictim' END, 'at', a.launched_at + make_interval(secs => 300), 'by', 'responder'))
                 WHEN k = 2 THEN jsonb_build_array(jsonb_build_object('status', 'available', 'at', a.launched_at, 'by', 'user:1'),
                                                   jsonb_build_object('status', 'refused', 'at', a.launched_at + make_interval(secs => 40), 'by', 'responder'))
                 ELSE jsonb_build_array(jsonb_build_object('status', 'available', 'at', a.launched_at, 'by', 'user:1')) END,
            a.launched_at, a.closed_at, false
       FROM alerts a CROSS JOIN generate_series(0, 4) k
      WHERE a.id > $2::int AND a.id <= $3::int`,
    [ids, first - 1, first - 1 + count],
  );

  // Call-backs after the departures of alerts older than a week: done, refused, unanswered or to call again.
  await database.query(
    `INSERT INTO callbacks (request_id, alert_id, responder_id, id_site, status, recall_at, attempts, first_call_at, last_call_at, created_at, updated_at)
     SELECT q.id, q.alert_id, q.responder_id, a.id_site,
            (ARRAY['done','done','done','done','noAnswer','recall','refusal','recallFragile'])[1 + q.id % 8],
            CASE WHEN q.id % 8 IN (5, 7) THEN now() + make_interval(days => q.id % 5 - 2) END, 1,
            a.closed_at + interval '1 day', a.closed_at + interval '1 day', a.closed_at + interval '1 day', a.closed_at + interval '1 day'
       FROM alert_requests q JOIN alerts a ON a.id = q.alert_id
      WHERE a.id > $1::int AND a.id <= $2::int AND q.rank < 2 AND a.closed_at < now() - interval '7 days' AND q.id % 10 <> 0`,
    [first - 1, first - 1 + count],
  );
  const [requests] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_requests WHERE alert_id > $1', [first - 1]);
  const [callbacks] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM callbacks WHERE alert_id > $1', [first - 1]);
  // Fresh pages are not all-visible yet: autovacuum would get there; the benchmark does not wait for it.
  await database.query('VACUUM ANALYZE alerts');
  await database.query('VACUUM ANALYZE alert_requests');
  await database.query('VACUUM ANALYZE callbacks');
  return { alerts: count, requests: requests.n, callbacks: callbacks.n };
}
