import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyAnswers } from '../../contract/interview.schemas';
import { startTestServer, type TestServer } from './harness';
import { accountIdOf, call, daysAgo, insertAlert, newAccount, newResponder, setCallback, userIdOf } from './history-fixtures';

/**
 * Call-backs after an alert: getCallActions, and the post-intervention form's load and submit
 * (GET and POST citizenAlertForm/{id}) with the rules of spec §5 and the call-back chart.
 */
const form = (id: number) => `/services/backoffice/alert/citizenAlertForm/${id}`;
const actions = '/services/backoffice/alert/getCallActions';
let server: TestServer;
let referent: string;
let site: number;
let responder: number;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  referent = await server.signIn('referent@vigil.test');
  site = await newAccount(server, 'Call-back test');
  responder = await newResponder(server, { idSite: site, age: 41, gender: 'male' });
});
afterAll(async () => server?.close());

/** A closed alert `days` ago with the responder set off, one request. */
async function departure(days: number, options: { open?: boolean; statuses?: string[] } = {}) {
  const { alertId, requestIds } = await insertAlert(server, {
    idSite: site,
    createdAt: daysAgo(days),
    closedAt: options.open ? null : new Date(daysAgo(days).getTime() + 25 * 60_000),
    requests: [{ responderId: responder, statuses: options.statuses ?? ['dispatched', 'onTheWayVictim', 'onSiteVictim'] }],
  });
  return { alertId, requestId: requestIds[0] };
}

const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const send = (id: number, body: Record<string, unknown>, auth = referent) => call(server, auth, 'POST', form(id), { draftId: randomUUID(), ...body });

function answers() {
  const value = emptyAnswers();
  value.identity.age = 41;
  value.identity.training = 'psc1';
  value.intervention.setOff = true;
  value.intervention.arrived = 'beforeServices';
  value.intervention.massageDuration = 'other';
  value.intervention.massageDurationOther = 12;
  value.intervention.gestureOnVictim = ['massage', 'aedPlaced'];
  value.intervention.interviewer = 'Rémi Durand';
  return value;
}

describe('getCallActions', () => {
  it('counts responders to call, to recall and unanswered since the history’s default start, with the 10-day and today flags', async () => {
    const own = await newAccount(server, 'Call actions test');
    const who = await newResponder(server, { idSite: own });
    const at = async (days: number, status?: string, recallAt?: Date) => {
      const { requestIds } = await insertAlert(server, { idSite: own, createdAt: daysAgo(days), requests: [{ responderId: who, statuses: ['dispatched'] }] });
      if (status) await setCallback(server, requestIds[0], status, { recallAt: recallAt ?? null });
    };
    await at(2); // to do
    await at(12); // to do, more than 10 days
    await at(30); // to do, more than 10 days
    await at(3, 'noAnswer');
    await at(20, 'noAnswer'); // more than 10 days
    await at(4, 'recall', new Date(Date.now() + 3 * 86_400_000));
    await at(6, 'recallFragile', daysAgo(12)); // overdue by more than 10 days
    const endOfDay = DateTime.now().setZone('Europe/Paris').endOf('day').toMillis();
    await at(5, 'recall', new Date(Date.now() + (endOfDay - Date.now()) / 2)); // due today
    await at(8, 'done');
    await at(9, 'refusal');
    await at(200); // before the window: not counted
    await insertAlert(server, { idSite: own, createdAt: daysAgo(1), test: true, requests: [{ responderId: who, statuses: ['dispatched'] }] }); // test: not counted
    await insertAlert(server, { idSite: own, createdAt: daysAgo(1), closedAt: null, requests: [{ responderId: who, statuses: ['dispatched'] }] }); // in progress
    await insertAlert(server, { idSite: own, createdAt: daysAgo(1), requests: [{ responderId: who, statuses: ['refused'] }] }); // nobody set off

    const { status, body } = await call(server, referent, 'GET', `${actions}?selectedSite=${own}`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      toDo: { total: 3, moreThan10days: 2 },
      recall: { total: 3, moreThan10days: 1 },
      noAnswer: { total: 2, moreThan10days: 1 },
      countRecallToday: 1,
      startDate: DateTime.now().setZone('Europe/Paris').startOf('day').minus({ months: 4 }).toISODate(),
    });
  });

  it('counts the whole subtree by default and refuses other accounts', async () => {
    const all = (await call(server, referent, 'GET', actions)).body.data;
    expect(all.toDo.total).toBeGreaterThan(0);
    const sdis03 = await accountIdOf(server, 'SDIS 03');
    const refused = await call(server, referent, 'GET', `${actions}?selectedSite=${sdis03}`);
    expect([refused.status, refused.body.msg]).toEqual([403, 'error.history.site-not-allowed']);
    const operator = await server.signIn('operator@vigil.test');
    expect((await call(server, operator, 'GET', actions)).status).toBe(403);
  });
});

