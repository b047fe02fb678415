import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Counters of the rate limits and sign-in throttles, shared by every instance on the database:
 * `hits` within the window that ends at `window_ends` (server/src/plugins/throttle.ts).
 */
export const throttleHits = pgTable(
  'throttle_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_hits_window_idx').on(t.windowEnds)],
);

/** Session tokens ended by a logout before their expiry (their `jti`); kept until they would have expired. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    tokenId: varchar('token_id', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_user_idx').on(t.userId, t.expiresAt)],
);
