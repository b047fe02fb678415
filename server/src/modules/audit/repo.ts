import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '../../../../contract/audit.schemas';
import { rowsOf, type Db } from '../../db/database';
import { auditLog } from '../../db/schema/audit';

export type NewAuditRow = typeof auditLog.$inferInsert;

/** Adds one row to the audit log; `relaxedCommit` does not wait for the disk (see AuditedCall). */
export async function insertAudit(db: Db, row: NewAuditRow, relaxedCommit = false): Promise<void> {
  if (!relaxedCommit) {
    await db.insert(auditLog).values(row);
    return;
  }
  // One statement, so the setting holds for its own transaction only (as the draft's write does).
  await db.execute(sql`WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting) ${auditInsertSql(row, sql`${row.target ?? null}`, sql`relaxed`)}`);
}

/**
 * The INSERT of one audit row, for a statement that writes it with its change (one round trip):
 * one row per row of `from`, whose columns `target` may name.
 */
export function auditInsertSql(row: NewAuditRow, target: SQL, from: SQL): SQL {
  return sql`INSERT INTO audit_log (user_id, user_email, id_group, site_id, action, target, method, url, status, details, ip)
        SELECT ${row.userId ?? null}::int, ${row.userEmail ?? null}, ${row.idGroup ?? null}::int, ${row.siteId ?? null}::int, ${row.action}, ${target},
               ${row.method}, ${row.url}, ${row.status}, ${JSON.stringify(row.details ?? {})}::jsonb, ${row.ip ?? null}
          FROM ${from}`;
}

/** One page of the log of `sites` (and of calls made without a session, such as password renewals, when `withAnonymous`). */
export async function auditPage(db: Db, sites: number[], query: AuditQuery): Promise<{ list: AuditEntry[]; count: number }> {
  const conditions: SQL[] = [sql`site_id IN (${sql.join(sites.map((id) => sql`${id}`), sql`, `)})`];
  if (query.action) conditions.push(sql`action = ${query.action}`);
  if (query.userId) conditions.push(sql`user_id = ${query.userId}`);
  if (query.target) conditions.push(sql`target = ${query.target}`);
  if (query.startDate) conditions.push(sql`at >= (${query.startDate}::date::timestamp AT TIME ZONE 'Europe/Paris')`);
  if (query.endDate) conditions.push(sql`at < ((${query.endDate}::date + 1)::timestamp AT TIME ZONE 'Europe/Paris')`);
  const where = sql.join(conditions, sql` AND `);
  const [{ count }] = await rowsOf<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM audit_log WHERE ${where}`);
  const list = await rowsOf<AuditEntry & { at: Date | string }>(
    db,
    sql`SELECT id::int AS id, at, user_id AS "userId", user_email AS "userEmail", id_group AS "idGroup", site_id AS "siteId", action, target, method, url, status, details, ip
        FROM audit_log WHERE ${where} ORDER BY at DESC, id DESC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
  );
  return { list: list.map((row) => ({ ...row, at: new Date(row.at).toISOString() })), count };
}
