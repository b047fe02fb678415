import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import type { AppContext } from '../../context';
import { aeds } from '../../db/schema/aeds';
import { conflict } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { deleteUpdate, restoreUpdate, scheduleAvailabilityEnd } from './availability';
import { reloadDetail } from './detail';
import { findVisibleAed } from './tenancy';

/** PATCH aed/softDelete {udid}: hides the AED (restorable); the chart refuses deleting twice. */
export async function softDelete(ctx: AppContext, session: Session, udid: string) {
  const { aed, site } = await findVisibleAed(ctx, session, udid);
  const updated = await ctx.database.db
    .update(aeds)
    .set({ ...deleteUpdate(aed), updatedAt: new Date() })
    .where(and(eq(aeds.id, aed.id), isNull(aeds.deletedAt)))
    .returning({ id: aeds.id });
  if (updated.length === 0) throw conflict(aedErrorKeys.availabilityNotCompliant);
  return reloadDetail(ctx, aed.id, site);
}

/** PATCH aed/restoreAed {udid}: brings a soft-deleted AED back to its availability before the delete. */
export async function restore(ctx: AppContext, session: Session, udid: string) {
  const { aed, site } = await findVisibleAed(ctx, session, udid);
  const [updated] = await ctx.database.db
    .update(aeds)
    .set({ ...restoreUpdate(aed), updatedAt: new Date() })
    .where(and(eq(aeds.id, aed.id), isNotNull(aeds.deletedAt)))
    .returning();
  if (!updated) throw conflict(aedErrorKeys.availabilityNotCompliant);
  await scheduleAvailabilityEnd(ctx, aed, updated);
  return reloadDetail(ctx, aed.id, site);
}
