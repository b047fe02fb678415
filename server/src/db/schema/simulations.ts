import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';

/**
 * Runs of the alert-policy simulator (migration 0045): the period, the account, the seed and the
 * policies compared (`params`), then what its durable job found (`results`). Status: queued,
 * running, done, failed (with `error`).
 */
export const simulationRuns = pgTable(
  'simulation_runs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('queued'),
    params: jsonb('params').notNull(),
    results: jsonb('results'),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('simulation_runs_account_idx').on(t.accountId, t.createdAt.desc())],
);
