import type PgBoss from 'pg-boss';

/** What a worker reports: a job's end that could not be recorded, and its own failures. */
export interface WorkerReports {
  endNotRecorded(error: unknown): void;
  failed(error: unknown): void;
}

/** A queue's worker: woken by a send on this instance, stopped with the instance. */
export interface QueueWorker {
  wake(): void;
  /** Stops polling; waits up to `timeoutMs` for the job in hand, then fails it so that it is retried. */
  stop(timeoutMs: number): Promise<void>;
}

/** Settles with `work`, or rejects once the job's expiry has passed (the job then fails and is retried). */
function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`handler execution exceeded ${seconds}s`)), seconds * 1000);
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}

/**
 * Takes a queue's jobs one at a time with pg-boss's public fetch, complete and fail, polling every
 * `pollingMs` unless woken, as pg-boss's own worker does. It is ours because pg-boss 10's worker
 * records a job's end without awaiting it: when the database is unreachable at that moment the
 * rejection is unhandled and stops the process. Here it is awaited and reported; nothing is lost,
 * since the job stays active until its expiry and pg-boss then retries it.
 */
export function startQueueWorker(boss: PgBoss, queue: string, run: (job: PgBoss.Job<object>) => Promise<void>, pollingMs: number, reports: WorkerReports): QueueWorker {
  let stopping = false;
  let woken = false;
  let wakeSleeper: (() => void) | undefined;
  let inHand: PgBoss.Job<object> | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeSleeper = undefined;
        resolve();
      }
      wakeSleeper = done;
    });

  async function end(job: PgBoss.Job<object>, failure: { error: unknown } | undefined) {
    try {
      if (failure) await boss.fail(queue, job.id, failure.error as object);
      else await boss.complete(queue, job.id);
    } catch (error) {
      reports.endNotRecorded(error);
    }
  }

  async function runOne(job: PgBoss.Job<object>) {
    inHand = job;
    let failure: { error: unknown } | undefined;
    try {
      await withinSeconds(run(job), job.expireInSeconds);
    } catch (error) {
      failure = { error };
    }
    // A job failed by stop() while it ran is no longer ours to end.
    if (inHand !== job) return;
    inHand = undefined;
    await end(job, failure);
  }

  const loop = (async () => {
    while (!stopping) {
      const started = Date.now();
      woken = false;
      try {
        // pg-boss's fetch answers [] when its query fails (the database unreachable): polling goes on.
        for (const job of await boss.fetch<object>(queue, { batchSize: 1 })) await runOne(job);
      } catch (error) {
        reports.failed(error);
      }
      const rest = pollingMs - (Date.now() - started);
      if (!stopping && !woken && rest > 100) await sleep(rest);
    }
  })();

  return {
    wake() {
      woken = true;
      wakeSleeper?.();
    },
    async stop(timeoutMs) {
      stopping = true;
      wakeSleeper?.();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      const job = inHand;
      inHand = undefined;
      if (job) await end(job, { error: new Error('shut down while active') });
    },
  };
}
