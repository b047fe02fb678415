import type { CoverageBand } from '../../../../contract/coverage.schemas';
import type { AppContext } from '../../context';

/** Durable job that computes one account's band (queued by a request that found it missing or stale). */
export const coverageComputeQueue = 'coverage.compute';

export interface CoverageComputeJob {
  accountId: number;
  band: CoverageBand;
}

/** Queues the computation of a band; while one waits for it, asking again queues nothing. */
export async function queueCompute(ctx: AppContext, key: CoverageComputeJob): Promise<void> {
  await ctx.jobs.send<CoverageComputeJob>(coverageComputeQueue, { accountId: key.accountId, band: key.band }, { singletonKey: `${key.accountId}:${key.band.weekend}:${key.band.hour}` });
}
