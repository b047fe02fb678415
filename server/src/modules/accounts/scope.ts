import { sql, type SQL } from 'drizzle-orm';
import { defaultAdminTag } from '../../../../contract/auth.schemas';
import { historyErrorKeys } from '../../../../contract/history.errors';
import type { Db } from '../../db/database';
import { forbidden } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { accountSubtree } from './repo';

/** The account ids a history, call-back or dashboard question covers, and their names. */
export interface Scope {
  ids: number[];
  names: Map<number, string>;
}

/**
 * The accounts the caller may read (their account and its descendants), narrowed to `selectedSite`
 * and its descendants when one is chosen; a site outside the caller's subtree is refused (403).
 */
export async function resolveScope(db: Db, session: Session, selectedSite: number | undefined, refusedKey: string = historyErrorKeys.siteNotAllowed): Promise<Scope> {
  const tree = await accountSubtree(db, session.siteId);
  const names = new Map(tree.map((account) => [account.id, account.name]));
  if (selectedSite === undefined) return { ids: tree.map((account) => account.id), names };
  if (!names.has(selectedSite)) throw forbidden(refusedKey);
  const below = new Set([selectedSite]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const account of tree) {
      if (account.parentId !== null && below.has(account.parentId) && !below.has(account.id)) {
        below.add(account.id);
        grew = true;
      }
    }
  }
  return { ids: tree.filter((account) => below.has(account.id)).map((account) => account.id), names };
}

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
