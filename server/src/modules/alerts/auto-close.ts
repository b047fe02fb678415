import type { AppContext } from '../../context';

/** The durable job that closes an intervention left open (spec §9: 20 minutes after launch). */
export const autoCloseQueue = 'alert.auto-close';

/** Queues the auto-close of a launched alert. A failure is logged: the next auto-close run sweeps it up. */
export async function scheduleAutoClose(ctx: AppContext, alertId: number, afterSeconds: number): Promise<void> {
  try {
    await ctx.jobs.send(autoCloseQueue, { alertId }, { startAfterSeconds: afterSeconds, singletonKey: `alert-${alertId}` });
  } catch (error) {
    ctx.log.error({ err: error, alertId }, 'auto-close not scheduled');
  }
}

const pending = new WeakMap<object, Set<Promise<void>>>();

/**
 * Queues the auto-close after the launch has answered: the launch's own statement is committed
 * (with its auto_close_at), so the answer does not wait for a second commit. The queuing is
 * awaited at shutdown (`flushAutoClose`); a crash in between is the case scheduleAutoClose already
 * covers (the next auto-close run sweeps every live alert past its auto_close_at).
 */
export function scheduleAutoCloseAfterAnswer(ctx: AppContext, alertId: number, afterSeconds: number): void {
  let queued = pending.get(ctx);
  if (!queued) pending.set(ctx, (queued = new Set()));
  const sending: Promise<void> = scheduleAutoClose(ctx, alertId, afterSeconds).finally(() => queued.delete(sending));
  queued.add(sending);
}

/** Waits for the auto-close jobs still being queued (server shutdown). */
export async function flushAutoClose(ctx: AppContext): Promise<void> {
  await Promise.all([...(pending.get(ctx) ?? [])]);
}
