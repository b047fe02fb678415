import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { statement } from '../../db/database';
import { createAnnouncedCache } from '../../plugins/announced-cache';

/** An account of a subtree, as the modules that scope by account need it. */
export interface AccountNode {
  id: number;
  name: string;
  kind: string;
  tag: string | null;
  parentId: number | null;
}

/** An account and its descendants, parents first. */
export interface Subtrees {
  of(rootId: number): Promise<readonly AccountNode[]>;
  /** Forget every subtree now, in this instance (the trigger tells the others). */
  forget(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const subtreeStatement = statement(`WITH RECURSIVE down AS (
      SELECT id, name, kind, tag, parent_id, 0 AS depth FROM accounts WHERE id = $1
      UNION SELECT a.id, a.name, a.kind, a.tag, a.parent_id, down.depth + 1 FROM accounts a JOIN down ON a.parent_id = down.id)
    SELECT id, name, kind, tag, parent_id AS "parentId" FROM down ORDER BY depth, name COLLATE name_order`);

/**
 * Subtrees kept in memory: nearly every AED call asks for the caller's, and the accounts change
 * seldom. Every change to them is announced on `vigil_accounts` (migration 0033). A kept subtree
 * is shared by its callers, so it is frozen: a caller filters it into a new array.
 */
export function createSubtrees(database: Database, log: FastifyBaseLogger): Subtrees {
  const cache = createAnnouncedCache<number, readonly AccountNode[]>(database, log, { channels: ['vigil_accounts'], maxAgeMs: 60_000, maxEntries: 5_000 });
  const read = async (rootId: number) => Object.freeze((await database.run<AccountNode>(subtreeStatement, [rootId])).map((node) => Object.freeze(node)));
  return {
    of: (rootId) => cache.get(rootId, () => read(rootId)),
    forget: () => cache.forget(),
    start: () => cache.start(),
    stop: () => cache.stop(),
  };
}
