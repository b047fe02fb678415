import type { AppContext } from '../../context';

const pending = new WeakMap<object, Set<Promise<void>>>();

/**
 * Queues a launch's durable job (auto-close, escalation) after the launch has answered: the launch's
 * own statement is committed, so the answer does not wait for a second commit. The queuing is
 * awaited at shutdown (`flushQueuedAfterAnswer`); `queue` logs its own failure.
 */
export function queueAfterAnswer(ctx: AppContext, queue: () => Promise<void>): void {
  let queued = pending.get(ctx);
  if (!queued) pending.set(ctx, (queued = new Set()));
  const sending: Promise<void> = queue().finally(() => queued.delete(sending));
  queued.add(sending);
}

/** Waits for the jobs still being queued (server shutdown). */
export async function flushQueuedAfterAnswer(ctx: AppContext): Promise<void> {
  await Promise.all([...(pending.get(ctx) ?? [])]);
}
