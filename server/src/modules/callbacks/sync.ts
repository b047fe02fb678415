import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { setOff } from './repo';

/** A close committed later than a newer one is still caught: each pass looks back this far before its mark. */
const overlapMinutes = 10;

/**
 * Writes the call-back (status toDo) of every departure of the alerts closed since the last pass,
 * once: lists and counts then read call-backs by status instead of deriving them alert by alert.
 * The mark is the newest close and the highest alert id seen; a pass takes the alerts closed after
 * the mark (less ten minutes, for closes committed out of order) and those created after it, so
 * alerts written already closed (imports, the demo) are caught too. The mark never passes the
 * database's own clock: an alert recorded as closed later than now (written by an import or a
 * script) would otherwise hold the mark ahead and hide every close until that time. Idempotent and
 * safe to run on several instances at once: a call-back is keyed by its request.
 */
export async function syncCallbacks(db: Db): Promise<number> {
  const [mark] = await rowsOf<{ synced_until: Date | null; last_alert_id: number }>(db, sql`SELECT synced_until, last_alert_id FROM history_sync WHERE name = 'callbacks'`);
  const [top] = await rowsOf<{ max_id: number | null; max_closed: Date | null }>(
    db,
    sql`SELECT (SELECT max(id) FROM alerts) AS max_id, (SELECT least(max(closed_at), now()) FROM alerts WHERE close = 1 HAVING max(closed_at) IS NOT NULL) AS max_closed`,
  );
  if (top.max_id === null) return 0;
  const lastId = mark?.last_alert_id ?? 0;
  const since = mark?.synced_until ? new Date(new Date(mark.synced_until).getTime() - overlapMinutes * 60_000).toISOString() : null;
  if (mark && top.max_id <= lastId && (top.max_closed === null || (mark.synced_until && new Date(top.max_closed) <= new Date(mark.synced_until)))) return 0;
  const closedSince = since ? sql`a.closed_at > ${since}::timestamptz` : sql`TRUE`;
  const inserted = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO callbacks (request_id, alert_id, responder_id, id_site, status, created_at, updated_at)
        SELECT q.id, q.alert_id, q.responder_id, a.id_site, 'toDo', a.closed_at, a.closed_at
          FROM alerts a JOIN alert_requests q ON q.alert_id = a.id
         WHERE a.close = 1 AND (a.id > ${lastId} OR ${closedSince}) AND ${setOff()}
        ON CONFLICT (request_id) DO NOTHING RETURNING id`,
  );
  await db.execute(sql`INSERT INTO history_sync (name, synced_until, last_alert_id, updated_at)
      VALUES ('callbacks', ${top.max_closed ? new Date(top.max_closed).toISOString() : null}::timestamptz, ${top.max_id}, now())
    ON CONFLICT (name) DO UPDATE SET synced_until = greatest(history_sync.synced_until, excluded.synced_until),
      last_alert_id = greatest(history_sync.last_alert_id, excluded.last_alert_id), updated_at = now()`);
  return inserted.length;
}
