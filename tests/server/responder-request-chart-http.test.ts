import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestRefusalKey, requestStatuses, responderRequestChart, type RequestEvent, type RequestStatus } from '../../contract/charts/responder-request.chart';
import { addAed, addResponder, alertConfig, area, call, offset, type TestResponder } from './alert-fixtures';
import { requestTransitions } from './alert-chart-tables';
import { expectReplay, expectTableIsChart, type Carried, type HttpAnswer } from './chart-replay';
import { startTestServer, type TestServer } from './harness';

/**
 * The responder-on-alert chart replayed through the HTTP API on a real database: for each status,
 * a fresh live alert with two responders (the one under test and a second one, who fills the alert
 * or drops out when a status or an event needs it), the target driven there by the responder app's
 * and the dispatcher's calls, then sent each event of the chart.
 */
const v1 = '/services/responder/v1';
const v2 = '/services/emergency/v2';

const table = requestTransitions;
const events = Object.keys(table) as RequestEvent['type'][];

/**
 * Pairs no HTTP call carries, with the reason. The call that would carry them is still made (it
 * exists and answers 200) and the request must stay where it was.
 */
const unaddressed = (status: RequestStatus, event: RequestEvent['type']): string | undefined => {
  if (event === 'request.unavailable' && status !== 'available' && status !== 'waiting') return 'switching availability off withdraws only unanswered offers and stand-bys';
  if (event === 'request.promote' && status !== 'waiting') return 'the server promotes only stand-by requests, when an engaged responder drops out';
  return undefined;
};

let server: TestServer;
let operator: string;
let place = 0;

beforeAll(async () => {
  // One engaged responder is enough: a second one who accepts is held in stand-by (trained) or
  // too late (untrained). Every responder runs for the AED next to the victim, so that each
  // progress status can be reported.
  server = await startTestServer(alertConfig({ ALERT_ENOUGH_RESPONDERS: 1, ALERT_DIRECT_RESPONDERS: 0, ALERT_AED_RUNNERS: 10, ALERT_AED_RUNNERS_PER_AED: 10 }));
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => server?.close());

interface Case {
  alertId: number;
  victim: { lat: number; lon: number };
  /** The responder whose request is replayed. */
  target: TestResponder;
  /** A second responder on the same alert. */
  other: TestResponder;
  requestId: number;
}

/** A place of its own for each case, 2 km apart: no responder of another case is within reach. */
function nextPlace() {
  place += 1;
  return offset(area, -2000 * (place % 40), 2000 * Math.floor(place / 40));
}

async function answer(who: TestResponder, alertId: number, action: 'accept' | 'refuse' | 'progress' | 'cancel', payload: object = {}): Promise<HttpAnswer> {
  const response = await server.app.inject({ method: 'POST', url: `${v1}/alerts/${alertId}/${action}`, headers: { authorization: who.auth }, payload });
  return { status: response.statusCode, body: response.json() };
}

const staff = (action: 'stop' | 'start', one: Case) => call(server, operator, 'POST', `${v2}/${action}CitizenResponder`, { alertId: one.alertId, id: one.requestId });

/** Steps the responder app or the dispatcher takes, each expected to succeed on the way to a status. */
const step = {
  accept: (one: Case) => answer(one.target, one.alertId, 'accept'),
  fill: (one: Case) => answer(one.other, one.alertId, 'accept'),
  goAed: (one: Case) => answer(one.target, one.alertId, 'progress', { status: 'onTheWayAed' }),
  reachAed: (one: Case) => answer(one.target, one.alertId, 'progress', { status: 'onSiteAed' }),
  goVictim: (one: Case) => answer(one.target, one.alertId, 'progress', { status: 'onTheWayVictim' }),
  reachVictim: (one: Case) => answer(one.target, one.alertId, 'progress', { status: 'onSiteVictim' }),
  refuse: (one: Case) => answer(one.target, one.alertId, 'refuse'),
  noAed: (one: Case) => answer(one.target, one.alertId, 'cancel', { reason: 'noAed' }),
  cancel: (one: Case) => answer(one.target, one.alertId, 'cancel', { reason: 'other' }),
  stop: (one: Case) => staff('stop', one),
  far: (one: Case) => answer(one.target, one.alertId, 'accept', offset(one.victim, 5000, 0)),
  unavailable: async (one: Case) => availability(one.target, false),
};

/** The shortest path from a fresh offer (available) to each status. */
const paths: Record<RequestStatus, (keyof typeof step)[]> = {
  available: [],
  waiting: ['fill', 'accept'],
  dispatched: ['accept'],
  onTheWayAed: ['accept', 'goAed'],
  onSiteAed: ['accept', 'goAed', 'reachAed'],
  onTheWayVictim: ['accept', 'goVictim'],
  onSiteVictim: ['accept', 'goVictim', 'reachVictim'],
  refused: ['refuse'],
  stopped: ['stop'],
  tooFar: ['far'],
  tooLate: ['fill', 'accept'],
  unavailable: ['unavailable'],
  withoutAedCancel: ['accept', 'goAed', 'noAed'],
  cancelled: ['accept', 'cancel'],
};

async function availability(who: TestResponder, available: boolean): Promise<HttpAnswer> {
  const response = await server.app.inject({ method: 'PUT', url: `${v1}/availability`, headers: { authorization: who.auth }, payload: { available } });
  return { status: response.statusCode, body: response.json() };
}

/**
 * A live alert with its two responders and an AED 30 m from the victim, the target taken along
 * `paths[status]`. The target is untrained when it must end too late, or answer late.
 */
async function reach(status: RequestStatus, event: RequestEvent['type']): Promise<Case> {
  const victim = nextPlace();
  await addAed(server, offset(victim, 30, 0));
  const untrained = status === 'tooLate' || (event === 'request.late' && status !== 'waiting');
  const target = await addResponder(server, offset(victim, 60, 0), { trainedStatus: untrained ? 'untrained' : 'trained' });
  const other = await addResponder(server, offset(victim, 0, 80));
  const launched = await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: `case ${place}`, alertType: 1 });
  const alertId = launched.body.data.alertId as number;
  const cards = (await call(server, operator, 'GET', `${v2}/citizenRespondersOnCall?alertId=${alertId}&lang=fr`)).body.data as { id: number; citizenResponderId: number }[];
  const one: Case = { alertId, victim, target, other, requestId: cards.find((card) => card.citizenResponderId === target.responderId)!.id };
  for (const name of paths[status]) {
    const taken = await step[name](one);
    expect(taken.status, `${name}: ${JSON.stringify(taken.body)}`).toBe(200);
  }
  return one;
}

