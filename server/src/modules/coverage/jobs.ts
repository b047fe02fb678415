import type { AppContext } from '../../context';
import type { ModuleJobs } from '../../module-jobs';
import { accountSubtree } from '../accounts/face';
import { coverageSettings } from './settings';
import { refresh, staleRuns } from './service';

/** Durable job that computes again the cached coverage maps older than COVERAGE_REFRESH_HOURS, a few at each run. */
export const coverageRefreshQueue = 'coverage.refresh';

/** Seconds between two runs, and maps computed again per run. */
const everySeconds = 600;
const perRun = 12;

async function queueNext(ctx: AppContext): Promise<void> {
  await ctx.jobs.send(coverageRefreshQueue, {}, { startAfterSeconds: everySeconds, singletonKey: 'next', singletonSeconds: everySeconds });
}

/** One run: the stalest maps first, each with its account's current sub-accounts; then the next run. */
export async function refreshStale(ctx: AppContext): Promise<number> {
  const stale = await staleRuns(ctx, coverageSettings(ctx).COVERAGE_REFRESH_HOURS, perRun);
  for (const key of stale) {
    const siteIds = (await accountSubtree(ctx.database.db, key.accountId)).map((account) => account.id);
    await refresh(ctx, key, siteIds);
  }
  return stale.length;
}

/**
 * The coverage map's background work: a durable job every 10 minutes keeps the cached maps fresh
 * (a map asked for the first time is computed by the request). Chained like the position samples.
 */
export const coverageJobs: ModuleJobs = {
  register(ctx) {
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
