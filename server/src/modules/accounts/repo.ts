import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { nameOrder } from '../../db/name-order';
import { accounts, userAccounts } from '../../db/schema/accounts';
import { defaultAdminTag, type AccountSummary } from '../../../../contract/auth.schemas';

const summaryColumns = {
  id: accounts.id,
  name: accounts.name,
  kind: accounts.kind,
  tag: accounts.tag,
  logo: accounts.logo,
  country: accounts.country,
  parentId: accounts.parentId,
};

export async function findAccount(db: Db, id: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

/** The user's own account and those granted through third-party access. */
export async function accessibleAccounts(db: Db, userId: number, ownSiteId: number): Promise<AccountSummary[]> {
  const granted = await db.select({ accountId: userAccounts.accountId }).from(userAccounts).where(eq(userAccounts.userId, userId));
  const ids = [ownSiteId, ...granted.map((row) => row.accountId)];
  return db.select(summaryColumns).from(accounts).where(inArray(accounts.id, ids)).orderBy(nameOrder(accounts.name));
}

export async function hasThirdAccess(db: Db, userId: number, accountId: number): Promise<boolean> {
  const rows = await db
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId)));
  return rows.length > 0;
}

/** An account and all its descendants: what a session on that account may see. */
export async function accountSubtree(db: Db, rootId: number): Promise<AccountSummary[]> {
  return rowsOf<AccountSummary>(
    db,
    sql`WITH RECURSIVE down AS (
      SELECT accounts.*, 0 AS depth FROM accounts WHERE id = ${rootId}
      UNION SELECT a.*, down.depth + 1 FROM accounts a JOIN down ON a.parent_id = down.id)
    SELECT id, name, kind, tag, logo, country, parent_id AS "parentId" FROM down ORDER BY depth, name COLLATE name_order`,
  );
}

/**
 * The accounts a user manages from a tree whose root is tagged DEFAULT_ADMIN (the programme's own
 * account): those granted to the user by third-party access outside that tree, with their
 * descendants, parents first. None when the tree's root is another account.
 */
export async function managedAccounts<T extends { id: number; tag: string | null }>(db: Db, userId: number, tree: readonly T[]): Promise<AccountSummary[]> {
  if (tree[0]?.tag !== defaultAdminTag) return [];
  const inTree = new Set(tree.map((account) => account.id));
  const granted = await db.select({ accountId: userAccounts.accountId }).from(userAccounts).where(eq(userAccounts.userId, userId));
  const managed: AccountSummary[] = [];
  for (const { accountId } of granted) {
    if (inTree.has(accountId)) continue;
    for (const account of await accountSubtree(db, accountId)) {
      if (inTree.has(account.id)) continue;
      inTree.add(account.id);
      managed.push(account);
    }
  }
  return managed;
}
