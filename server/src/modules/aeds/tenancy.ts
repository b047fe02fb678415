import { eq } from 'drizzle-orm';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import type { AppContext } from '../../context';
import { aeds } from '../../db/schema/aeds';
import { forbidden, notFound } from '../../errors';
import { managedAccounts, type AccountNode } from '../accounts/face';
import type { Session } from '../../plugins/authenticate';

/** An account of the caller's tree, as the AED module needs it. */
export type SiteInfo = AccountNode;

/** The accounts of the session's own tree: its account and the descendants (CONTRIBUTING "Tenancy"). */
export async function ownSites(ctx: AppContext, session: Session): Promise<readonly SiteInfo[]> {
  return ctx.subtrees.of(session.siteId);
}

/**
 * Every account whose AEDs a session may see: its own tree and, when its account is tagged
 * DEFAULT_ADMIN, the accounts it manages — those its user reaches through third-party access, with
 * their descendants (docs/decisions.md "Accounts a DEFAULT_ADMIN account manages").
 */
export async function visibleSites(ctx: AppContext, session: Session): Promise<readonly SiteInfo[]> {
  const own = await ownSites(ctx, session);
  const managed = await managedSites(ctx, session, own);
  return managed.length ? [...own, ...managed] : own;
}

/** The accounts a DEFAULT_ADMIN session manages outside its own tree (none for other accounts). */
async function managedSites(ctx: AppContext, session: Session, own: readonly SiteInfo[]): Promise<SiteInfo[]> {
  return managedAccounts(ctx.database.db, session.userId, own);
}

/**
 * The accounts a list, map or export covers: the selected account (alone or with its children)
 * or, for '0', '-1' or none, the session's own tree. A selection the caller may not see is 403;
 * a DEFAULT_ADMIN session may select an account it manages.
 */
export async function scopeSites(ctx: AppContext, session: Session, idSelected: string | number | null | undefined, withChild = true): Promise<readonly SiteInfo[]> {
  const selected = idSelected === undefined || idSelected === null || idSelected === '' ? 0 : Number(idSelected);
  if (!Number.isInteger(selected)) throw forbidden(aedErrorKeys.accountNotAllowed);
  if (selected <= 0) return ownSites(ctx, session);
  const visible = await visibleSites(ctx, session);
  if (!visible.some((site) => site.id === selected)) throw forbidden(aedErrorKeys.accountNotAllowed);
  if (!withChild) return visible.filter((site) => site.id === selected);
  const ids = new Set([selected]);
  // visible is ordered parents first, so one pass collects every descendant.
  for (const site of visible) if (site.parentId !== null && ids.has(site.parentId)) ids.add(site.id);
  return visible.filter((site) => ids.has(site.id));
}

/** Accepts an AED id ("42") or udid. */
export function aedKeyCondition(key: string | number) {
  const text = String(key);
  if (/^\d{1,10}$/.test(text)) return eq(aeds.id, Number(text));
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)) return eq(aeds.udid, text.toLowerCase());
  return undefined;
}

export type AedRow = typeof aeds.$inferSelect;

/** The AED of that id or udid when the caller's tree owns it; 404 otherwise (other accounts' AEDs do not exist for the caller). */
export async function findVisibleAed(ctx: AppContext, session: Session, key: string | number): Promise<{ aed: AedRow; site: SiteInfo; sites: readonly SiteInfo[] }> {
  const condition = aedKeyCondition(key);
  if (!condition) throw notFound(aedErrorKeys.notFound);
  const [aed] = await ctx.database.db.select().from(aeds).where(condition);
  const sites = await visibleSites(ctx, session);
  const site = aed && sites.find((candidate) => candidate.id === aed.idSite);
  if (!aed || !site) throw notFound(aedErrorKeys.notFound);
  return { aed, site, sites };
}
