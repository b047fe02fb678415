import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { inJobSpan } from '../observability/job-spans';

type Ending = (...args: unknown[]) => Promise<unknown>;
const { prototype: manager } = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: Record<'complete' | 'fail', Ending> };
let warnEnding: (error: unknown) => void = () => undefined;
/**
 * pg-boss 10 records the end of a job with complete() or fail() without awaiting either (watch() in
 * src/manager.js): when the database is unreachable at that moment, the rejection is unhandled,
 * which stops a Node process. Nothing is lost by logging it instead: the job stays active until its
 * expiry, then pg-boss retries it, and every job here can run again.
 */
for (const method of ['complete', 'fail'] as const) {
  const end = manager[method];
  if ((end as { guarded?: boolean }).guarded) continue;
  manager[method] = Object.assign(
    function (this: unknown, ...args: unknown[]) {
      return end.apply(this, args).catch((error: unknown) => warnEnding(error));
    },
    { guarded: true },
  );
}

type Handler<T> = (data: T, job: { id: string }) => Promise<void>;

/**
 * Durable jobs on pg-boss, in the same database: a job runs once, whichever instance takes it,
 * and survives a restart.
 */
export interface Jobs {
  /** Registers a worker; call before `start`. */
  work<T extends object>(queue: string, handler: Handler<T>): void;
  /**
   * Queues a job. With `singletonSeconds`, a second job of the same queue and `singletonKey` sent
   * within the same slot of that many seconds is not queued (answers null).
   */
  send<T extends object>(queue: string, data: T, options?: { startAfterSeconds?: number; singletonKey?: string; singletonSeconds?: number }): Promise<string | null>;
  cancel(queue: string, id: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createJobs(database: Database, log: FastifyBaseLogger, options: { pollingSeconds?: number } = {}): Jobs {
  const boss = new PgBoss({ db: database.boss, schema: 'pgboss', supervise: true, schedule: false });
  warnEnding = (error) => log.warn({ err: error }, 'job end not recorded (database unreachable): the job runs again after its expiry');
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const workers = new Map<string, Handler<object>>();
  // This instance's worker of each queue, woken when it sends a job due now.
  const workerIds = new Map<string, string>();
  let started = false;
  return {
    work(queue, handler) {
      workers.set(queue, handler as Handler<object>);
    },
    async send(queue, data, sendOptions = {}) {
      const id = await boss.send(queue, data, {
        startAfter: sendOptions.startAfterSeconds,
        singletonKey: sendOptions.singletonKey,
        singletonSeconds: sendOptions.singletonSeconds,
        retryLimit: 5,
        retryBackoff: true,
      });
      // Without this the job waits for the next poll, up to the polling interval.
      const workerId = workerIds.get(queue);
      if (id && workerId && !sendOptions.startAfterSeconds) boss.notifyWorker(workerId);
      return id;
    },
    async cancel(queue, id) {
      await boss.cancel(queue, id);
    },
    async start() {
      if (started) return;
      await boss.start();
      for (const [queue, handler] of workers) {
        await boss.createQueue(queue);
        const workerId = await boss.work<object>(queue, { pollingIntervalSeconds: options.pollingSeconds ?? 2 }, async (jobs) => {
          for (const job of jobs) await inJobSpan(queue, () => handler(job.data, job));
        });
        workerIds.set(queue, workerId);
      }
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      workerIds.clear();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
