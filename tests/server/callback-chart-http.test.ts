import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRefusalKey } from '../../contract/charts/alert.chart';
import { callbackChart, callbackRefusalKey, contactStatuses, type CallbackEvent, type CallOutcome, type ContactStatus } from '../../contract/charts/callback.chart';
import { emptyAnswers } from '../../contract/interview.schemas';
import { addResponder, alertConfig, area, call, offset, type TestResponder } from './alert-fixtures';
import { expectReplay, expectTableIsChart, type ChartTable, type HttpAnswer } from './chart-replay';
import { startTestServer, type TestServer } from './harness';

/**
 * The call-back chart replayed through the HTTP API on a real database: for each status, a fresh
 * alert launched by the dispatcher, accepted by its responder (who thus set off and is to be
 * called), closed when the status needs it and called by the referent, then sent each event.
 */
const v1 = '/services/responder/v1';
const v2 = '/services/emergency/v2';
const formOf = (requestId: number) => `/services/backoffice/alert/citizenAlertForm/${requestId}`;

const calls = (to: ContactStatus) => ({ toDo: to, noAnswer: to, recall: to, recallFragile: to });

const table = {
  'callback.alertClosed': { alertInProgress: 'toDo' },
  'callback.noAnswer': calls('noAnswer'),
  'callback.recall': calls('recall'),
  'callback.recallFragile': calls('recallFragile'),
  'callback.done': { ...calls('done'), done: 'done' },
  'callback.refuse': calls('refusal'),
} satisfies ChartTable<ContactStatus, CallbackEvent['type']>;
const events = Object.keys(table) as CallbackEvent['type'][];

let server: TestServer;
let operator: string;
let referent: string;
let place = 0;

beforeAll(async () => {
  server = await startTestServer(alertConfig());
  operator = await server.signIn('operator@vigil.test');
  referent = await server.signIn('referent@vigil.test');
});
afterAll(async () => server?.close());

interface Callback {
  alertId: number;
  requestId: number;
  responder: TestResponder;
}

/** A place of its own for each case, 2 km apart: no responder of another case is within reach. */
function nextPlace() {
  place += 1;
  return offset(area, 2000 * (place % 30), -2000 * Math.floor(place / 30));
}

const later = () => new Date(Date.now() + 3 * 86_400_000).toISOString();

/** One call by the referent, with what its outcome needs (a future date, the interview). */
function recordCall(one: Callback, outcome: CallOutcome): Promise<HttpAnswer> {
  const needs = outcome === 'recall' || outcome === 'recallFragile' ? { recallAt: later() } : outcome === 'done' ? { answers: emptyAnswers() } : {};
  return call(server, referent, 'POST', formOf(one.requestId), { draftId: randomUUID(), outcome, ...needs });
}

const closeAlert = (one: Callback) => call(server, operator, 'POST', `${v2}/alertClose`, { alertId: one.alertId });

/** The shortest path into each status: launch, the responder accepts, then close and one call. */
async function reach(status: ContactStatus): Promise<Callback> {
  const victim = nextPlace();
  const responder = await addResponder(server, offset(victim, 60, 0));
  const launched = await call(server, operator, 'POST', `${v2}/alertLaunch`, { ...victim, address: `call-back ${place}`, alertType: 1 });
  const alertId = launched.body.data.alertId as number;
  const accepted = await server.app.inject({ method: 'POST', url: `${v1}/alerts/${alertId}/accept`, headers: { authorization: responder.auth }, payload: {} });
  expect(accepted.statusCode).toBe(200);
  const one = { alertId, requestId: accepted.json().data.request.id as number, responder };
  if (status === 'alertInProgress') return one;
  expect((await closeAlert(one)).status).toBe(200);
  if (status !== 'toDo') expect((await recordCall(one, status)).status).toBe(200);
  return one;
}

/** How each event reaches a call-back: the alert's close, or a call with its outcome. */
const send = {
  'callback.alertClosed': closeAlert,
  'callback.noAnswer': (one) => recordCall(one, 'noAnswer'),
  'callback.recall': (one) => recordCall(one, 'recall'),
  'callback.recallFragile': (one) => recordCall(one, 'recallFragile'),
  'callback.done': (one) => recordCall(one, 'done'),
  'callback.refuse': (one) => recordCall(one, 'refusal'),
} satisfies Record<CallbackEvent['type'], (one: Callback) => Promise<HttpAnswer>>;

/**
 * The key of a refusal. The alert's close carries alertClosed: once the alert is closed, a second
 * close is refused by the alert chart, with its key.
 */
const refusalOf = (status: ContactStatus, event: CallbackEvent['type']) => (event === 'callback.alertClosed' ? alertRefusalKey('closed', 'alert.close') : callbackRefusalKey(status));

const statusOf = async (one: Callback) => (await call(server, referent, 'GET', formOf(one.requestId))).body.data.contactStatus as string;

describe('call-back chart', () => {
  it('is the table this replay expects', () => expectTableIsChart(callbackChart, contactStatuses, table));
});

describe.each(contactStatuses)('a call-back in %s, through the HTTP API', (status) => {
  it.each(events)('%s', async (event) => {
    const one = await reach(status);
    expect(await statusOf(one)).toBe(status);
    await expectReplay(await send[event](one), { state: status, next: (table[event] as Partial<Record<ContactStatus, ContactStatus>>)[status], refusal: refusalOf(status, event) }, () => statusOf(one));
  });
});
