import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { createAnnouncedCache } from './announced-cache';

/** What a request's token is checked against: the user row's standing. */
export interface Identity {
  active: boolean;
  tokenVersion: number;
  email: string;
  /** Ids of the user's tokens ended by a logout before their expiry. */
  revoked: string[];
}

/**
 * The users rows that session checks read, kept in memory while this instance listens for their
 * changes: every authenticated request would otherwise spend a database round trip on the same
 * row. A change to a user's standing (password, group, account, grant, deactivation, e-mail,
 * deletion, a logout) is announced on
 * `vigil_users` by a trigger, so every instance forgets the row; the instance that made the change
 * forgets it before answering. A short age limit bounds what a missed announcement could leave.
 */
export interface Identities {
  lookup(userId: number): Promise<Identity | undefined>;
  /** Forget one user now, in this instance (the trigger tells the others). */
  forget(userId: number): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs `listener` after this instance learnt that a user's standing changed (undefined: maybe anyone's). */
  onChange(listener: (userId?: number) => void): void;
}

export function createIdentities(database: Database, log: FastifyBaseLogger): Identities {
  const listeners: ((userId?: number) => void)[] = [];
  const cache = createAnnouncedCache<number, Identity | undefined>(database, log, {
    channels: ['vigil_users'],
    maxAgeMs: 5_000,
    maxEntries: 50_000,
    keyOf: Number,
    onAnnounced: (userId) => listeners.forEach((listener) => listener(userId)),
  });

  const read = async (userId: number): Promise<Identity | undefined> => {
    const [row] = await database.query<Identity>(
      `SELECT active, token_version AS "tokenVersion", email,
              coalesce((SELECT array_agg(token_id::text) FROM revoked_sessions r WHERE r.user_id = users.id AND r.expires_at > now()), '{}') AS revoked
         FROM users WHERE id = $1`,
      [userId],
    );
    return row;
  };

  return {
    lookup: (userId) => cache.get(userId, () => read(userId)),
    forget: (userId) => cache.forget(userId),
    start: () => cache.start(),
    stop: () => cache.stop(),
    onChange: (listener) => listeners.push(listener),
  };
}
