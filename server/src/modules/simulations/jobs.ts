import type { ModuleJobs } from '../../module-jobs';
import { runQueued, simulationQueue } from './service';

/** The simulator's worker: pg-boss hands each run's job to one instance and keeps it across restarts. */
export const simulationJobs: ModuleJobs = {
  register(ctx) {
    ctx.jobs.work<{ runId: number }>(simulationQueue, async (data) => {
      await runQueued(ctx, data.runId);
    });
  },
};
