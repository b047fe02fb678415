import { sql, type SQL } from 'drizzle-orm';
import { notificationChart, type NotificationEvent, type NotificationStatus } from '../../../../contract/charts/notification.chart';
import { nextState } from '../../../../contract/charts/transition';
import type { Targeting } from '../../../../contract/notification.schemas';
import { pushDelivery } from '../../adapters/push/delivery';
import type { PushContent } from '../../adapters/push/provider';
import type { AppContext } from '../../context';
import { rowsOf, type Db } from '../../db/database';
import { responderScope } from '../accounts/face';
import * as repo from './repo';
import { recipientCondition, recipientSource } from './targeting';

/**
 * The messages of a notification in the push outbox: filled in one INSERT … SELECT at start,
 * released `fakeBatch` per second, delivered by the outbox worker, followed by a durable
 * progress job that keeps the counters and ends the send (sent, or sentBlocked).
 */

/** Outbox kind of the messages of a composed notification. */
export const notificationKind = 'NOTIFICATION';
/** Durable job that starts a programmed notification at its date. */
export const startQueue = 'notification.start';
/** Durable job that follows a send while it is activated. */
export const progressQueue = 'notification.progress';
/** Seconds between two progress checks of an activated send. */
export const progressTickSeconds = 1;
/** A send whose counters have not moved for this long is blocked (sentBlocked). */
export const stallSeconds = 900;

/** The outbox rows of one notification (its notification_id column, indexed with the status). */
export function ofNotification(id: number): SQL {
  return sql`notification_id = ${id}`;
}

/** The push content of a notification: the same for every recipient. */
export function contentOf(row: Pick<repo.NotificationRow, 'id' | 'title' | 'message' | 'url' | 'messageType'>): PushContent {
  return {
    title: row.title,
    body: row.message,
    url: row.url,
    data: { kind: 'notification', notificationId: String(row.id), messageType: row.messageType },
    ttlSeconds: 86_400,
    urgency: row.messageType === 'appUpdate' || row.messageType === 'survey' ? 'normal' : 'high',
  };
}

/** The targeting fields of a stored notification. */
export function targetingOf(row: repo.NotificationRow): Targeting {
  return {
    idSite: row.idSite,
    osDevice: row.osDevice as Targeting['osDevice'],
    sendingType: row.sendingType as Targeting['sendingType'],
    udid: row.udid,
    engagementLevel: row.engagementLevel as Targeting['engagementLevel'],
    accountStatus: row.accountStatus as Targeting['accountStatus'],
    phonePrefix: row.phonePrefix,
    filter: row.filter,
    language: row.language as Targeting['language'],
    buildVersion: row.buildVersion,
  };
}

/** How many responders and devices a targeting reaches now. */
export async function countRecipients(db: Db, targeting: Targeting): Promise<{ citizens: number; devices: number }> {
  const scope = await responderScope(db, targeting.idSite);
  const [row] = await rowsOf<{ citizens: number; devices: number }>(
    db,
    sql`SELECT count(DISTINCT r.id)::int AS citizens, count(*)::int AS devices FROM ${recipientSource} WHERE ${recipientCondition(targeting, scope)}`,
  );
  return row;
}

/** One outbox row per recipient device, released `fakeBatch` per second from now. Returns the count. */
export async function fillOutbox(db: Db, row: repo.NotificationRow): Promise<number> {
  const scope = await responderScope(db, row.idSite);
  const [{ count }] = await rowsOf<{ count: number }>(
    db,
    sql`WITH added AS (
          INSERT INTO push_outbox (device_id, responder_id, notification_id, kind, payload, next_attempt_at)
          SELECT d.id, r.id, ${row.id}::int, ${notificationKind}, ${JSON.stringify(contentOf(row))}::jsonb,
                 now() + ((row_number() OVER (ORDER BY d.id) - 1) / ${row.fakeBatch}::int)::float8 * interval '1 second'
            FROM ${recipientSource}
           WHERE ${recipientCondition(targetingOf(row), scope)}
          RETURNING 1)
        SELECT count(*)::int AS count FROM added`,
  );
  return count;
}

