import type { ModuleJobs } from '../../module-jobs';
import { positionSamplesQueue, queueNextSample, runPositionSamples } from './position-samples';
import { positionWritesSettled } from './position-writes';

/**
 * The responder module's background work: the position history's durable sampling job; at the stop,
 * the position reports still being written.
 */
export const responderJobs: ModuleJobs = {
  register(ctx) {
    ctx.jobs.work(positionSamplesQueue, async () => runPositionSamples(ctx));
  },
  async start(ctx) {
    await queueNextSample(ctx);
  },
  async stop(ctx) {
    await positionWritesSettled(ctx);
  },
};
