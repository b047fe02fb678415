import type { AppContext } from '../../context';
import type { ModuleJobs } from '../../module-jobs';
import * as repo from './repo';
import { importQueue, runImportJob, sweepOrphanedRuns, type ImportJob, type ImportRuntime } from './run-job';
import { readImportSettings } from './settings';

const runtimes = new WeakMap<AppContext, ImportRuntime>();

function runtimeOf(ctx: AppContext): ImportRuntime {
  let runtime = runtimes.get(ctx);
  if (!runtime) runtimes.set(ctx, (runtime = { settings: readImportSettings(), stopping: false }));
  return runtime;
}

/** Takes over runs nobody holds (after a restart or a crashed instance) and deletes abandoned uploads. */
async function sweep(ctx: AppContext, runtime: ImportRuntime): Promise<void> {
  try {
    await sweepOrphanedRuns(ctx);
    await repo.deleteAbandonedFiles(ctx.database.db, new Date(Date.now() - 24 * 3600 * 1000));
  } catch (error) {
    if (!runtime.stopping) ctx.log.warn({ err: error }, 'import sweep failed');
  }
}

/** The import module's background work: the durable whole-file job and the sweep. */
export const importJobs: ModuleJobs = {
  register(ctx) {
    const runtime = runtimeOf(ctx);
    ctx.jobs.work<ImportJob>(importQueue, (data) => runImportJob(ctx, runtime, data));
  },
  async start(ctx) {
    const runtime = runtimeOf(ctx);
    await sweep(ctx, runtime);
    runtime.sweepTimer = setInterval(() => void sweep(ctx, runtime), runtime.settings.IMPORT_SWEEP_MS);
    runtime.sweepTimer.unref();
  },
  async stop(ctx) {
    const runtime = runtimes.get(ctx);
    if (!runtime) return;
    runtime.stopping = true;
    clearInterval(runtime.sweepTimer);
  },
};
