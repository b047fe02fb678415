import type { ModuleJobs } from '../../module-jobs';
import { unfinishedRuns } from './repo';
import { queueRun, runQueued, simulationQueue } from './service';

/**
 * The simulator's worker: pg-boss hands each run's job to one instance and keeps it across
 * restarts. At each start, a run whose job could not be queued is queued again (the singleton key
 * keeps one job per run).
 */
export const simulationJobs: ModuleJobs = {
  register(ctx) {
    ctx.jobs.work<{ runId: number }>(simulationQueue, async (data) => {
      await runQueued(ctx, data.runId);
    });
  },
  async start(ctx) {
    for (const runId of await unfinishedRuns(ctx.database.db)) await queueRun(ctx, runId);
  },
};
