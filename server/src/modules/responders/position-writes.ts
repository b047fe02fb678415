import type { AppContext } from '../../context';
import * as repo from './repo';

interface Waiting {
  report: repo.PositionReport;
  resolve(written: repo.WrittenPosition): void;
  reject(error: unknown): void;
}

/**
 * Position reports written together (group commit): the reports that arrive while a write is under
 * way wait for it to end and are then written together, in one statement and one commit. Each report
 * is answered once its row is stored, as when written alone, so nothing is lost and every read after
 * the answer sees it. One write at a time: with two, measured on PostgreSQL, the batches were smaller
 * and the reports fewer per second (docs/performance.md "Position reports").
 */
class PositionWrites {
  private waiting: Waiting[] = [];
  private writing?: Promise<void>;
  private starting = false;

  constructor(private readonly ctx: AppContext) {}

  write(report: repo.PositionReport): Promise<repo.WrittenPosition> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ report, resolve, reject });
      this.startSoon();
    });
  }

  /**
   * Starts a write once the requests already received have queued their reports (after this turn
   * of the event loop): the embedded engine runs in this thread, so a write started at once would
   * end before the next request is even read, and every report would be written and committed alone.
   */
  private startSoon(): void {
    if (this.starting || this.writing) return;
    this.starting = true;
    setImmediate(() => {
      this.starting = false;
      if (this.writing || this.waiting.length === 0) return;
      const batch = this.waiting;
      this.waiting = [];
      this.writing = this.writeBatch(batch).finally(() => {
        this.writing = undefined;
        if (this.waiting.length > 0) this.startSoon();
      });
    });
  }

  /** Resolves once every report received so far is written. */
  async settled(): Promise<void> {
    while (this.writing || this.waiting.length > 0) await (this.writing ?? new Promise(setImmediate));
  }

  private async writeBatch(batch: Waiting[]): Promise<void> {
    // A responder's later report in the same batch replaces the earlier one (one row each), and
    // keeps the availability an earlier one gave when it gives none.
    const latest = new Map<number, repo.PositionReport>();
    for (const { report } of batch) {
      const earlier = latest.get(report.responderId);
      latest.set(report.responderId, earlier && report.available === undefined ? { ...report, available: earlier.available } : report);
    }
    try {
      // In the order of the responders, so that batches of several instances lock their rows in one order.
      const reports = [...latest.values()].sort((a, b) => a.responderId - b.responderId);
      const written = await repo.writePositions(this.ctx.database, reports, { relaxedCommit: this.ctx.database.kind === 'postgres' });
      for (const { report, resolve, reject } of batch) {
        const row = written.get(report.responderId);
        if (row) resolve(row);
        else reject(new Error(`position of responder ${report.responderId} not written`));
      }
    } catch (error) {
      // One bad report (a responder deleted meanwhile) must not fail the others: each alone then.
      if (batch.length === 1) return batch[0].reject(error);
      for (const waiting of batch) await this.writeBatch([waiting]);
    }
  }
}

const writers = new WeakMap<AppContext, PositionWrites>();

const writesOf = (ctx: AppContext) => {
  let writes = writers.get(ctx);
  if (!writes) writers.set(ctx, (writes = new PositionWrites(ctx)));
  return writes;
};

/** Stores a responder's position report with the others arriving meanwhile; answers the stored row. */
export const writePosition = (ctx: AppContext, report: repo.PositionReport) => writesOf(ctx).write(report);

/** Waits for the reports under way (the server's stop). */
export const positionWritesSettled = (ctx: AppContext) => writers.get(ctx)?.settled();