describe('post-intervention form: load', () => {
  it('loads the alert, the responder, the call-back and a prefill from what Vigil knows', async () => {
    const before = await departure(30);
    const { alertId, requestId } = await departure(3);
    const { status, body } = await call(server, referent, 'GET', form(requestId));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: requestId,
      alert: { alertId, alertType: 1, siteName: 'Call-back test', test: false },
      responder: { citizenResponderId: responder, age: 41, gender: 'male', status: 'onSiteVictim', mission: 'victim', distance: 250 },
      contactStatus: 'toDo',
      recallAt: null,
      calls: [],
      answers: null,
      technicalIssues: null,
      completedAt: null,
      allowedOutcomes: ['noAnswer', 'recall', 'recallFragile', 'done', 'refusal'],
    });
    expect(body.data.responder.acceptedAt).toEqual(expect.any(String));
    expect(body.data.prefill.identity).toMatchObject({ age: 41, gender: 'male' });
    expect(body.data.prefill.intervention).toMatchObject({ distance: 250, setOff: true, interviewer: 'Rémi Durand' });
    expect(body.data.earlier).toContainEqual({ requestId: before.requestId, alertId: before.alertId, date: expect.any(String), alertType: 1, status: 'onSiteVictim', contactStatus: 'toDo' });
    expect(body.data.earlier.map((item: { requestId: number }) => item.requestId)).not.toContain(requestId);
  });

  it('answers 404 for a responder who never set off, an unknown request, or another account’s', async () => {
    const { requestIds } = await insertAlert(server, { idSite: site, createdAt: daysAgo(1), requests: [{ responderId: responder, statuses: ['refused'] }] });
    expect((await call(server, referent, 'GET', form(requestIds[0]))).status).toBe(404);
    expect((await call(server, referent, 'GET', form(99_999_999))).status).toBe(404);
    const sdis03 = await accountIdOf(server, 'SDIS 03');
    const foreign = await insertAlert(server, { idSite: sdis03, createdAt: daysAgo(1), requests: [{ responderId: responder, statuses: ['dispatched'] }] });
    expect((await call(server, referent, 'GET', form(foreign.requestIds[0]))).body).toEqual({ error: true, msg: 'error.not-found' });
    const operator = await server.signIn('operator@vigil.test');
    expect((await call(server, operator, 'GET', form(foreign.requestIds[0]))).status).toBe(403);
  });
});

