import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertChart, alertRefusalKey, type AlertEvent, type AlertState } from '../../contract/charts/alert.chart';
import { nextState } from '../../contract/charts/transition';
import { autoCloseQueue } from '../../server/src/modules/alerts/auto-close';
import { escalationQueue } from '../../server/src/modules/alerts/escalation';
import { addResponder, alertConfig, area, call, offset, type TestResponder } from './alert-fixtures';
import { alertTransitions } from './alert-chart-tables';
import { expectReplay, expectTableIsChart, jobSettled, type Carried } from './chart-replay';
import { startTestServer, type TestServer } from './harness';

/**
 * The alert chart replayed through the HTTP API on a real database: a fresh alert is driven into
 * each state by the dispatcher's calls, then sent each event of the chart.
 */
const v1 = '/services/responder/v1';
const v2 = '/services/emergency/v2';
const states = ['settingUp', 'live', 'closed'] as const satisfies readonly AlertState[];

const table = alertTransitions;
const events = Object.keys(table) as AlertEvent['type'][];

/**
 * Pairs the HTTP API answers otherwise than the chart, each with the reason and what it answers.
 * A draft has no responder request, so nobody can answer it. A responder's answer to a closed
 * alert is taken by the responder-request chart as "too late" (request.late: "accepting after the
 * alert ... closed"), so the app is told; the alert stays closed, but the call is not the alert
 * chart's refusal.
 */
const divergences: Partial<Record<`${AlertState} ${AlertEvent['type']}`, { reason: string; answer: { status: number; key?: string } }>> = {
  'settingUp responder.answer': { reason: 'a draft has no requests: the app is told it has no offer', answer: { status: 404, key: 'error.responder.no-offer' } },
  'closed responder.answer': { reason: 'a late answer is recorded as too late on the request; the alert stays closed', answer: { status: 200 } },
};

let server: TestServer;
let operator: string;
let place = 0;

beforeAll(async () => {
  server = await startTestServer(alertConfig());
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => server?.close());

interface Alert {
  alertId: number;
  victim: { lat: number; lon: number };
  responder: TestResponder;
  /** The responder's request on the alert (none on a draft). */
  requestId?: number;
}

/** A place of its own for each case, 2 km apart: no responder of another case is within reach. */
function nextPlace() {
  place += 1;
  return offset(area, 2000 * (place % 30), 2000 * Math.floor(place / 30));
}

/** The shortest path into `state` through the dispatcher's calls, one responder 60 m away. */
async function reach(state: AlertState): Promise<Alert> {
  const victim = nextPlace();
  const responder = await addResponder(server, offset(victim, 60, 0));
  if (state === 'settingUp') {
    const draft = await call(server, operator, 'PUT', `${v2}/alertSettingUp`, { ...victim, address: 'draft' });
    return { alertId: draft.body.data.alert.alertId, victim, responder };
  }
  const launched = await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: 'live', alertType: 1 });
  const alertId = launched.body.data.alertId as number;
  const cards = (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${alertId}&lang=fr`)).body.data as { id: number }[];
  expect(cards).toHaveLength(1);
  if (state === 'closed') expect((await call(server, operator, 'POST', `${v2}/alertClose`, { alertId })).status).toBe(200);
  return { alertId, victim, responder, requestId: cards[0].id };
}

/** The request id sent to stop or start on a draft, which has none: the chart refuses first. */
const noRequest = 1;

/** How each event reaches an alert. */
const send = {
  'alert.setUp': (alert) => call(server, operator, 'PUT', `${v2}/alertSettingUp`, { alertId: alert.alertId, ...alert.victim, address: 'set up again' }),
  'address.change': (alert) => call(server, operator, 'POST', `${v2}/alert/${alert.alertId}`, { ...offset(alert.victim, 100, 0), address: 'next door' }),
  'alert.launch': (alert) => call(server, operator, 'POST', `${v2}/alertLaunch`, { alertId: alert.alertId, alertType: 1 }),
  'alert.close': (alert) => call(server, operator, 'POST', `${v2}/alertClose`, { alertId: alert.alertId }),
  // No HTTP route: the 20-minute rule is the durable auto-close job, queued here as if its time had come.
  'alert.autoClose': async (alert) => {
    await jobSettled(server.ctx.database, await server.ctx.jobs.send(autoCloseQueue, { alertId: alert.alertId }));
    return { via: 'the auto-close job' };
  },
  // No HTTP route either: the escalation's first step, its durable job queued as if its time had
  // come (fewer than 2 accepted: a live alert widens to 0.6 km; a draft or a closed alert is left alone).
  'alert.escalate': async (alert) => {
    await jobSettled(server.ctx.database, await server.ctx.jobs.send(escalationQueue, { alertId: alert.alertId, step: 1 }));
    const after = (await call(server, operator, 'GET', `${v2}/alerts/${alert.alertId}`)).body.data;
    expect(after.escalations.map((step: { radiusKm: number }) => step.radiusKm)).toEqual(after.state === 'live' ? [0.6] : []);
    return { via: 'the escalation job' };
  },
  'responder.stop': (alert) => call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId: alert.alertId, id: alert.requestId ?? noRequest }),
  'responder.start': async (alert) => {
    // Only a stopped responder can be started: on a live alert the responder is stopped first (the alert stays live).
    if (alert.requestId !== undefined) await call(server, operator, 'POST', `${v2}/stopCitizenResponder`, { alertId: alert.alertId, id: alert.requestId });
    return call(server, operator, 'POST', `${v2}/startCitizenResponder`, { alertId: alert.alertId, id: alert.requestId ?? noRequest });
  },
  'responder.answer': async (alert) => {
    const response = await server.app.inject({ method: 'POST', url: `${v1}/alerts/${alert.alertId}/accept`, headers: { authorization: alert.responder.auth }, payload: {} });
    return { status: response.statusCode, body: response.json() };
  },
} satisfies Record<AlertEvent['type'], (alert: Alert) => Promise<Carried>>;

const stateOf = async (alert: Alert) => (await call(server, operator, 'GET', `${v2}/alerts/${alert.alertId}`)).body.data.state as string;

describe('alert chart', () => {
  it('is the table this replay expects', () => expectTableIsChart(alertChart, states, table));
});

describe.each(states)('an alert in %s, through the HTTP API', (state) => {
  it.each(events)('%s', async (event) => {
    const alert = await reach(state);
    expect(await stateOf(alert)).toBe(state);
    const carried = await send[event](alert);
    const divergence = divergences[`${state} ${event}`];
    if (divergence) {
      // The chart still refuses the pair; the API answers as documented above and the alert stays where it was.
      expect(nextState(alertChart, state, { type: event })).toBeUndefined();
      expect({ status: 'status' in carried ? carried.status : undefined, key: 'status' in carried ? carried.body.msg : undefined }).toEqual({ key: undefined, ...divergence.answer });
      expect(await stateOf(alert)).toBe(state);
      return;
    }
    await expectReplay(carried, { state, next: (table[event] as Partial<Record<AlertState, AlertState>>)[state], refusal: alertRefusalKey(state, event) }, () => stateOf(alert));
  });
});

describe('a late answer to a closed alert', () => {
  it('is taken as too late on the request, as the responder-request chart says', async () => {
    const alert = await reach('closed');
    const answered = await send['responder.answer'](alert);
    expect(answered.body.data.request.status).toBe('tooLate');
  });
});
