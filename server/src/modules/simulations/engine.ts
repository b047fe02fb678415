import type { NearbyAed } from '../../../../contract/alert.schemas';
import { metresBetween } from '../../../../contract/earth';
import { planMissions, type AlertSettings, type Candidate } from '../alerts/face';

/**
 * The alert-policy simulator's replay, pure: each past alert is launched again under a policy
 * against the responders seen around its time; each alerted responder accepts or not by a draw
 * seeded by (seed, alert, responder), the same under every policy so that two policies are compared
 * on the same luck, with the probability of the alert's hour band, after the usual delay; then walks
 * the mission the launch's rules give (planMissions). Escalation, when on, widens the radius step by
 * step while fewer than its minimum have accepted at each check.
 */

/** A policy as the simulator varies it: the launch's selection settings and the escalation. */
export interface SimPolicy {
  radiusKm: number;
  maxSelected: number;
  directResponders: number;
  aedRunners: number;
  aedRadiusKm: number;
  escalation: { enabled: boolean; minAccepted: number; afterSeconds: number; stepKm: number; maxKm: number };
}

/** A past alert with what was around it: responders available then, AEDs open then (within the widest radius asked). */
export interface PastAlert {
  id: number;
  lat: number;
  lon: number;
  /** Europe/Paris hour of the launch, 0 to 23: the band of its acceptance probability. */
  hour: number;
  responders: Array<{ id: number; lat: number; lon: number; carriesAed: boolean }>;
  aeds: Array<{ id: number; lat: number; lon: number }>;
}

/** How responders answered in the history: the acceptance probability per hour and the delay to accept. */
export interface Behaviour {
  acceptByHour: number[];
  acceptSeconds: number;
}

/** What one alert gives under one policy. */
export interface AlertOutcome {
  alertId: number;
  /** Seconds from launch to the first responder on site; null when nobody accepted. */
  firstOnSite: number | null;
  /** Seconds from launch to an AED on site (a runner's, or one a responder carries); null when none comes. */
  aedOnSite: number | null;
  alerted: number[];
  steps: number;
}

/** A uniform draw in [0, 1) from three integers (a 32-bit mix, splitmix-like): the same inputs, the same draw. */
export function draw(seed: number, alertId: number, responderId: number): number {
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(alertId | 0, 0x85ebca6b) ^ Math.imul(responderId | 0, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h / 4_294_967_296;
}

/** The alert settings a policy stands for, over the configured ones (walking speed, detours, limits it does not vary). */
export function settingsOf(base: AlertSettings, policy: SimPolicy): AlertSettings {
  return { ...base, ALERT_DISTANCE_MAX_KM: policy.radiusKm, ALERT_MAX_SELECTED: policy.maxSelected, ALERT_DIRECT_RESPONDERS: policy.directResponders, ALERT_AED_RUNNERS: policy.aedRunners, ALERT_AED_RADIUS_KM: policy.aedRadiusKm };
}

/** One past alert replayed under `policy`. */
export function replayAlert(base: AlertSettings, policy: SimPolicy, behaviour: Behaviour, seed: number, alert: PastAlert): AlertOutcome {
  const settings = settingsOf(base, policy);
  const aedsNow: NearbyAed[] = alert.aeds
    .map((aed) => ({ id: aed.id, name: '', address: '', lat: aed.lat, lon: aed.lon, distance: Math.round(metresBetween(alert, aed)), availableNow: true, alwaysOpened: false }))
    .filter((aed) => aed.distance <= policy.aedRadiusKm * 1000)
    .sort((a, b) => a.distance - b.distance || a.id - b.id);
  const byDistance: Candidate[] = alert.responders
    .map((responder) => ({ responderId: responder.id, lat: responder.lat, lon: responder.lon, distance: metresBetween(alert, responder), carriesAed: responder.carriesAed }))
    .sort((a, b) => a.distance - b.distance || a.responderId - b.responderId);
  const probability = behaviour.acceptByHour[alert.hour] ?? 0;
  const alerted: number[] = [];
  const aedIds: number[] = [];
  let firstOnSite: number | null = null;
  let aedOnSite: number | null = null;
  const acceptedAt: number[] = [];
  const earliest = (current: number | null, value: number) => (current === null || value < current ? value : current);

  // One round per radius: the launch, then each escalation step AFTER_SECONDS after the last.
  let innerMetres = -1;
  let radiusKm = policy.radiusKm;
  let steps = 0;
  for (;;) {
    const launchedAt = steps * policy.escalation.afterSeconds;
    const ring = byDistance.filter((candidate) => candidate.distance > innerMetres && candidate.distance <= radiusKm * 1000).slice(0, Math.max(0, policy.maxSelected - alerted.length));
    const missions = planMissions(settings, ring, aedsNow, { selected: alerted.length, aedIds });
    for (const mission of missions) {
      alerted.push(mission.responderId);
      if (mission.aed) aedIds.push(mission.aed.id);
      if (draw(seed, alert.id, mission.responderId) >= probability) continue;
      const accepted = launchedAt + behaviour.acceptSeconds;
      acceptedAt.push(accepted);
      const arrival = accepted + mission.duration;
      firstOnSite = earliest(firstOnSite, arrival);
      const carries = ring.find((candidate) => candidate.responderId === mission.responderId)?.carriesAed ?? false;
      if (mission.aed || carries) aedOnSite = earliest(aedOnSite, arrival);
    }
    const escalation = policy.escalation;
    if (!escalation.enabled || radiusKm >= escalation.maxKm) break;
    const checkAt = launchedAt + escalation.afterSeconds;
    if (acceptedAt.filter((at) => at <= checkAt).length >= escalation.minAccepted) break;
    innerMetres = radiusKm * 1000;
    radiusKm = Math.min(Math.round((radiusKm + escalation.stepKm) * 1000) / 1000, escalation.maxKm);
    steps += 1;
  }
  return { alertId: alert.id, firstOnSite, aedOnSite, alerted, steps };
}

/** Median and 90th percentile (nearest rank) of some seconds; null when there are none. */
export interface Spread {
  median: number | null;
  p90: number | null;
}

/** The nearest-rank percentile `p` (0 to 1) of sorted values. */
function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

const spreadOf = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p90: percentile(sorted, 0.9) };
};

