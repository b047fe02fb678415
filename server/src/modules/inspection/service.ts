import { alertChart, alertStateOf, type AlertEvent } from '../../../../contract/charts/alert.chart';
import { responderRequestChart, type RequestEvent } from '../../../../contract/charts/responder-request.chart';
import { nextState } from '../../../../contract/charts/transition';
import { errorKeys } from '../../../../contract/errors';
import { mayInspect, type AlertCharts, type ChartStep, type InspectableAlert } from '../../../../contract/inspection';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import * as repo from './repo';

/** Staff groups the configuration adds to the inspector's (INSPECTOR_GROUPS, comma-separated ids). */
export function extraInspectorGroups(ctx: AppContext): number[] {
  return (ctx.config.INSPECTOR_GROUPS ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** Whether the caller may open the inspector. */
export function allowed(ctx: AppContext, session: Session): boolean {
  return mayInspect(session.idGroup, extraInspectorGroups(ctx));
}

/** 403 unless the caller may open the inspector. */
export function checkAllowed(ctx: AppContext, session: Session): void {
  if (!allowed(ctx, session)) throw forbidden(errorKeys.necessaryRights);
}

/** Open alerts of the caller's subtree, with their chart state. */
export async function openAlerts(ctx: AppContext, session: Session): Promise<InspectableAlert[]> {
  const rows = await repo.openAlerts(ctx.database.db, session.siteId);
  return rows.map((row) => ({
    alertId: row.id,
    alertType: row.alert_type,
    state: alertStateOf(row.status),
    debugMode: row.debug_mode,
    test: row.test,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Alert-log kinds that are alert-chart events; requestStatus is handled apart. */
function alertEventOf(kind: string, payload: Record<string, unknown>): AlertEvent['type'] | 'initial' | undefined {
  switch (kind) {
    case 'created':
      return 'initial';
    case 'setUp':
      return 'alert.setUp';
    case 'launched':
      return 'alert.launch';
    case 'addressChanged':
      return 'address.change';
    case 'closed':
      return payload.reason === 'auto' ? 'alert.autoClose' : 'alert.close';
    case 'escalated':
      return 'alert.escalate';
    case 'responderStopped':
      return 'responder.stop';
    case 'responderStarted':
      return 'responder.start';
    default:
      return undefined;
  }
}

/** Request events that are a responder's answer (the alert chart's responder.answer). */
const answers: readonly string[] = ['request.accept', 'request.standBy', 'request.late', 'request.far', 'request.refuse', 'request.unavailable'];

interface Walk {
  state: string;
  since: string;
  steps: ChartStep[];
}

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * The domain charts of an alert, replayed from its event log: the alert chart from the alert's
 * events, one responder-request chart per request from its requestStatus events. Each state is
 * the chart's answer, not the stored status; a disagreement shows as `consistent: false`, an
 * event the chart refuses as an anomaly.
 */
export async function alertCharts(ctx: AppContext, session: Session, alertId: number): Promise<AlertCharts> {
  const db = ctx.database.db;
  const alert = await repo.visibleAlert(db, session.siteId, alertId);
  if (!alert) throw notFound();
  const [events, requests] = await Promise.all([repo.eventLog(db, alertId), repo.requestsOf(db, alertId)]);
  const anomalies: AlertCharts['anomalies'] = [];
  const start = (state: string, at: Date | string): Walk => ({ state, since: iso(at), steps: [{ state, event: null, at: iso(at) }] });
  const alertWalk = start(alertChart.config.initial as string, alert.created_at);
  const requestWalks = new Map(requests.map((request) => [request.id, start(responderRequestChart.config.initial as string, request.created_at)]));

  const move = (walk: Walk, chart: typeof alertChart | typeof responderRequestChart, event: string, at: Date, kind: string) => {
    const next = nextState(chart as typeof alertChart, walk.state, { type: event } as AlertEvent);
    if (next === undefined) {
      anomalies.push({ at: iso(at), kind, detail: `${chart.id}: ${event} refused in ${walk.state}` });
      return;
    }
    walk.steps.push({ state: next, event, at: iso(at) });
    if (next !== walk.state) walk.since = iso(at);
    walk.state = next;
  };

  for (const logged of events) {
    if (logged.kind === 'requestStatus') {
      const event = String(logged.payload.event ?? '') as RequestEvent['type'];
      const walk = requestWalks.get(Number(logged.payload.requestId));
      if (walk) move(walk, responderRequestChart, event, logged.at, logged.kind);
      if (answers.includes(event) && alertWalk.state === 'live') move(alertWalk, alertChart, 'responder.answer', logged.at, logged.kind);
      continue;
    }
    const event = alertEventOf(logged.kind, logged.payload);
    if (event === 'initial') {
      alertWalk.steps[0].at = iso(logged.at);
      alertWalk.since = iso(logged.at);
    } else if (event) move(alertWalk, alertChart, event, logged.at, logged.kind);
  }

  return {
    alert: { alertId, ...alertWalk, consistent: alertWalk.state === alertStateOf(alert.status) },
    requests: requests.map((request) => {
      const walk = requestWalks.get(request.id)!;
      return { requestId: request.id, responderId: request.responder_id, rank: request.rank, mission: request.mission, ...walk, consistent: walk.state === request.status };
    }),
    anomalies,
  };
}