/** Where the messages of a notification stand in the outbox. */
export async function countMessages(db: Db, id: number) {
  const [row] = await rowsOf<{ pending: number; sent: number; failed: number; due: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status IN ('pending', 'held'))::int AS pending,
               count(*) FILTER (WHERE status = 'sent')::int AS sent,
               count(*) FILTER (WHERE status = 'failed')::int AS failed,
               count(*) FILTER (WHERE status = 'pending' AND next_attempt_at <= now())::int AS due
          FROM push_outbox WHERE ${ofNotification(id)}`,
  );
  return row;
}

/**
 * Holds the pending messages of a stopped notification: as 'held' they leave the pending index,
 * so the outbox worker's claim never walks past them.
 */
export async function holdPending(db: Db, id: number): Promise<void> {
  await db.execute(sql`UPDATE push_outbox SET status = 'held' WHERE ${ofNotification(id)} AND status = 'pending'`);
}

/**
 * Releases the held (and pending) messages again, `batch` per second from now; with `retryFailed`, the
 * failed ones whose device can still receive go back to pending too (play after sentBlocked).
 */
export async function releasePending(db: Db, id: number, batch: number, options: { retryFailed?: boolean } = {}): Promise<void> {
  const retry = options.retryFailed
    ? sql`OR (o.status = 'failed' AND EXISTS (SELECT 1 FROM responder_devices d WHERE d.id = o.device_id AND d.active AND d.push_token IS NOT NULL))`
    : sql``;
  await db.execute(
    sql`WITH ordered AS (
          SELECT o.id, row_number() OVER (ORDER BY o.id) - 1 AS rank FROM push_outbox o
           WHERE ${ofNotification(id)} AND (o.status IN ('pending', 'held') ${retry}))
        UPDATE push_outbox o SET status = 'pending', attempts = CASE WHEN o.status = 'failed' THEN 0 ELSE o.attempts END,
               last_error = CASE WHEN o.status = 'failed' THEN NULL ELSE o.last_error END,
               next_attempt_at = now() + (ordered.rank / ${batch}::int)::float8 * interval '1 second'
          FROM ordered WHERE o.id = ordered.id`,
  );
}

/** Drops the messages of a deleted notification that were not sent yet. */
export async function dropPending(db: Db, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM push_outbox WHERE ${ofNotification(id)} AND status IN ('pending', 'held')`);
}

/** Tells the staff of the notification's site (and the accounts above it) to refetch the list. */
export async function announce(ctx: AppContext, idSite: number): Promise<void> {
  await ctx.realtime.publish([idSite], 'REFRESH_NOTIFS').catch((error: unknown) => ctx.log.warn({ err: error }, 'REFRESH_NOTIFS not published'));
}

/** Starts following an activated send: a new progress generation and an immediate delivery. */
export async function follow(ctx: AppContext, id: number): Promise<void> {
  const generation = await repo.nextGeneration(ctx.database.db, id);
  await ctx.jobs.send(progressQueue, { id, generation }, { startAfterSeconds: progressTickSeconds });
  pushDelivery(ctx).kick();
}

/** The target of a chart event from a status; throws when the chart has no such transition. */
export function target(from: NotificationStatus, event: NotificationEvent): NotificationStatus {
  const to = nextState(notificationChart, from, event);
  if (!to) throw new Error(`notification chart: no ${event.type} from ${from}`);
  return to as NotificationStatus;
}

/**
 * The programmed date is reached: planned → activated and the outbox filled, in one transaction,
 * so that the send happens once whichever instance runs the job, and again after a crash.
 */
export async function startProgrammed(ctx: AppContext, id: number): Promise<void> {
  const started = await ctx.database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await repo.findNotification(db, id);
    if (!row || row.status !== 'planned') return undefined;
    const to = target('planned', { type: 'notification.start' });
    if (!(await repo.updateIfStatus(db, id, 'planned', { status: to, startedAt: new Date(), jobId: null }))) return undefined;
    const recipients = await fillOutbox(db, row);
    await repo.updateIfStatus(db, id, to, { recipients });
    return row;
  });
  if (!started) return;
  ctx.log.info({ notification: id }, 'programmed notification started');
  await follow(ctx, id);
  await announce(ctx, started.idSite);
}

/** One progress check: counters, end of the send, delivery of what is due, next check. */
export async function progress(ctx: AppContext, id: number, generation: number): Promise<void> {
  const db = ctx.database.db;
  const row = await repo.findNotification(db, id);
  if (!row || row.status !== 'activated' || row.progressGeneration !== generation) return;
  const counts = await countMessages(db, id);
  const moved = await repo.storeCounters(db, id, { sent: counts.sent, failed: counts.failed });
  const stalled = !moved && row.progressAt !== null && Date.now() - new Date(row.progressAt).getTime() > stallSeconds * 1000;
  if (counts.pending === 0 || stalled) {
    // Nothing handed over although messages failed, or no progress for long: the process is blocked.
    const blocked = stalled || (counts.sent === 0 && counts.failed > 0);
    const to = target('activated', { type: blocked ? 'notification.block' : 'notification.finish' });
    if (await repo.updateIfStatus(db, id, 'activated', { status: to, finishedAt: new Date() })) {
      ctx.log.info({ notification: id, status: to, sent: counts.sent, failed: counts.failed }, 'notification send ended');
      await announce(ctx, row.idSite);
    }
    return;
  }
  if (counts.due > 0) pushDelivery(ctx).kick();
  if (moved) await announce(ctx, row.idSite);
  await ctx.jobs.send(progressQueue, { id, generation }, { startAfterSeconds: progressTickSeconds });
}
