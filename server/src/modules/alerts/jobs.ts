import { pushDelivery } from '../../adapters/push/delivery';
import type { AppContext } from '../../context';
import type { ModuleJobs } from '../../module-jobs';
import { keepDemoRespondersFresh } from '../../db/seed/responders';
import { autoCloseQueue } from './auto-close';
import { escalate, escalationQueue, type EscalationJob } from './escalation';
import { flushQueuedAfterAnswer } from './queued-after-answer';
import { stopPositionRefresh } from './position-refresh';
import { writeLaunchPushes } from './push-messages';
import { overdueAlerts } from './repo';
import { closeAlert } from './service';

const demoPhones = new WeakMap<AppContext, ReturnType<typeof keepDemoRespondersFresh>>();

/**
 * The alert module's background work: the auto-close and escalation workers; the launches' push
 * messages, written by the push delivery; the demo responders' phones; and, at the stop, the bots,
 * the position refresh and the launch's jobs still being queued.
 */
export const alertJobs: ModuleJobs = {
  /**
   * pg-boss hands each auto-close job to one instance, and keeps it across restarts; closing is
   * conditional (only an open, live alert), so a retried or duplicated job changes nothing. Each
   * run also closes any other live alert past its auto_close_at, in case a job could not be queued
   * at launch.
   */
  register(ctx) {
    // A launch's push messages are written from its requests before each delivery pass.
    pushDelivery(ctx).addSource(() => writeLaunchPushes(ctx.database.db));
    ctx.jobs.work<{ alertId: number }>(autoCloseQueue, async (data) => {
      const due = new Set([data.alertId, ...(await overdueAlerts(ctx.database.db))]);
      for (const alertId of due) {
        const closed = await closeAlert(ctx, alertId, { auto: true });
        if (!closed) continue;
        ctx.metrics.alertsAutoClosed.inc();
        ctx.log.info({ alertId }, 'alert closed automatically');
      }
    });
    // Each step is conditional on the alert's radius and steps so far: a retried job writes once.
    ctx.jobs.work<EscalationJob>(escalationQueue, async (data) => {
      await escalate(ctx, data);
    });
  },
  async start(ctx) {
    if (!ctx.config.DEMO_DATA) return;
    const phones = keepDemoRespondersFresh(ctx);
    demoPhones.set(ctx, phones);
    await phones.refresh();
  },
  async stop(ctx) {
    demoPhones.get(ctx)?.stop();
    await ctx.bots.stop();
    stopPositionRefresh(ctx);
    await flushQueuedAfterAnswer(ctx);
  },
};
