import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { importRunChart } from '../../../../contract/charts/import-run.chart';
import { nextState } from '../../../../contract/charts/transition';
import type { ImportCounts, ImportProgress } from '../../../../contract/import.schemas';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';
import { catchUp, catchUpAll } from '../aeds/face';
import { compileMapping } from './mapping';
import { planBatch, processPlans, type RowOutcome } from './process';
import * as repo from './repo';
import type { ImportSettings } from './settings';

/** Durable queue of whole-file runs. */
export const importQueue = 'aed-import';

export interface ImportJob {
  idImport: number;
}

/** Per-app state of the import runner: whether the app is closing, and the sweep timer. */
export interface ImportRuntime {
  settings: ImportSettings;
  stopping: boolean;
  sweepTimer?: NodeJS.Timeout;
}

/** Tells the accounts of a run (and their parents) how far it is. */
export async function publishProgress(ctx: AppContext, run: repo.ImportRecord): Promise<void> {
  const data: ImportProgress = { idImport: run.id, state: run.state, processed: run.processed, total: run.total, counts: run.counts };
  await ctx.realtime.publish([run.idSite], 'REFRESH_IMPORT', data).catch((error: unknown) => ctx.log.warn({ err: error }, 'import progress not published'));
}

/** Sends the job of a run; a duplicate job is harmless (the lease lets one through). */
export async function sendRunJob(ctx: AppContext, idImport: number): Promise<void> {
  await ctx.jobs.send<ImportJob>(importQueue, { idImport }, { singletonKey: `aed-import-${idImport}` });
}

function tally(outcomes: RowOutcome[]): ImportCounts {
  const counts = repo.zeroCounts();
  for (const outcome of outcomes) counts[outcome.status] += 1;
  return counts;
}

/** Rows written between two catch-ups: few enough that the last one, which the run waits for, is short. */
const catchUpEvery = 2000;

/**
 * Catches up the AEDs a run inserts with their upkeep deferred (aeds/upkeep.ts), beside its
 * batches: one catch-up at a time (of up to 5,000), after every 2,000 rows written. On
 * PostgreSQL it runs on another connection, so the database's second core does it. A run that
 * defers nothing (`deferring` false) asks for none until it drains.
 */
function upkeepFollower(ctx: AppContext, deferring: boolean) {
  let running: Promise<unknown> | undefined;
  let written = 0;
  return {
    written(rows: number): void {
      if (!deferring) return;
      written += rows;
      if (running || written < catchUpEvery) return;
      written = 0;
      running = catchUp(ctx.database.db)
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'import: catch-up of new AEDs failed, left to the next one'))
        .finally(() => (running = undefined));
    },
    /** Everything deferred is caught up (the run's rows and any left by a crash). */
    async drain(): Promise<void> {
      await running;
      await catchUpAll(ctx.database.db);
    },
  };
}

/**
 * The job of a whole-file run. It holds the run's lease (renewed each batch), processes batches
 * from the cursor (each batch and the cursor move in one transaction, so a crash loses nothing
 * and repeats nothing), reports progress over the WebSocket, and stops when the run is paused,
 * done, or when the app closes. A long run hands over to a follow-up job after a time slice so
 * that no job outlives pg-boss's expiry. Three failed batches in a row mark the run failed.
 */
