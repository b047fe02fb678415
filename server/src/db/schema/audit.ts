import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The audit log: who did what and when, one row per staff action that changed data (the actions
 * are named in server/src/modules/audit/actions.ts). Rows are only ever added.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff user; null for a call made without a session (a password renewal names its user in `details`). */
    userId: integer('user_id'),
    /** The user's e-mail at the time, so the row still reads after the user is gone. */
    userEmail: varchar('user_email', { length: 254 }),
    idGroup: integer('id_group'),
    /** The account the session acted from: the tenancy key of the log. */
    siteId: integer('site_id'),
    /** `area.verb`, e.g. alert.launch, aed.softDelete. */
    action: varchar('action', { length: 60 }).notNull(),
    /** The thing acted on, e.g. the alert id or the AED udid, when the call names one. */
    target: varchar('target', { length: 120 }),
    method: varchar('method', { length: 8 }).notNull(),
    url: text('url').notNull(),
    status: smallint('status').notNull(),
    /** Identifiers and choices from the request (never passwords, tokens or free text). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('audit_log_site_at_idx').on(t.siteId, t.at), index('audit_log_action_at_idx').on(t.action, t.at), index('audit_log_user_at_idx').on(t.userId, t.at)],
);
