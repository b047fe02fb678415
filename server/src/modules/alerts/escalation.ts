import { sql } from 'drizzle-orm';
import { busyStatuses } from '../../../../contract/charts/responder-request.chart';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import { aedsAround } from './aeds-nearby';
import { afterAlertChange } from './effects';
import { queueAfterAnswer } from './queued-after-answer';
import { findAlert } from './repo';
import { nearestReachable, planMissions, reachFor } from './selection';
import { alertSettings } from './settings';
import { writeEscalation } from './writes';

/** The durable job of the automatic escalation: one job per step of one alert. */
export const escalationQueue = 'alert.escalation';

export interface EscalationJob {
  alertId: number;
  /** 1 for the first widening, then 2, 3... */
  step: number;
}

/** Queues step `step` of an alert's escalation, ALERT_ESCALATION_AFTER_SECONDS from now; once per alert and step. */
export async function scheduleEscalation(ctx: AppContext, job: EscalationJob): Promise<void> {
  await ctx.jobs.send(escalationQueue, job, { startAfterSeconds: alertSettings(ctx).ALERT_ESCALATION_AFTER_SECONDS, singletonKey: `alert-${job.alertId}-step-${job.step}` });
}

/** At launch, when the escalation is on: queues its first step after the launch has answered (a failure is logged). */
export function scheduleEscalationAfterAnswer(ctx: AppContext, alertId: number): void {
  if (!alertSettings(ctx).ALERT_ESCALATION_ENABLED) return;
  queueAfterAnswer(ctx, () => scheduleEscalation(ctx, { alertId, step: 1 }).catch((error: unknown) => ctx.log.error({ err: error, alertId }, 'escalation not scheduled')));
}

/** What a step's job did: nothing (the alert is closed, the step was written already, enough accepted, the radius is at its maximum) or widen it. */
export type EscalationOutcome = 'closed' | 'written' | 'enough' | 'atMaximum' | 'escalated';

/**
 * Runs one escalation step. When the alert is live and fewer than ALERT_ESCALATION_MIN_ACCEPTED of
 * its responders have accepted (engaged or on stand-by), its radius widens by ALERT_ESCALATION_STEP_KM
 * (up to ALERT_ESCALATION_MAX_KM) and the responders of the new ring are selected by the launch's
 * rules (available, fresh, activated, not busy elsewhere, the nearest first) and alerted; nobody the
 * alert already has a request for is alerted again. The next step is queued until the maximum.
 * Enough acceptances end the escalation, so does the close. The write is conditional on the radius
 * and the step (writeEscalation): a job run twice writes once, and its retry still queues the next.
 */
export async function escalate(ctx: AppContext, job: EscalationJob): Promise<EscalationOutcome> {
  const settings = alertSettings(ctx);
  const db = ctx.database.db;
  const alert = await findAlert(db, job.alertId, 'any');
  if (!alert || alert.status !== 2 || alert.close !== 0) return 'closed';
  const [so] = await rowsOf<{ steps: number; accepted: number; aed_ids: number[] }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM alert_events WHERE alert_id = ${alert.id} AND kind = 'escalated') AS steps,
               (SELECT count(*)::int FROM alert_requests WHERE alert_id = ${alert.id} AND status = ANY(${`{${busyStatuses.join(',')}}`}::text[])) AS accepted,
               (SELECT coalesce(array_agg(aed_id ORDER BY rank), '{}') FROM alert_requests WHERE alert_id = ${alert.id} AND mission = 'aed' AND aed_id IS NOT NULL) AS aed_ids`,
  );
  const fromKm = Number(alert.distance_max);
  const maxKm = settings.ALERT_ESCALATION_MAX_KM;
  if (so.steps >= job.step) {
    if (so.steps === job.step && fromKm < maxKm) await scheduleEscalation(ctx, { alertId: alert.id, step: job.step + 1 });
    return 'written';
  }
  if (so.accepted >= settings.ALERT_ESCALATION_MIN_ACCEPTED) return 'enough';
  if (fromKm >= maxKm) return 'atMaximum';
  const toKm = Math.min(Math.round((fromKm + settings.ALERT_ESCALATION_STEP_KM) * 1000) / 1000, maxKm);
  // Debug mode 3 reaches only the bots started at launch, every one of them alerted then.
  const reach = { ...reachFor(settings, alert, toKm, alert.debug_mode), ring: { alertId: alert.id, beyondMetres: fromKm * 1000 } };
  const [{ candidates }, aedsNow] = await Promise.all([
    nearestReachable(ctx.database, reach, Math.max(0, settings.ALERT_MAX_SELECTED - alert.nb_requests)),
    aedsAround(db, alert, settings.ALERT_AED_RADIUS_KM * 1000, { onlyAvailableNow: true }),
  ]);
  const missions = planMissions(settings, candidates, aedsNow, { selected: alert.nb_requests, aedIds: so.aed_ids });
  const step = { alertId: alert.id, step: job.step, fromKm, toKm, accepted: so.accepted, firstRank: alert.nb_requests };
  const written = await writeEscalation(ctx.database, step, missions);
  // Nothing written: the alert closed, or another run of this step was first.
  if (!written) return (await findAlert(db, alert.id, 'any'))?.close === 0 ? 'written' : 'closed';
  afterAlertChange(ctx, { id: alert.id, idSite: alert.id_site });
  ctx.log.info({ alertId: alert.id, step: job.step, toKm, alerted: written.nbRequests }, 'alert escalated');
  if (toKm < maxKm) await scheduleEscalation(ctx, { alertId: alert.id, step: job.step + 1 });
  return 'escalated';
}
