import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { aedAvailabilityChart, type AedActiveAvailability, type AedAvailability, type AedAvailabilityEvent } from '../../../../contract/charts/aed-availability.chart';
import { nextState } from '../../../../contract/charts/transition';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import type { AedPatchBody } from '../../../../contract/aed.schemas';
import type { AppContext } from '../../context';
import { aeds } from '../../db/schema/aeds';
import { badRequest, conflict } from '../../errors';
import { displayZone } from './settings';
import type { AedRow } from './tenancy';

/** Durable queue that ends a temporary unavailability at its end date. */
export const availabilityEndQueue = 'aed-availability-end';

interface EndJob {
  aedId: number;
  until: string;
}

/** The chart's answer, or 409 error.aed.availability-not-compliant. */
export function transition(current: string, event: AedAvailabilityEvent): AedAvailability {
  const next = nextState(aedAvailabilityChart, current, event);
  if (!next) throw conflict(aedErrorKeys.availabilityNotCompliant, { from: current, event: event.type });
  return next as AedAvailability;
}

/** An end date as an instant: a plain day means the start of that day, Paris time. */
function endInstant(endDate: string): Date {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(endDate) ? DateTime.fromISO(endDate, { zone: displayZone }) : DateTime.fromISO(endDate, { setZone: true });
  return parsed.toJSDate();
}

/** The columns an availability change writes, after the chart said yes. */
export function availabilityUpdate(aed: Pick<AedRow, 'status'>, change: NonNullable<AedPatchBody['availability']>): Partial<AedRow> {
  let event: AedAvailabilityEvent;
  if (change.status === 'available') event = { type: 'availability.makeAvailable' };
  else if (change.status === 'inMaintenance') event = { type: 'availability.startMaintenance' };
  else {
    if (!change.reason) throw badRequest(aedErrorKeys.reasonRequired, [{ field: 'availability.reason', message: aedErrorKeys.reasonRequired }]);
    event = { type: 'availability.makeUnavailable', reason: change.reason, endDate: change.endDate ?? undefined };
  }
  const status = transition(aed.status, event);
  let until: Date | null = null;
  if (status === 'unavailable' && change.endDate) {
    until = endInstant(change.endDate);
    if (Number.isNaN(until.getTime()) || until.getTime() <= Date.now()) {
      throw badRequest(aedErrorKeys.endDatePast, [{ field: 'availability.endDate', message: aedErrorKeys.endDatePast }]);
    }
  }
  return { status, unavailableReason: status === 'unavailable' ? change.reason! : null, unavailableUntil: until, unavailableJobId: null };
}

/** After a write: cancels a superseded end job and plans the new one. */
export async function scheduleAvailabilityEnd(ctx: AppContext, before: Pick<AedRow, 'unavailableJobId'>, after: Pick<AedRow, 'id' | 'status' | 'unavailableUntil'>): Promise<void> {
  if (before.unavailableJobId) await ctx.jobs.cancel(availabilityEndQueue, before.unavailableJobId).catch(() => undefined);
  if (after.status !== 'unavailable' || !after.unavailableUntil) return;
  const seconds = Math.max(0, Math.ceil((after.unavailableUntil.getTime() - Date.now()) / 1000));
  const jobId = await ctx.jobs.send<EndJob>(availabilityEndQueue, { aedId: after.id, until: after.unavailableUntil.toISOString() }, { startAfterSeconds: seconds });
  if (jobId) await ctx.database.db.update(aeds).set({ unavailableJobId: jobId }).where(eq(aeds.id, after.id));
}

/**
 * The end job: back to available when the AED is still unavailable until that very date (a later
 * change of availability or end date makes the job a no-op).
 */
export async function endUnavailability(ctx: AppContext, job: EndJob): Promise<boolean> {
  const until = new Date(job.until);
  if (until.getTime() > Date.now() + 1000) {
    // Started early (clock skew): plan it again rather than ending too soon.
    await ctx.jobs.send<EndJob>(availabilityEndQueue, job, { startAfterSeconds: Math.ceil((until.getTime() - Date.now()) / 1000) });
    return false;
  }
  const status = transition('unavailable', { type: 'availability.endReached' });
  const updated = await ctx.database.db
    .update(aeds)
    .set({ status, unavailableReason: null, unavailableUntil: null, unavailableJobId: null, updatedAt: new Date() })
    .where(and(eq(aeds.id, job.aedId), eq(aeds.status, 'unavailable'), sql`${aeds.unavailableUntil} = ${until.toISOString()}::timestamptz`))
    .returning({ id: aeds.id });
  return updated.length > 0;
}

/** Soft delete: the chart moves the AED to deleted and remembers where to come back to. */
export function deleteUpdate(aed: Pick<AedRow, 'status'>): Partial<AedRow> {
  const status = transition(aed.status, { type: 'aed.delete' });
  return { status, statusBeforeDelete: aed.status, deletedAt: new Date() };
}

/** Restore: back to the availability before the delete (available when a temporary unavailability has ended meanwhile). */
export function restoreUpdate(aed: Pick<AedRow, 'status' | 'statusBeforeDelete' | 'unavailableUntil'>): Partial<AedRow> {
  let previous = (aed.statusBeforeDelete ?? 'available') as AedActiveAvailability;
  if (previous === 'unavailable' && aed.unavailableUntil && aed.unavailableUntil.getTime() <= Date.now()) previous = 'available';
  const status = transition(aed.status, { type: 'aed.restore', previous });
  return {
    status,
    statusBeforeDelete: null,
    deletedAt: null,
    ...(status === 'unavailable' ? {} : { unavailableReason: null, unavailableUntil: null }),
  };
}
