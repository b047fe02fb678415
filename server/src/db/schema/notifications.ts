import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { FilterCondition } from '../../../../contract/notification.filter';
import { accounts, users } from './accounts';

/**
 * Push notifications composed by staff (spec §3 "Notification"). status follows the chart
 * contract/charts/notification.chart.ts; the messages themselves are rows of push_outbox
 * (their notification_id column), and the counters here are kept by the delivery so the list stays cheap.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    /** The application (site) whose responders are targeted; the tenancy key. */
    idSite: integer('id_site')
      .notNull()
      .references(() => accounts.id),
    title: varchar('title', { length: 120 }).notNull(),
    /** all, ios, android, web */
    osDevice: varchar('os_device', { length: 8 }).notNull(),
    /** single (udid) or multiple (targeting) */
    sendingType: varchar('sending_type', { length: 8 }).notNull(),
    udid: varchar('udid', { length: 200 }),
    engagementLevel: varchar('engagement_level', { length: 12 }).notNull().default('all'),
    /** all, activated, refused, waiting */
    accountStatus: varchar('account_status', { length: 12 }).notNull().default('activated'),
    phonePrefix: varchar('phone_prefix', { length: 5 }),
    /** The structured additional filter, validated by contract/notification.filter.ts. */
    filter: jsonb('filter').$type<FilterCondition[]>().notNull().default(sql`'[]'::jsonb`),
    fakeBatch: integer('fake_batch').notNull(),
    messageType: varchar('message_type', { length: 16 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    message: text('message').notNull(),
    url: text('url'),
    buildVersion: varchar('build_version', { length: 9 }),
    /** immediate or programmed */
    distribution: varchar('distribution', { length: 10 }).notNull(),
    programmedAt: timestamp('programmed_at', { withTimezone: true }),
    status: varchar('status', { length: 12 }).notNull(),
    /** The pg-boss job that starts a programmed send. */
    jobId: text('job_id'),
    recipients: integer('recipients').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    /** Raised by every start, stop and play: only the progress job of the latest one goes on. */
    progressGeneration: integer('progress_generation').notNull().default(0),
    /** Last time the counters moved; a send that stops moving for long is blocked. */
    progressAt: timestamp('progress_at', { withTimezone: true }),
    duplicatedFrom: integer('duplicated_from'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('notifications_site_idx').on(t.idSite, t.createdAt), index('notifications_status_idx').on(t.status)],
);

/**
 * News for the staff app's banner (spec §3 "Local notification"): one text per tag, language and
 * version; the banner shows the highest version.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    tag: varchar('tag', { length: 40 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    version: integer('version').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull(),
    link: text('link'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('news_tag_language_version_idx').on(t.tag, t.language, t.version)],
);
