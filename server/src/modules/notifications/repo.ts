import { sql, type SQL } from 'drizzle-orm';
import type { NotificationStatus } from '../../../../contract/charts/notification.chart';
import type { FilterCondition } from '../../../../contract/notification.filter';
import { rowsOf, type Db } from '../../db/database';
import { nameOrder } from '../../db/name-order';
import { notifications } from '../../db/schema/notifications';

/** A notification row with its site name, as the service reads it. */
export interface NotificationRow {
  id: number;
  idSite: number;
  siteName: string;
  title: string;
  osDevice: string;
  sendingType: string;
  udid: string | null;
  engagementLevel: string;
  accountStatus: string;
  phonePrefix: string | null;
  filter: FilterCondition[];
  fakeBatch: number;
  messageType: string;
  language: string;
  message: string;
  url: string | null;
  buildVersion: string | null;
  distribution: string;
  programmedAt: Date | string | null;
  status: NotificationStatus;
  jobId: string | null;
  recipients: number;
  sentCount: number;
  failedCount: number;
  progressGeneration: number;
  progressAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
}

const selectRow = sql`SELECT n.id, n.id_site AS "idSite", a.name AS "siteName", n.title, n.os_device AS "osDevice", n.sending_type AS "sendingType",
       n.udid, n.engagement_level AS "engagementLevel", n.account_status AS "accountStatus", n.phone_prefix AS "phonePrefix", n.filter,
       n.fake_batch AS "fakeBatch", n.message_type AS "messageType", n.language, n.message, n.url, n.build_version AS "buildVersion",
       n.distribution, n.programmed_at AS "programmedAt", n.status, n.job_id AS "jobId", n.recipients, n.sent_count AS "sentCount",
       n.failed_count AS "failedCount", n.progress_generation AS "progressGeneration", n.progress_at AS "progressAt",
       n.created_at AS "createdAt", n.updated_at AS "updatedAt", n.started_at AS "startedAt", n.finished_at AS "finishedAt"
  FROM notifications n JOIN accounts a ON a.id = n.id_site`;

/** One page of notifications (deleted ones left out), newest first, with the total. */
export async function listNotifications(db: Db, where: SQL, limit: number, offset: number): Promise<{ rows: NotificationRow[]; count: number }> {
  const condition = sql`n.status <> 'deleted' AND ${where}`;
  const rows = await rowsOf<NotificationRow>(db, sql`${selectRow} WHERE ${condition} ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit} OFFSET ${offset}`);
  const [{ count }] = await rowsOf<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM notifications n WHERE ${condition}`);
  return { rows, count };
}

export async function findNotification(db: Db, id: number): Promise<NotificationRow | undefined> {
  const [row] = await rowsOf<NotificationRow>(db, sql`${selectRow} WHERE n.id = ${id}`);
  return row;
}

export type NotificationValues = typeof notifications.$inferInsert;

export async function insertNotification(db: Db, values: NotificationValues): Promise<number> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return row.id;
}

/**
 * Writes a change only if the notification is still in `from` (the state the chart was asked
 * about): a concurrent change makes it a no-op, and the caller answers 409.
 */
export async function updateIfStatus(db: Db, id: number, from: NotificationStatus, values: Partial<NotificationValues>): Promise<boolean> {
  const assignments = Object.entries({ ...values, updatedAt: new Date() })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const column = notifications[key as keyof typeof notifications.$inferInsert];
      return sql`${sql.identifier(column.name)} = ${key === 'filter' ? sql`${JSON.stringify(value)}::jsonb` : value instanceof Date ? value.toISOString() : value}`;
    });
  const rows = await rowsOf<{ id: number }>(db, sql`UPDATE notifications SET ${sql.join(assignments, sql`, `)} WHERE id = ${id} AND status = ${from} RETURNING id`);
  return rows.length > 0;
}

/** Raises the progress generation: earlier progress jobs of the notification stop at their next run. */
export async function nextGeneration(db: Db, id: number): Promise<number> {
  const [row] = await rowsOf<{ generation: number }>(
    db,
    sql`UPDATE notifications SET progress_generation = progress_generation + 1, progress_at = now() WHERE id = ${id} RETURNING progress_generation AS generation`,
  );
  return row.generation;
}

/** Stores the delivery counters; returns whether they changed. */
export async function storeCounters(db: Db, id: number, counters: { sent: number; failed: number }): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE notifications SET sent_count = ${counters.sent}, failed_count = ${counters.failed}, progress_at = now()
         WHERE id = ${id} AND (sent_count <> ${counters.sent} OR failed_count <> ${counters.failed}) RETURNING id`,
  );
  return rows.length > 0;
}

export interface CitizenDeviceRow {
  udid: string;
  responderId: number;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  os: string;
  buildVersion: string | null;
  accountStatus: string;
}

/** Devices able to receive a push whose responder matches the text, within a site condition. */
export async function searchCitizenDevices(db: Db, where: SQL, filter: string, limit = 20): Promise<CitizenDeviceRow[]> {
  const pattern = `%${filter.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return rowsOf<CitizenDeviceRow>(
    db,
    sql`SELECT d.udid, r.id AS "responderId", r.first_name AS "firstName", r.last_name AS "lastName", r.phone, r.email, d.os,
               d.build_version AS "buildVersion", r.account_status AS "accountStatus"
          FROM responder_devices d JOIN responders r ON r.id = d.responder_id
         WHERE d.active AND d.push_token IS NOT NULL AND NOT r.is_bot AND ${where}
           AND (r.first_name || ' ' || r.last_name ILIKE ${pattern} OR r.last_name || ' ' || r.first_name ILIKE ${pattern}
                OR r.phone ILIKE ${pattern} OR r.email ILIKE ${pattern} OR d.udid ILIKE ${pattern})
         ORDER BY ${nameOrder(sql`r.last_name`)}, ${nameOrder(sql`r.first_name`)}, d.id
         LIMIT ${limit}`,
  );
}