describe('post-intervention form: submit', () => {
  it('records a call without answer, then a recall, then the interview, each in the history section', async () => {
    const { alertId, requestId } = await departure(4);
    const first = await send(requestId, { outcome: 'noAnswer', note: 'Messagerie' });
    expect(first.body.data).toEqual({ contactStatus: 'noAnswer', recallAt: null, recorded: true });
    const recallAt = later(2);
    const second = await send(requestId, { outcome: 'recall', recallAt });
    expect(second.body.data).toEqual({ contactStatus: 'recall', recallAt: new Date(recallAt).toISOString(), recorded: true });
    const issues = { kinds: ['lateNotification'], description: 'Notification 2 minutes late', phoneOs: 'android', phoneModel: 'Pixel 7' };
    const done = await send(requestId, { outcome: 'done', answers: answers(), technicalIssues: issues });
    expect(done.body.data).toMatchObject({ contactStatus: 'done', recorded: true });

    const loaded = (await call(server, referent, 'GET', form(requestId))).body.data;
    expect(loaded.contactStatus).toBe('done');
    expect(loaded.answers).toEqual(answers());
    expect(loaded.technicalIssues).toEqual(issues);
    expect(loaded.completedAt).toEqual(expect.any(String));
    expect(loaded.calls.map((entry: { outcome: string }) => entry.outcome)).toEqual(['done', 'recall', 'noAnswer']);
    expect(loaded.calls[2]).toMatchObject({ note: 'Messagerie', by: { firstName: 'Rémi', lastName: 'Durand' } });
    expect(loaded.allowedOutcomes).toEqual(['done']);
    const [alert] = await server.ctx.database.query<{ contact_status: string }>('SELECT contact_status FROM alerts WHERE id = $1', [alertId]);
    expect(alert.contact_status).toBe('done');
  });

  it('applies spec §5: a recall date in the future, a massage duration "other" above 10, answers for "done"', async () => {
    const { requestId } = await departure(5);
    const past = await send(requestId, { outcome: 'recall', recallAt: new Date(Date.now() - 60_000).toISOString() });
    expect([past.status, past.body.msg]).toEqual([400, 'error.callback.recall-in-past']);
    const missing = await send(requestId, { outcome: 'recallFragile' });
    expect([missing.status, missing.body.msg]).toEqual([400, 'error.callback.recall-date-required']);
    const empty = await send(requestId, { outcome: 'done' });
    expect([empty.status, empty.body.msg]).toEqual([400, 'error.callback.interview-required']);
    for (const minutes of [10, 3, null]) {
      const value = answers();
      value.intervention.massageDurationOther = minutes;
      const refused = await send(requestId, { outcome: 'done', answers: value });
      expect([refused.status, refused.body.msg]).toEqual([400, 'error.callback.massage-duration-other']);
      expect(refused.body.details).toEqual([{ field: 'intervention.massageDurationOther', key: 'error.callback.massage-duration-other' }]);
    }
    const badShape = await send(requestId, { outcome: 'done', answers: { ...answers(), identity: { ...answers().identity, training: 'astronaut' } } });
    expect([badShape.status, badShape.body.msg]).toEqual([400, 'error.validation']);
    const fine = await send(requestId, { outcome: 'recallFragile', recallAt: later(1) });
    expect(fine.body.data.contactStatus).toBe('recallFragile');
    const calls = await server.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM callback_calls k JOIN callbacks c ON c.id = k.callback_id WHERE c.request_id = $1', [requestId]);
    expect(calls[0].n).toBe(1);
  });

  it('records a draft sent twice once (a lost answer, then the re-send)', async () => {
    const { requestId } = await departure(6);
    const draftId = randomUUID();
    const body = { draftId, outcome: 'done', answers: answers() };
    const once = await call(server, referent, 'POST', form(requestId), body);
    const twice = await call(server, referent, 'POST', form(requestId), body);
    expect(once.body.data).toMatchObject({ contactStatus: 'done', recorded: true });
    expect(twice.body.data).toMatchObject({ contactStatus: 'done', recorded: false });
    const calls = await server.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM callback_calls k JOIN callbacks c ON c.id = k.callback_id WHERE c.request_id = $1', [requestId]);
    expect(calls[0].n).toBe(1);
  });

  it('follows the call-back chart: nothing while the alert is open, nothing after a refusal, only amendments once done', async () => {
    const open = await departure(0, { open: true });
    const inProgress = await send(open.requestId, { outcome: 'noAnswer' });
    expect([inProgress.status, inProgress.body.msg]).toEqual([409, 'error.callback.alert-in-progress']);
    expect((await call(server, referent, 'GET', form(open.requestId))).body.data).toMatchObject({ contactStatus: 'alertInProgress', allowedOutcomes: [] });

    const refusal = await departure(7);
    expect((await send(refusal.requestId, { outcome: 'refusal', note: 'Ne souhaite pas en parler' })).body.data.contactStatus).toBe('refusal');
    const afterRefusal = await send(refusal.requestId, { outcome: 'noAnswer' });
    expect([afterRefusal.status, afterRefusal.body.msg]).toEqual([409, 'error.callback.refused']);

    const done = await departure(8);
    await send(done.requestId, { outcome: 'done', answers: answers() });
    const amended = answers();
    amended.intervention.notes = 'Corrigé après relecture';
    expect((await send(done.requestId, { outcome: 'done', answers: amended })).status).toBe(200);
    expect((await call(server, referent, 'GET', form(done.requestId))).body.data.answers.intervention.notes).toBe('Corrigé après relecture');
    const backwards = await send(done.requestId, { outcome: 'recall', recallAt: later(1) });
    expect([backwards.status, backwards.body.msg]).toEqual([409, 'error.callback.already-done']);
  });

  it('refuses to call a responder who did not set off, and other accounts’ responders', async () => {
    const { requestIds } = await insertAlert(server, { idSite: site, createdAt: daysAgo(2), requests: [{ responderId: responder, statuses: ['refused'] }] });
    const notCallable = await send(requestIds[0], { outcome: 'noAnswer' });
    expect([notCallable.status, notCallable.body.msg]).toEqual([422, 'error.callback.not-callable']);
    const sdis03 = await accountIdOf(server, 'SDIS 03');
    const foreign = await insertAlert(server, { idSite: sdis03, createdAt: daysAgo(2), requests: [{ responderId: responder, statuses: ['dispatched'] }] });
    expect((await send(foreign.requestIds[0], { outcome: 'noAnswer' })).status).toBe(404);
    const administrator = await server.signIn('administrator@vigil.test');
    const { requestId } = await departure(9);
    expect((await send(requestId, { outcome: 'noAnswer' }, administrator)).status).toBe(200);
    const calls = await server.ctx.database.query<{ user_id: number }>('SELECT k.user_id FROM callback_calls k JOIN callbacks c ON c.id = k.callback_id WHERE c.request_id = $1', [requestId]);
    expect(calls).toEqual([{ user_id: await userIdOf(server, 'administrator@vigil.test') }]);
  });
});