/** Accepting when the alert already has enough responders: the second responder fills it first. */
async function acceptWhenFull(one: Case): Promise<HttpAnswer> {
  await step.fill(one);
  return step.accept(one);
}

/** How each event reaches the target's request. */
const send = {
  'request.accept': step.accept,
  'request.standBy': acceptWhenFull,
  'request.late': acceptWhenFull,
  'request.far': step.far,
  'request.refuse': step.refuse,
  'request.unavailable': step.unavailable,
  // The stand-by responder takes the place of the engaged one who gives up.
  'request.promote': async (one) => {
    await step.fill(one);
    return answer(one.other, one.alertId, 'cancel', { reason: 'other' });
  },
  'request.goAed': step.goAed,
  'request.reachAed': step.reachAed,
  'request.goVictim': step.goVictim,
  'request.reachVictim': step.reachVictim,
  'request.noAed': step.noAed,
  'request.cancel': step.cancel,
  'request.stop': (one) => staff('stop', one),
  'request.start': (one) => staff('start', one),
} satisfies Record<RequestEvent['type'], (one: Case) => Promise<HttpAnswer>>;

/** The target's status as the responder app reads it. */
async function statusOf(one: Case): Promise<string> {
  const response = await server.app.inject({ method: 'GET', url: `${v1}/alerts/${one.alertId}`, headers: { authorization: one.target.auth } });
  return response.json().data.request.status;
}

describe('responder-on-alert chart', () => {
  it('is the table this replay expects', () => expectTableIsChart(responderRequestChart, requestStatuses, table));
});

describe.each(requestStatuses)('a request in %s, through the HTTP API', (status) => {
  it.each(events)('%s', async (event) => {
    const one = await reach(status, event);
    expect(await statusOf(one)).toBe(status);
    const answered = await send[event](one);
    const reason = unaddressed(status, event);
    // The carrying call answers for another request (or for the responder); this one is left alone.
    const carried: Carried = reason ? { via: reason } : answered;
    if (reason) expect(answered.status).toBe(200);
    await expectReplay(carried, { state: status, next: (table[event] as Partial<Record<RequestStatus, RequestStatus>>)[status], refusal: requestRefusalKey(status, event) }, () => statusOf(one));
  });
});
