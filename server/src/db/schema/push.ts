import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { responderDevices } from './responders';

/**
 * The push outbox: one row per recipient device and message, written in the same transaction as
 * the change that causes it, delivered afterwards by the durable `push.deliver` job through the
 * configured provider (server/src/adapters/push).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => responderDevices.id, { onDelete: 'cascade' }),
    /**
     * The device's responder, copied for reading; no foreign key of its own: the device's key
     * already removes the row with the responder (responder → devices → outbox, all cascading),
     * and a second check per row cost 2 ms of a 200-responder launch on PGlite.
     */
    responderId: integer('responder_id').notNull(),
    /** The alert the message is about, if any (notifications have none). */
    alertId: integer('alert_id'),
    /** The composed notification the message belongs to, if any (kind NOTIFICATION). */
    notificationId: integer('notification_id'),
    /** ALERT, ALERT_UPDATED, ALERT_CLOSED, STOPPED, STARTED, NOTIFICATION... */
    kind: varchar('kind', { length: 24 }).notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    /** pending, held (a stopped notification's messages, not due until played again), sent, failed */
    status: varchar('status', { length: 8 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    provider: varchar('provider', { length: 20 }),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('push_outbox_pending_idx').on(t.nextAttemptAt, t.id).where(sql`status = 'pending'`),
    index('push_outbox_alert_idx').on(t.alertId),
    index('push_outbox_notification_id_idx').on(t.notificationId, t.status).where(sql`notification_id IS NOT NULL`),
  ],
);
