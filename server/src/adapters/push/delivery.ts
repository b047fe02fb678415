import type { AppContext } from '../../context';
import { alertSettings } from '../../modules/alerts/settings';
import { createLogProvider } from './log-provider';
import { defaultPipelineDepth, deliverPending, pushDeliverQueue, untilNextDue } from './outbox';
import { countedRouter } from '../../observability/metrics';
import { singleProvider, type PushRouter } from './provider';

/** Push delivery of one context: the durable worker and the nudge that follows each enqueue. */
export interface PushDelivery {
  /** Registers the push.deliver worker (once per context; before the jobs start). */
  register(): void;
  /**
   * After a transaction wrote outbox rows (or what a source writes them from): delivers them now in
   * this process and queues a durable job, which picks up whatever this attempt could not send (a
   * crash, a provider error).
   */
  kick(): void;
  /** Delivers every due pending row now; resolves to the number handled. */
  drain(): Promise<number>;
  /**
   * Adds a writer of outbox rows from durable records (a launch's requests), run before each
   * pass: what it leaves to write after a crash is written by the next pass, whoever runs it.
   * It resolves to how many records it wrote for, and is called again until that is 0.
   */
  addSource(write: () => Promise<number>): void;
  /** Replaces the provider routing (the notifications issue plugs FCM and Web Push in here). */
  useRouter(router: PushRouter): void;
  /** Sets how many claimed batches may be with the providers at once (benchmarks compare depths). */
  setPipelineDepth(depth: number): void;
  /** Stops nudging and waits for a drain under way (the app is closing). */
  stop(): Promise<void>;
}

const deliveries = new WeakMap<AppContext, PushDelivery>();

/** The push delivery of a context, created on first use with the embedded log provider for every OS. */
export function pushDelivery(ctx: AppContext): PushDelivery {
  const existing = deliveries.get(ctx);
  if (existing) return existing;
  const settings = alertSettings(ctx);
  let router: PushRouter = singleProvider(createLogProvider({ dataDir: ctx.config.DATA_DIR, log: ctx.log }));
  let registered = false;
  let stopped = false;
  let running: Promise<number> | undefined;
  let again = false;
  const closing = new AbortController();
  let depth = defaultPipelineDepth;
  const sources: Array<() => Promise<number>> = [];

  /**
   * Rows still pending but not due yet (a retry's backoff, a dead worker's lease, the rest of a paced
   * release) get a durable pass when the first of them falls due: without it a retried alert
   * message would wait for some other send to nudge the outbox. One job per due second.
   */
  const followUp = async () => {
    const wait = await untilNextDue(ctx.database.db);
    if (wait === null || closing.signal.aborted) return;
    const due = Math.ceil((Date.now() + wait) / 1000);
    await ctx.jobs.send(pushDeliverQueue, {}, { startAfterSeconds: Math.max(1, due - Math.floor(Date.now() / 1000)), singletonKey: `due-${due}`, singletonSeconds: 3600 });
  };
  const writeSources = async () => {
    const written = (write: () => Promise<number>) =>
      write().catch((error: unknown) => {
        ctx.log.error({ err: error }, 'push messages not written');
        return 0;
      });
    // A burst of launches may leave more than one call writes: the pass writes them all.
    for (const write of sources) while ((await written(write)) > 0);
  };
  const drainOnce = () =>
    deliverPending(ctx.database.db, countedRouter(router, ctx.metrics), { batchSize: settings.PUSH_BATCH_SIZE, maxAttempts: settings.PUSH_MAX_ATTEMPTS, leaseSeconds: settings.PUSH_LEASE_SECONDS, log: ctx.log, signal: closing.signal, depth });
  // One drain at a time per process; a kick during a drain runs one more pass after it.
  const drain = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        if (closing.signal.aborted) break;
        await writeSources();
        total += await drainOnce();
      } while (again);
      await followUp().catch((error: unknown) => ctx.log.error({ err: error }, 'push follow-up not queued'));
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const delivery: PushDelivery = {
    register() {
      if (registered) return;
      registered = true;
      ctx.jobs.work(pushDeliverQueue, async () => {
        await drain();
      });
    },
    kick() {
      if (stopped) return;
      drain().catch((error: unknown) => ctx.log.error({ err: error }, 'push delivery failed'));
      ctx.jobs.send(pushDeliverQueue, {}).catch((error: unknown) => ctx.log.error({ err: error }, 'push delivery job not queued'));
    },
    drain,
    addSource(write) {
      sources.push(write);
    },
    useRouter(next) {
      router = next;
    },
    setPipelineDepth(next) {
      depth = Math.max(1, Math.floor(next));
    },
    async stop() {
      stopped = true;
      closing.abort();
      await running?.catch(() => undefined);
    },
  };
  deliveries.set(ctx, delivery);
  return delivery;
}
