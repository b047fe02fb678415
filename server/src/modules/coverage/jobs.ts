import type { AppContext } from '../../context';
import type { ModuleJobs } from '../../module-jobs';
import { accountSubtree } from '../accounts/face';
import { coverageSettings } from './settings';
import { coverageComputeQueue, type CoverageComputeJob } from './queue';
import { refresh, staleRuns } from './service';

/** Durable job that computes again the cached coverage maps older than COVERAGE_REFRESH_HOURS, a few at each run. */
export const coverageRefreshQueue = 'coverage.refresh';

/** Seconds between two runs, and maps computed again per run. */
const everySeconds = 600;
const perRun = 12;

async function queueNext(ctx: AppContext): Promise<void> {
  await ctx.jobs.send(coverageRefreshQueue, {}, { startAfterSeconds: everySeconds, singletonKey: 'next', singletonSeconds: everySeconds });
}

/** Computes one band with its account's current sub-accounts. */
export async function computeBand(ctx: AppContext, key: CoverageComputeJob): Promise<void> {
  const siteIds = (await accountSubtree(ctx.database.db, key.accountId)).map((account) => account.id);
  await refresh(ctx, key, siteIds);
}

/** One run: the stalest maps first, each with its account's current sub-accounts; then the next run. */
export async function refreshStale(ctx: AppContext): Promise<number> {
  const stale = await staleRuns(ctx, coverageSettings(ctx).COVERAGE_REFRESH_HOURS, perRun);
  for (const key of stale) await computeBand(ctx, key);
  return stale.length;
}

/**
 * The coverage map's background work: the compute job a request queues for a band missing or
 * stale (a request never computes), and a durable job every 10 minutes that keeps the cached maps
 * fresh, chained like the position samples.
 */
export const coverageJobs: ModuleJobs = {
  register(ctx) {
    ctx.jobs.work<CoverageComputeJob>(coverageComputeQueue, async (key) => {
      const started = performance.now();
      await computeBand(ctx, key);
      ctx.log.info({ accountId: key.accountId, band: key.band, ms: Math.round(performance.now() - started) }, 'coverage map computed');
    });
    ctx.jobs.work(coverageRefreshQueue, async () => {
      const refreshed = await refreshStale(ctx);
      if (refreshed > 0) ctx.log.info({ refreshed }, 'coverage maps computed again');
      await queueNext(ctx);
    });
  },
  async start(ctx) {
    await queueNext(ctx);
  },
};
