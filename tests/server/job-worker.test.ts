import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { startQueueWorker } from '../../server/src/plugins/job-worker';

/**
 * The queue worker's own duties, where a database cannot be made to fail on cue: pg-boss stands
 * in as a queue of jobs whose ends are recorded, or refused as by an unreachable database.
 */
function fakeBoss(options: { refuseEnds?: boolean } = {}) {
  const queued: PgBoss.Job<object>[] = [];
  const ends: string[] = [];
  const boss = {
    async fetch() {
      return queued.splice(0, 1);
    },
    async complete(_queue: string, id: string) {
      if (options.refuseEnds) throw new Error('connection refused');
      ends.push(`completed ${id}`);
    },
    async fail(_queue: string, id: string, error: Error) {
      if (options.refuseEnds) throw new Error('connection refused');
      ends.push(`failed ${id}: ${error.message}`);
    },
  };
  const job = (id: string, expireInSeconds = 60) => queued.push({ id, name: 'q', data: {}, expireInSeconds } as PgBoss.Job<object>);
  return { boss: boss as unknown as PgBoss, job, ends };
}

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('queue worker', () => {
  it('completes a job that ran and fails one that threw, woken by a send', async () => {
    const { boss, job, ends } = fakeBoss();
    const worker = startQueueWorker(boss, 'q', async ({ id }) => {
      if (id === 'bad') throw new Error('no luck');
    }, 60_000, { endNotRecorded: () => undefined, failed: () => undefined });
    job('good');
    worker.wake();
    await until(() => ends.length === 1);
    job('bad');
    worker.wake();
    await until(() => ends.length === 2);
    await worker.stop(1000);
    expect(ends).toEqual(['completed good', 'failed bad: no luck']);
  });

  it('reports an end the database refuses instead of letting it stop the process', async () => {
    const { boss, job } = fakeBoss({ refuseEnds: true });
    const refused: string[] = [];
    job('one');
    const worker = startQueueWorker(boss, 'q', async () => undefined, 60_000, { endNotRecorded: (error) => refused.push((error as Error).message), failed: () => undefined });
    await until(() => refused.length === 1);
    await worker.stop(1000);
    expect(refused).toEqual(['connection refused']);
  });

  it('fails a job still running when the stop has waited long enough, so that it is retried', async () => {
    const { boss, job, ends } = fakeBoss();
    let started = false;
    job('slow');
    const worker = startQueueWorker(boss, 'q', () => {
      started = true;
      return new Promise<void>(() => undefined);
    }, 60_000, { endNotRecorded: () => undefined, failed: () => undefined });
    await until(() => started);
    await worker.stop(100);
    expect(ends).toEqual(['failed slow: shut down while active']);
  });

  it('fails a job whose handler outlives its expiry', async () => {
    const { boss, job, ends } = fakeBoss();
    job('stuck', 0.05);
    const worker = startQueueWorker(boss, 'q', () => new Promise<void>(() => undefined), 60_000, { endNotRecorded: () => undefined, failed: () => undefined });
    await until(() => ends.length === 1);
    await worker.stop(100);
    expect(ends).toEqual(['failed stuck: handler execution exceeded 0.05s']);
  });
});
