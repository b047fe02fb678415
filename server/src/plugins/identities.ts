import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

/** What a request's token is checked against: the user row's standing. */
export interface Identity {
  active: boolean;
  tokenVersion: number;
  email: string;
}

/**
 * The users rows that session checks read, kept in memory while this instance listens for their
 * changes: every authenticated request would otherwise spend a database round trip on the same
 * row. A change to a user's standing (password, deactivation, e-mail, deletion) is announced on
 * `vigil_users` by a trigger, so every instance forgets the row; the instance that made the change
 * forgets it before answering. Without the listener (tests without background work, or while it
 * reconnects) nothing is kept, and a short age limit bounds what a missed announcement could leave.
 */
export interface Identities {
  lookup(userId: number): Promise<Identity | undefined>;
  /** Forget one user now, in this instance (the trigger tells the others). */
  forget(userId: number): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const channel = 'vigil_users';
const maxAgeMs = 5_000;
const maxEntries = 50_000;

export function createIdentities(database: Database, log: FastifyBaseLogger): Identities {
  const kept = new Map<number, { identity: Identity | undefined; at: number }>();
  let listening = false;
  let unlisten: (() => Promise<void>) | undefined;
  // Raised by every forget: a read that began before it may hold the old row and is not kept.
  let generation = 0;

  const forgetAll = () => {
    generation += 1;
    kept.clear();
  };

  const read = async (userId: number): Promise<Identity | undefined> => {
    const [row] = await database.query<Identity>('SELECT active, token_version AS "tokenVersion", email FROM users WHERE id = $1', [userId]);
    return row;
  };

  return {
    async lookup(userId) {
      const entry = kept.get(userId);
      if (listening && entry && Date.now() - entry.at < maxAgeMs) return entry.identity;
      const before = generation;
      const identity = await read(userId);
      if (listening && before === generation) {
        if (kept.size >= maxEntries) kept.clear();
        kept.set(userId, { identity, at: Date.now() });
      }
      return identity;
    },
    forget(userId) {
      generation += 1;
      kept.delete(userId);
    },
    async start() {
      unlisten = await database.listen(
        channel,
        (payload) => {
          generation += 1;
          kept.delete(Number(payload));
        },
        // Announcements may have been missed while the listener was away.
        forgetAll,
      );
      listening = true;
      log.debug('identity cache listening');
    },
    async stop() {
      listening = false;
      forgetAll();
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
