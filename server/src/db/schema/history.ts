import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { alertRequests, alerts } from './alerts';
import { responders } from './responders';

/**
 * The call-back of one responder after one alert (spec §4 "Call contact status"), keyed by the
 * responder's request. A row exists once staff have called; before that the status is derived:
 * alertInProgress while the alert is open, toDo once it is closed (contract/charts/callback.chart.ts).
 */
export const callbacks = pgTable(
  'callbacks',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => alertRequests.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    responderId: integer('responder_id')
      .notNull()
      .references(() => responders.id),
    /** The alert's account, copied so that counts per account need no join. */
    idSite: integer('id_site')
      .notNull()
      .references(() => accounts.id),
    /** toDo, noAnswer, done, recall, recallFragile, refusal (alertInProgress is never stored). */
    status: varchar('status', { length: 24 }).notNull(),
    /** When to call again (recall and recallFragile). */
    recallAt: timestamp('recall_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    firstCallAt: timestamp('first_call_at', { withTimezone: true }),
    lastCallAt: timestamp('last_call_at', { withTimezone: true }),
    lastCallBy: integer('last_call_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('callbacks_request_idx').on(t.requestId),
    index('callbacks_alert_idx').on(t.alertId),
    index('callbacks_site_status_idx').on(t.idSite, t.status, t.alertId),
  ],
);

/** Every call made to a responder about an alert, with its outcome: the form's history section and the personal statistics. */
export const callbackCalls = pgTable(
  'callback_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callbackId: integer('callback_id')
      .notNull()
      .references(() => callbacks.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The status the call left: noAnswer, done, recall, recallFragile, refusal. */
    outcome: varchar('outcome', { length: 24 }).notNull(),
    recallAt: timestamp('recall_at', { withTimezone: true }),
    /** Minutes from the alert's close to this call (kept for the average time before call). */
    minutesAfterClose: integer('minutes_after_close'),
    note: text('note'),
    /** Chosen by the form for each draft it sends: a draft sent again after a lost answer is recorded once. */
    draftId: uuid('draft_id'),
  },
  (t) => [
    index('callback_calls_callback_idx').on(t.callbackId, t.at),
    index('callback_calls_user_idx').on(t.userId, t.at),
    uniqueIndex('callback_calls_draft_idx').on(t.callbackId, t.draftId),
  ],
);

/**
 * The post-intervention interview of one responder on one alert (spec §3): the answers as the
 * contract's zod schema validates them, the technical issues reported, and who completed it.
 */
export const interviews = pgTable(
  'interviews',
  {
    id: serial('id').primaryKey(),
    callbackId: integer('callback_id')
      .notNull()
      .references(() => callbacks.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').notNull().default(sql`'{}'::jsonb`),
    technicalIssues: jsonb('technical_issues'),
    /** Version of the answers' shape, for later migrations of the JSON. */
    version: smallint('version').notNull().default(1),
    interviewerId: integer('interviewer_id').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('interviews_callback_idx').on(t.callbackId), index('interviews_interviewer_idx').on(t.interviewerId, t.completedAt)],
);

/**
 * How far the call-backs have been written for closed alerts (modules/callbacks/sync.ts): the
 * newest close and the highest alert id seen. Every departure of a closed alert gets its
 * call-back row (toDo) once, so lists and counts read call-backs by status instead of deriving them.
 */
export const historySync = pgTable('history_sync', {
  name: varchar('name', { length: 40 }).primaryKey(),
  syncedUntil: timestamp('synced_until', { withTimezone: true }),
  lastAlertId: integer('last_alert_id').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