/** Alerts per whole minute of the time on site, 0 to 29 and a last bucket for 30 minutes and more: the chart's distribution. */
function minutesHistogram(values: number[]): number[] {
  const buckets = Array.from({ length: 31 }, () => 0);
  for (const seconds of values) buckets[Math.min(30, Math.floor(seconds / 60))] += 1;
  return buckets;
}

/** What a policy gives over all the alerts replayed. */
export interface PolicySummary {
  alerts: number;
  firstOnSite: Spread;
  aedOnSite: Spread;
  /** Alerts where nobody accepted. */
  noResponder: number;
  alertedPerAlert: number;
  /** Alerts received per responder alerted at least once, per month of the period (fatigue): mean and most. */
  perResponderMonth: { mean: number; max: number };
  escalatedAlerts: number;
  firstOnSiteMinutes: number[];
  aedOnSiteMinutes: number[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Sums up the outcomes of a policy over a period of `months` (days / 30.44). */
export function summarise(outcomes: AlertOutcome[], months: number): PolicySummary {
  const first = outcomes.flatMap((outcome) => (outcome.firstOnSite === null ? [] : [outcome.firstOnSite]));
  const aed = outcomes.flatMap((outcome) => (outcome.aedOnSite === null ? [] : [outcome.aedOnSite]));
  const perResponder = new Map<number, number>();
  for (const outcome of outcomes) for (const id of outcome.alerted) perResponder.set(id, (perResponder.get(id) ?? 0) + 1);
  const counts = [...perResponder.values()];
  const alertedTotal = outcomes.reduce((sum, outcome) => sum + outcome.alerted.length, 0);
  const span = Math.max(months, 1 / 30.44);
  return {
    alerts: outcomes.length,
    firstOnSite: spreadOf(first),
    aedOnSite: spreadOf(aed),
    noResponder: outcomes.length - first.length,
    alertedPerAlert: outcomes.length === 0 ? 0 : round2(alertedTotal / outcomes.length),
    perResponderMonth: { mean: counts.length === 0 ? 0 : round2(alertedTotal / counts.length / span), max: counts.length === 0 ? 0 : round2(Math.max(...counts) / span) },
    escalatedAlerts: outcomes.filter((outcome) => outcome.steps > 0).length,
    firstOnSiteMinutes: minutesHistogram(first),
    aedOnSiteMinutes: minutesHistogram(aed),
  };
}