export async function runImportJob(ctx: AppContext, runtime: ImportRuntime, job: ImportJob): Promise<void> {
  const owner = randomUUID();
  const { settings } = runtime;
  let run = await repo.takeLease(ctx.database.db, job.idImport, owner, settings.IMPORT_LEASE_SECONDS);
  if (!run) return;
  const started = Date.now();
  // Deferring pays where a second connection can catch up beside the batches; PGlite runs every
  // statement in turn on this thread, where it only moves the work (and measured 9 % slower).
  const deferUpkeep = ctx.database.kind === 'postgres';
  const upkeep = upkeepFollower(ctx, deferUpkeep);
  let statistics: Promise<void> | undefined;
  let published = 0;
  try {
    const file = await repo.findFile(ctx.database.db, run.fileId);
    if (!file || !run.fieldMapConfig) throw new Error('run without file or mapping');
    const [account] = await ctx.database.db.select({ country: accounts.country }).from(accounts).where(eq(accounts.id, run.idSite));
    const mapping = compileMapping(file.header, run.fieldMapConfig);
    const bc = { db: ctx.database.db, geocoder: ctx.geocoder, idSite: run.idSite, fileId: run.fileId, mapping, country: account?.country ?? 'FR', log: ctx.log, deferUpkeep, hoursDefault: run.options?.hoursDefault ?? null };
    // The next batch is read and planned while the current one writes (the file's rows never change).
    const readBatch = (cursor: number) =>
      repo.rowsAfter(ctx.database.db, bc.fileId, cursor, settings.IMPORT_BATCH_ROWS).then((rows) => ({ rows, plans: planBatch(bc, rows) }));
    let next = readBatch(run.cursor);
    let batches = 0;
    // A run's duration is the wall time of its jobs: each batch counts from where the last one
    // ended, so catch-ups and statistics between batches count too.
    let counted = Date.now();
    for (;;) {
      // Embedded PGlite answers on the same thread without I/O: give requests a turn between batches.
      await nextTurn();
      if (runtime.stopping) return;
      const { rows, plans } = await next;
      if (rows.length === 0) {
        await upkeep.drain();
        await finish(ctx, run, Date.now() - counted);
        return;
      }
      next = rows.length < settings.IMPORT_BATCH_ROWS ? Promise.resolve({ rows: [], plans: [] }) : readBatch(rows[rows.length - 1].row);
      // A batch that fails or a run that stops leaves the prefetch unread: its failure is not the run's.
      next.catch(() => undefined);
      // The planner needs statistics as the register grows (PGlite has no autovacuum): before
      // batches 1, 2, 5, 17, 65… of each slice, so their cost stays logarithmic in the file size.
      // The first refresh is awaited (the first lookups need it); later ones run beside the batches.
      if (batches === 0) await refreshStatistics(ctx, true);
      else if ((batches & (batches - 1)) === 0 && Math.log2(batches) % 2 === 0) statistics ??= refreshStatistics(ctx, false).finally(() => (statistics = undefined));
      batches += 1;
      const current = run;
      try {
        await processPlans(bc, plans, {
          afterWrite: async (tx, outcomes) => {
            const now = Date.now();
            const advanced = await repo.advanceRun(tx, current.id, owner, {
              cursor: rows[rows.length - 1].row,
              processed: outcomes.length,
              counts: tally(outcomes),
              ms: now - counted,
            });
            counted = now;
            // Another instance holds the run now: this batch must not count.
            if (!advanced) throw new Error('import lease lost');
          },
        });
      } catch (error) {
        await recordFailure(ctx, current, owner, error);
        throw error;
      }
      upkeep.written(rows.length);
      const renewed = await repo.takeLease(ctx.database.db, run.id, owner, settings.IMPORT_LEASE_SECONDS);
      if (!renewed) {
        // Paused, or taken over: report where it stands and leave.
        const latest = await repo.findImport(ctx.database.db, run.id);
        if (latest) await publishProgress(ctx, latest);
        return;
      }
      run = renewed;
      if (Date.now() - published > 500) {
        published = Date.now();
        await publishProgress(ctx, run);
      }
      if (Date.now() - started > settings.IMPORT_SLICE_MS) {
        await repo.releaseLease(ctx.database.db, run.id, owner);
        await sendRunJob(ctx, run.id);
        return;
      }
    }
  } finally {
    await statistics;
    // A run that stops early (paused, failed, handed over) leaves nothing uncounted behind it.
    await upkeep.drain().catch((error: unknown) => ctx.log.warn({ err: error }, 'import: catch-up of new AEDs failed, left to the sweep'));
    await repo.releaseLease(ctx.database.db, job.idImport, owner).catch(() => undefined);
  }
}

/**
 * ANALYZE of what a batch reads, so that lookups use their indexes whatever the size: on the AEDs,
 * only the columns the batch looks up by (a fifth of the time of the whole row's statistics).
 */
const batchStatistics = 'aeds (id_site, udid, id_aed, external_source_id, serial_number, cabinet_id, name, brand, lat, lon, deleted_at), aed_contacts';
async function refreshStatistics(ctx: AppContext, withRows: boolean): Promise<void> {
  await ctx.database.query(`ANALYZE ${batchStatistics}${withRows ? ', import_rows' : ''}`).catch((error: unknown) => ctx.log.warn({ err: error }, 'import: ANALYZE failed'));
}

/** Marks a run done; `lastMs`, since its last batch (the last catch-up of its AEDs), counts in its duration. */
async function finish(ctx: AppContext, run: repo.ImportRecord, lastMs: number): Promise<void> {
  const state = nextState(importRunChart, run.state, { type: 'import.finish' });
  if (!state) return;
  const durationMs = (run.durationMs ?? 0) + lastMs;
  const done = await repo.moveImport(ctx.database.db, run.id, run.state, { state, durationMs, finishedAt: new Date(), leaseOwner: null, leaseUntil: null });
  if (done) await publishProgress(ctx, done);
}

async function recordFailure(ctx: AppContext, run: repo.ImportRecord, owner: string, error: unknown): Promise<void> {
  ctx.log.error({ err: error, idImport: run.id }, 'import batch failed');
  const latest = await repo.findImport(ctx.database.db, run.id).catch(() => undefined);
  if (!latest || latest.leaseOwner !== owner) return;
  const failures = latest.failures + 1;
  if (failures < 3) {
    await repo.moveImport(ctx.database.db, run.id, latest.state, { failures }).catch(() => undefined);
    return;
  }
  const state = nextState(importRunChart, latest.state, { type: 'import.fail' });
  if (!state) return;
  const failed = await repo.moveImport(ctx.database.db, run.id, latest.state, { state, failures, error: String((error as Error).message ?? error).slice(0, 500) });
  if (failed) await publishProgress(ctx, failed);
}

/**
 * Re-sends the job of every run that is processing but held by nobody (after a restart or a
 * crash), and catches up the AEDs a stopped run left without their upkeep.
 */
export async function sweepOrphanedRuns(ctx: AppContext): Promise<number> {
  await catchUpAll(ctx.database.db);
  const ids = await repo.orphanedRuns(ctx.database.db);
  for (const id of ids) await sendRunJob(ctx, id);
  return ids.length;
}
