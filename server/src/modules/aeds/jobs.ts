import type { ModuleJobs } from '../../module-jobs';
import { availabilityEndQueue, endUnavailability } from './availability';

/** The AED register's background work: the durable job that ends a temporary unavailability. */
export const aedJobs: ModuleJobs = {
  register(ctx) {
    ctx.jobs.work<{ aedId: number; until: string }>(availabilityEndQueue, async (data) => {
      const ended = await endUnavailability(ctx, data);
      if (ended) ctx.log.info({ aedId: data.aedId }, 'AED back to available at the end of its unavailability');
    });
  },
};
