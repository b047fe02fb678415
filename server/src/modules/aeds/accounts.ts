import type { AppContext } from '../../context';
import type { Session } from '../../plugins/authenticate';
import { countsBySite } from './list';
import { ownSites } from './tenancy';

/**
 * GET backOffice/account/accountList/getAccountListWithAEDCount: the caller's account tree with,
 * per account, its own live AEDs (count) and those of its whole subtree (totalLevel).
 */
export async function accountsWithAedCount(ctx: AppContext, session: Session) {
  const sites = await ownSites(ctx, session);
  const counts = await countsBySite(
    ctx,
    sites.map((site) => site.id),
  );
  const children = new Map<number, number[]>();
  for (const site of sites) if (site.parentId !== null) children.set(site.parentId, [...(children.get(site.parentId) ?? []), site.id]);
  const total = (id: number): number => (counts.get(id) ?? 0) + (children.get(id) ?? []).reduce((sum, child) => sum + total(child), 0);
  return sites.map((site) => ({
    id: site.id,
    name: site.name,
    kind: site.kind,
    tag: site.tag,
    // The root of the caller's tree shows as a root even when it has a parent elsewhere.
    parentId: site.id === session.siteId ? null : site.parentId,
    count: counts.get(site.id) ?? 0,
    totalLevel: total(site.id),
    child: children.get(site.id) ?? [],
  }));
}
