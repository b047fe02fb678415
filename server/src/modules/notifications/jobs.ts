import { pushDelivery } from '../../adapters/push/delivery';
import { pushDeliverQueue } from '../../adapters/push/outbox';
import type { ModuleJobs } from '../../module-jobs';
import { progress, progressQueue, startProgrammed, startQueue } from './delivery';
import { createPushRouter } from './push-router';

/**
 * The push pipeline's background work: every push (alerts included) leaves through the providers
 * PUSH_PROVIDER configures, by the outbox's delivery worker; a programmed notification starts and
 * moves on by its own durable jobs.
 */
export const notificationJobs: ModuleJobs = {
  register(ctx) {
    pushDelivery(ctx).useRouter(createPushRouter(ctx));
    pushDelivery(ctx).register();
    ctx.jobs.work<{ id: number }>(startQueue, async (data) => startProgrammed(ctx, data.id));
    ctx.jobs.work<{ id: number; generation: number }>(progressQueue, async (data) => progress(ctx, data.id, data.generation));
  },
  // A durable pass at start: what a stopped or crashed process committed but did not send (a job
  // rather than a pass in this process, so that it is traced and retried like any other).
  async start(ctx) {
    await ctx.jobs.send(pushDeliverQueue, {});
  },
  async stop(ctx) {
    await pushDelivery(ctx).stop();
  },
};
