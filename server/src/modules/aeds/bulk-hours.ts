import { and, inArray, isNull } from 'drizzle-orm';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import type { BulkHoursBody } from '../../../../contract/aed.schemas';
import type { AppContext } from '../../context';
import { aeds } from '../../db/schema/aeds';
import { notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { visibleSites } from './tenancy';

/**
 * PATCH aed/bulkHours: the same hours for every AED of the list's selection (an import's AEDs whose
 * file gave none, say). All or nothing: an AED the caller cannot see, or deleted, is 404 and no
 * AED changes. Always open keeps the weekly ranges, unused, as the AED form does.
 */
export async function setHoursOfSelection(ctx: AppContext, session: Session, body: BulkHoursBody): Promise<{ updated: number }> {
  const udids = [...new Set(body.udids.map((udid) => udid.toLowerCase()))];
  const sites = (await visibleSites(ctx, session)).map((site) => site.id);
  return ctx.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(aeds)
      .set(body.alwaysOpened ? { alwaysOpened: true, updatedAt: new Date() } : { alwaysOpened: false, openingHours: body.openingHours, updatedAt: new Date() })
      .where(and(inArray(aeds.udid, udids), inArray(aeds.idSite, sites), isNull(aeds.deletedAt)))
      .returning({ id: aeds.id });
    if (updated.length !== udids.length) throw notFound(aedErrorKeys.notFound);
    return { updated: updated.length };
  });
}
