import { eq } from 'drizzle-orm';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import type { AppContext } from '../../context';
import { aedContacts, aeds } from '../../db/schema/aeds';
import { notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { visibleSites } from './tenancy';

/** DELETE aed/contact/{id}: removes a contact of an AED of the caller's tree (adding and updating go through patchAed). */
export async function deleteContact(ctx: AppContext, session: Session, id: number) {
  const [row] = await ctx.database.db
    .select({ id: aedContacts.id, idSite: aeds.idSite })
    .from(aedContacts)
    .innerJoin(aeds, eq(aeds.id, aedContacts.aedId))
    .where(eq(aedContacts.id, id));
  const sites = await visibleSites(ctx, session);
  if (!row || !sites.some((site) => site.id === row.idSite)) throw notFound(aedErrorKeys.contactNotFound);
  await ctx.database.db.delete(aedContacts).where(eq(aedContacts.id, id));
  return { id, deleted: true };
}
