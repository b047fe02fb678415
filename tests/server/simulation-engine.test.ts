import { describe, expect, it } from 'vitest';
import { alertSettings } from '../../server/src/modules/alerts/settings';
import { replayAlert, summarise, type Behaviour, type PastAlert, type SimPolicy } from '../../server/src/modules/simulations/engine';
import { area, offset } from './alert-fixtures';

/**
 * The simulator's replay on a tiny history computed by hand. Walking: 5 km/h, straight lines × 1.3,
 * so 100 m take round(130 / 1.3889) = 94 s and 500 m take 468 s; every acceptance comes 30 s after
 * the alert reached the responder. At 14:00 everyone accepts, at 03:00 nobody does.
 */
const settings = alertSettings({ config: {} as never });
const behaviour: Behaviour = { acceptByHour: Array.from({ length: 24 }, (_, hour) => (hour === 3 ? 0 : 1)), acceptSeconds: 30 };
const current: SimPolicy = { radiusKm: 0.4, maxSelected: 200, directResponders: 2, aedRunners: 3, aedRadiusKm: 1, escalation: { enabled: false, minAccepted: 1, afterSeconds: 60, stepKm: 0.2, maxKm: 0.6 } };
const wider: SimPolicy = { ...current, radiusKm: 0.6 };
const escalating: SimPolicy = { ...current, escalation: { ...current.escalation, enabled: true } };

const north = (metres: number) => offset(area, metres, 0);
const history: PastAlert[] = [
  // 14:00: one responder at 100 m and one at 500 m.
  { id: 1, ...area, hour: 14, responders: [{ id: 11, ...north(100), carriesAed: false }, { id: 12, ...north(500), carriesAed: false }], aeds: [] },
  // 03:00: one responder at 50 m, who does not accept.
  { id: 2, ...area, hour: 3, responders: [{ id: 21, ...north(50), carriesAed: false }], aeds: [] },
  // 14:00: the only responder is 500 m away.
  { id: 3, ...area, hour: 14, responders: [{ id: 31, ...north(500), carriesAed: false }], aeds: [] },
];
const replay = (policy: SimPolicy, seed = 1) => history.map((alert) => replayAlert(settings, policy, behaviour, seed, alert));

describe('alert-policy replay', () => {
  it('gives each alert its first responder on site under the current radius and a wider one', () => {
    expect(replay(current).map((outcome) => [outcome.firstOnSite, outcome.alerted])).toEqual([
      [124, [11]],
      [null, [21]],
      [null, []],
    ]);
    expect(replay(wider).map((outcome) => [outcome.firstOnSite, outcome.alerted])).toEqual([
      [124, [11, 12]],
      [null, [21]],
      [498, [31]],
    ]);
  });

  it('sums a policy up: median and 90th percentile, alerts without a responder, alerts per responder and month', () => {
    expect(summarise(replay(current), 1)).toMatchObject({ alerts: 3, firstOnSite: { median: 124, p90: 124 }, aedOnSite: { median: null, p90: null }, noResponder: 2, alertedPerAlert: 0.67, perResponderMonth: { mean: 1, max: 1 } });
    const proposed = summarise(replay(wider), 0.5);
    expect(proposed).toMatchObject({ firstOnSite: { median: 124, p90: 498 }, noResponder: 1, alertedPerAlert: 1.33, perResponderMonth: { mean: 2, max: 2 } });
    expect(proposed.firstOnSiteMinutes[2]).toBe(1);
    expect(proposed.firstOnSiteMinutes[8]).toBe(1);
  });

  it('escalates where too few accepted by the check: the 500 m responder is alerted 60 s after the launch', () => {
    const outcomes = replay(escalating);
    expect(outcomes.map((outcome) => [outcome.firstOnSite, outcome.steps, outcome.alerted])).toEqual([
      [124, 0, [11]],
      [null, 1, [21]],
      [60 + 30 + 468, 1, [31]],
    ]);
    expect(summarise(outcomes, 1).escalatedAlerts).toBe(2);
  });

  it('counts an AED on site when a runner fetches one or a responder carries one', () => {
    const aedAlert: PastAlert = {
      id: 4,
      ...area,
      hour: 14,
      responders: [{ id: 41, ...north(100), carriesAed: true }, { id: 42, ...north(200), carriesAed: false }, { id: 43, ...north(300), carriesAed: false }],
      aeds: [{ id: 9, ...offset(area, 0, 100) }],
    };
    // 41 carries one (straight there: 30 + 94 s); 41 and 42 are the two direct responders, and 43,
    // the first one not sent straight, fetches the AED 100 m east of the victim on the way.
    const outcome = replayAlert(settings, { ...current, directResponders: 2 }, behaviour, 1, aedAlert);
    expect(outcome).toMatchObject({ firstOnSite: 124, aedOnSite: 124 });
    const withoutCarrier = replayAlert(settings, { ...current, directResponders: 2 }, behaviour, 1, { ...aedAlert, responders: aedAlert.responders.map((responder) => ({ ...responder, carriesAed: false })) });
    // 43 via the AED: 316 m to it and 100 m on, 416 × 1.3 / 1.3889 = 390 s, plus 30.
    expect(withoutCarrier.aedOnSite).toBe(420);
  });

  it('is the same for the same seed and differs for another', () => {
    const many: PastAlert[] = Array.from({ length: 40 }, (_, index) => ({
      id: 100 + index,
      ...area,
      hour: 10,
      responders: Array.from({ length: 6 }, (_, n) => ({ id: 1000 + index * 10 + n, ...north(60 * (n + 1)), carriesAed: false })),
      aeds: [],
    }));
    const halfAccept: Behaviour = { acceptByHour: Array.from({ length: 24 }, () => 0.5), acceptSeconds: 30 };
    const run = (seed: number) => many.map((alert) => replayAlert(settings, current, halfAccept, seed, alert).firstOnSite);
    expect(run(7)).toEqual(run(7));
    expect(run(8)).not.toEqual(run(7));
  });
});
