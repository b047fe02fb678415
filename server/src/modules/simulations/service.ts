import type { SimulationBody, SimulationPolicy, SimulationResults, SimulationRun } from '../../../../contract/simulation.schemas';
import type { AppContext } from '../../context';
import { isoTimestamp } from '../../db/timestamps';
import { notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { resolveScope } from '../accounts/face';
import { alertSettings } from '../alerts/face';
import { replayAlert, summarise } from './engine';
import * as repo from './repo';

/** The durable job that replays a run's period. */
export const simulationQueue = 'simulations.run';

/** Minutes before a launch within which a position sample stands for it (two sampling slots). */
const sampleWindowMinutes = 30;

/** The policy the alert settings apply today. */
export function currentPolicy(ctx: AppContext): SimulationPolicy {
  const settings = alertSettings(ctx);
  return {
    radiusKm: settings.ALERT_DISTANCE_MAX_KM,
    maxSelected: settings.ALERT_MAX_SELECTED,
    directResponders: settings.ALERT_DIRECT_RESPONDERS,
    aedRunners: settings.ALERT_AED_RUNNERS,
    aedRadiusKm: settings.ALERT_AED_RADIUS_KM,
    escalation: {
      enabled: settings.ALERT_ESCALATION_ENABLED,
      minAccepted: settings.ALERT_ESCALATION_MIN_ACCEPTED,
      afterSeconds: settings.ALERT_ESCALATION_AFTER_SECONDS,
      stepKm: settings.ALERT_ESCALATION_STEP_KM,
      maxKm: settings.ALERT_ESCALATION_MAX_KM,
    },
  };
}

type RunParams = SimulationRun['params'];

function toRun(row: repo.RunRow): SimulationRun {
  return {
    runId: row.id,
    accountId: row.account_id,
    createdAt: isoTimestamp(row.created_at),
    status: row.status,
    params: row.params as RunParams,
    results: (row.results as SimulationResults | null) ?? null,
    error: row.error,
    finishedAt: row.finished_at ? isoTimestamp(row.finished_at) : null,
  };
}

/**
 * POST simulations: stores the run with its parameters (the accounts it covers: the chosen one and
 * its descendants, 403 outside the caller's subtree; the current policy of the moment) and queues
 * its job. Answers the queued run.
 */
export async function startRun(ctx: AppContext, session: Session, body: SimulationBody): Promise<SimulationRun> {
  const scope = await resolveScope(ctx.database.db, session, body.selectedSite);
  const params: RunParams = { ...body, accountIds: scope.ids, current: currentPolicy(ctx) };
  const row = await repo.insertRun(ctx.database.db, body.selectedSite ?? session.siteId, session.userId, params);
  await queueRun(ctx, row.id);
  return toRun(row);
}

/** Queues a run's job. A failure is logged: the run stays queued, and the next start of the job queue queues it again (simulationJobs). */
export async function queueRun(ctx: AppContext, runId: number): Promise<void> {
  try {
    await ctx.jobs.send(simulationQueue, { runId }, { singletonKey: `run-${runId}` });
  } catch (error) {
    ctx.log.error({ err: error, runId }, 'simulation not queued');
  }
}

/** GET simulations: the runs of the caller's subtree, newest first, without results. */
export async function listRuns(ctx: AppContext, session: Session, limit: number): Promise<SimulationRun[]> {
  const scope = await resolveScope(ctx.database.db, session, undefined);
  return (await repo.listRuns(ctx.database.db, scope.ids, limit)).map(toRun);
}

/** GET simulations/{runId}: one run of the caller's subtree (404 otherwise). */
export async function getRun(ctx: AppContext, session: Session, runId: number): Promise<SimulationRun> {
  const scope = await resolveScope(ctx.database.db, session, undefined);
  const row = await repo.findRun(ctx.database.db, runId, scope.ids);
  if (!row) throw notFound();
  return toRun(row);
}

/** The end of a period's last day: the next day at midnight UTC (dates are days of the alert history). */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * Replays a run's period under its current and proposed policies and stores the results. The
 * alerts and their surroundings are read once, within the widest radius either policy may reach.
 */
export async function computeRun(ctx: AppContext, params: RunParams): Promise<SimulationResults> {
  const started = performance.now();
  const db = ctx.database.db;
  const period = { accountIds: params.accountIds, from: `${params.startDate}T00:00:00Z`, to: dayAfter(params.endDate) };
  const reach = (policy: SimulationPolicy) => Math.max(policy.radiusKm, policy.aedRadiusKm, policy.escalation.enabled ? policy.escalation.maxKm : 0);
  const [alerts, behaviour] = await Promise.all([repo.pastAlerts(db, period, Math.max(reach(params.current), reach(params.proposed)), sampleWindowMinutes), repo.behaviourOf(db, period)]);
  const readMs = Math.round(performance.now() - started);
  const settings = alertSettings(ctx);
  const months = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 / 30.44;
  const replay = (policy: SimulationPolicy) => summarise(alerts.map((alert) => replayAlert(settings, policy, behaviour, params.seed, alert)), months);
  return {
    current: replay(params.current),
    proposed: replay(params.proposed),
    acceptByHour: behaviour.acceptByHour.map((share) => Math.round(share * 1000) / 1000),
    acceptSeconds: behaviour.acceptSeconds,
    alertsWithoutSample: alerts.filter((alert) => alert.responders.length === 0).length,
    readMs,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** The job: runs a queued run once (a retried job of a finished run does nothing), storing its results or its failure. */
export async function runQueued(ctx: AppContext, runId: number): Promise<void> {
  const row = await repo.findRun(ctx.database.db, runId, 'any');
  if (!row || row.status === 'done' || row.status === 'failed') return;
  await repo.markRun(ctx.database.db, runId, { status: 'running' });
  try {
    const results = await computeRun(ctx, row.params as RunParams);
    await repo.markRun(ctx.database.db, runId, { status: 'done', results });
  } catch (error) {
    ctx.log.error({ err: error, runId }, 'simulation failed');
    await repo.markRun(ctx.database.db, runId, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
  }
}
