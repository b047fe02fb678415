import type { AppContext } from '../../context';
import { queueAfterAnswer } from './queued-after-answer';

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

/**
 * Queues the auto-close after the launch has answered (its auto_close_at is committed with it); a
 * crash in between is the case scheduleAutoClose already covers (the next auto-close run sweeps
 * every live alert past its auto_close_at).
 */
export function scheduleAutoCloseAfterAnswer(ctx: AppContext, alertId: number, afterSeconds: number): void {
  queueAfterAnswer(ctx, () => scheduleAutoClose(ctx, alertId, afterSeconds));
}
