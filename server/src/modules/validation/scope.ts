import { sql, type SQL } from 'drizzle-orm';
import { defaultAdminTag } from '../../../../contract/auth.schemas';
import type { Db } from '../../db/database';
import { accountSubtree } from '../accounts/repo';

/**
 * The responders a session may see: those of its account and the account's descendants. Responders
 * who signed up for the programme at large (no site) belong to the programme's own account, the
 * one tagged DEFAULT_ADMIN.
 */
export interface ResponderScope {
  siteIds: number[];
  unassigned: boolean;
}

export async function responderScope(db: Db, siteId: number): Promise<ResponderScope> {
  const tree = await accountSubtree(db, siteId);
  const own = tree.find((account) => account.id === siteId);
  return { siteIds: tree.map((account) => account.id), unassigned: own?.tag === defaultAdminTag };
}

/** SQL condition: the site column (of a responder, or a notification) is within the scope. */
export function inScope(siteColumn: SQL, scope: ResponderScope): SQL {
  const listed = sql`${siteColumn} = ANY(${sql.param(scope.siteIds)}::int[])`;
  return scope.unassigned ? sql`(${listed} OR ${siteColumn} IS NULL)` : listed;
}

/** Whether one site id is within the scope. */
export function siteInScope(siteId: number | null, scope: ResponderScope): boolean {
  return siteId === null ? scope.unassigned : scope.siteIds.includes(siteId);
}
