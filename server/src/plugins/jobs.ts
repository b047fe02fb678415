import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { inJobSpan } from '../observability/job-spans';
import { startQueueWorker, type QueueWorker } from './job-worker';

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
  const reports = {
    endNotRecorded: (error: unknown) => log.warn({ err: error }, 'job end not recorded (database unreachable): the job runs again after its expiry'),
    failed: (error: unknown) => log.error({ err: error }, 'job worker error'),
  };
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const workers = new Map<string, Handler<object>>();
  // This instance's worker of each queue, woken when it sends a job due now.
  const running = new Map<string, QueueWorker>();
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
      if (id && !sendOptions.startAfterSeconds) running.get(queue)?.wake();
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
        const run = (job: PgBoss.Job<object>) => inJobSpan(queue, () => handler(job.data, job));
        running.set(queue, startQueueWorker(boss, queue, run, (options.pollingSeconds ?? 2) * 1000, reports));
      }
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      const stopping = [...running.values()];
      running.clear();
      await Promise.all(stopping.map((worker) => worker.stop(5000)));
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
