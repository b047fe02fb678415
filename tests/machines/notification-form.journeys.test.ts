import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Targeting } from '../../contract/notification.schemas';
import { notificationFormMachine } from '../../src/machines/notification-form/notification-form.machine';
import { updateFilterRow, newFilterRow } from '../../src/machines/notification-form/notification-form.rules';
import { phaseOf, potentialOf, type NotificationFormSnapshot } from '../../src/machines/notification-form/notification-form.selectors';
import type { NotificationFormInput } from '../../src/machines/notification-form/notification-form.types';
import { onNotice, type Notice } from '../../src/services/notify';
import { device, failure, notificationItem, sites, testers } from './notification.fixtures';

/** Pinned journeys of the notification form: the checks of spec §5, the chart's draft rule, saves that keep the values. */

interface Script {
  draft?: unknown;
  save?: (body: Record<string, unknown>) => unknown;
  count?: (targeting: Targeting) => unknown;
  test?: (body: Record<string, unknown>) => unknown;
}

function start(input: NotificationFormInput = { language: 'fr' }, script: Script = {}) {
  const calls: Array<{ src: string; input: unknown }> = [];
  const record = (src: string, answer: (input: never) => unknown) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls.push({ src, input });
      return answer(input as never);
    });
  const machine = notificationFormMachine.provide({
    actors: {
      loadSites: fromPromise(async () => ({ ok: true, data: sites })),
      loadTesters: fromPromise(async () => ({ ok: true, data: testers })),
      loadDraft: record('loadDraft', () => script.draft ?? { ok: true, data: notificationItem(41, 'draft') }),
      count: record('count', (targeting: Targeting) => (script.count ? script.count(targeting) : { ok: true, data: { citizens: 12, devices: 14 } })),
      searchDevices: record('searchDevices', () => ({ ok: true, data: [device] })),
      save: record('save', (body: Record<string, unknown>) => (script.save ? script.save(body) : { ok: true, data: notificationItem(41, 'planned') })),
      sendTest: record('sendTest', (body: Record<string, unknown>) => (script.test ? script.test(body) : { ok: true, data: { queued: 1, udid: 'demo-tester-1', status: 'sent' } })),
    } as never,
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, of: (src: string) => calls.filter((call) => call.src === src).map((call) => call.input) };
}

const editing = (snapshot: NotificationFormSnapshot) => phaseOf(snapshot) === 'editing';
const future = '2030-06-01T08:00:00.000Z';
const complete = { title: 'Formation PSC1', idSite: 5, message: 'Une session a lieu samedi.', programmedDate: future } as const;

let stopNotices: (() => void) | null = null;
afterEach(() => stopNotices?.());
function collectNotices(): Notice[] {
  const notices: Notice[] = [];
  stopNotices = onNotice((notice) => notices.push(notice));
  return notices;
}

describe('notification form journeys (spec §3, §5)', () => {
  it('refuses to save with the required fields empty, a fake batch of 0 and a single send without a phone; nothing is sent', () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.change', values: { fakeBatch: 0, sendingType: 'single', messageType: null, distribution: null } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      title: 'error.required',
      message: 'error.required',
      idSite: 'error.required',
      messageType: 'error.required',
      distribution: 'error.required',
      udid: 'error.notification.udid-required',
      fakeBatch: 'notification.form.error.fake-batch',
    });
    expect(calls.filter((call) => call.src === 'save')).toEqual([]);
    // Fixing a field clears its message.
    actor.send({ type: 'form.change', values: { title: 'Hello' } });
    expect(actor.getSnapshot().context.errors.title).toBeUndefined();
  });

  it('a programmed send needs a future date', () => {
    const { actor } = start();
    actor.send({ type: 'form.change', values: { ...complete, programmedDate: null } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ programmedDate: 'error.notification.date-required' });
    actor.send({ type: 'form.change', values: { programmedDate: '2001-01-01T00:00:00.000Z' } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ programmedDate: 'error.notification.date-past' });
  });

  it('a draft never takes an immediate distribution (the chart says so), a new send may', async () => {
    const { actor, of } = start();
    actor.send({ type: 'form.change', values: { ...complete, distribution: 'immediate' } });
    actor.send({ type: 'form.saveDraft' });
    expect(actor.getSnapshot().context.errors).toEqual({ distribution: 'error.notification.draft-immediate' });
    expect(of('save')).toEqual([]);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => phaseOf(snapshot) === 'saved');
    expect(of('save')[0]).toMatchObject({ draft: false, distribution: 'immediate', programmedDate: null });
  });

  it('loads a draft into the form; sending it immediately is refused, programmed it is saved under its id', async () => {
    const { actor, of } = start({ id: 41, language: 'fr' });
    await waitFor(actor, editing);
    expect(of('loadDraft')).toEqual([{ id: 41 }]);
    expect(actor.getSnapshot().context.values).toMatchObject({ title: 'Notification 41', idSite: 5, phonePrefix: '+33', buildVersion: '816', filter: [{ field: 'trainedStatus', operator: 'eq', value: 'trained' }] });
    actor.send({ type: 'form.change', values: { distribution: 'immediate' } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ distribution: 'error.notification.draft-immediate' });
    actor.send({ type: 'form.change', values: { distribution: 'programmed' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => phaseOf(snapshot) === 'saved');
    expect(of('save')).toEqual([expect.objectContaining({ id: 41, draft: false, distribution: 'programmed', programmedDate: '2030-12-01T08:00:00.000Z', filter: [{ field: 'trainedStatus', operator: 'eq', value: 'trained' }] })]);
  });

  it('a draft that cannot be loaded says so and offers a new notification', async () => {
    const { actor } = start({ id: 41, language: 'de' }, { draft: failure('error.notification.draft-load', 409) });
    await waitFor(actor, (snapshot) => phaseOf(snapshot) === 'draftFailed');
    expect(actor.getSnapshot().context.errorKey).toBe('error.notification.draft-load');
    actor.send({ type: 'form.reset' });
    expect(phaseOf(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ id: null, status: 'new', values: { title: '', language: 'de' } });
  });

  it('a refused save keeps every entered value and shows the reasons on their fields', async () => {
    const notices = collectNotices();
    const { actor } = start(undefined, {
      save: () => failure('error.notification.filter-invalid', 400, [{ index: 1, problem: 'value' }]),
    });
    actor.send({ type: 'form.change', values: { ...complete, phonePrefix: '+352', url: 'https://vigil.test/x' } });
    actor.send({ type: 'filter.add' });
    actor.send({ type: 'filter.update', index: 0, row: { value: 'trained' } });
    actor.send({ type: 'filter.add' });
    actor.send({ type: 'filter.update', index: 1, row: { field: 'age' } });
    actor.send({ type: 'filter.update', index: 1, row: { operator: 'gte', value: 18 } });
    const before = actor.getSnapshot().context.values;
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: { form: 'idle' } }) && snapshot.context.errorKey !== null);
    const after = actor.getSnapshot().context;
    expect(after.values).toEqual(before);
    expect(after.errors).toEqual({ 'filter.1': 'error.notification.filter-invalid' });
    expect(notices.map((notice) => notice.key)).toEqual(['error.notification.filter-invalid']);
  });

  it('maps a validation refusal field by field, and a refused phone to the phone field', async () => {
    let answer: unknown = failure('error.validation', 400, [{ field: 'url', message: 'Invalid URL' }, { field: 'phonePrefix', message: 'error.notification.phone-prefix' }]);
    const { actor } = start(undefined, { save: () => answer });
    actor.send({ type: 'form.change', values: complete });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.errorKey !== null);
    expect(actor.getSnapshot().context.errors).toEqual({ url: 'error.validation', phonePrefix: 'error.notification.phone-prefix' });
    answer = failure('error.notification.udid-unknown', 422);
    actor.send({ type: 'form.change', values: { sendingType: 'single' } });
    actor.send({ type: 'udid.choose', device });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.errorKey === 'error.notification.udid-unknown');
    expect(actor.getSnapshot().context.errors).toEqual({ udid: 'error.notification.udid-unknown' });
    expect(actor.getSnapshot().context.values.udid).toBe(device.udid);
  });

  it('counts the potential recipients once the targeting stops changing; a single send is not counted', async () => {
    const { actor, of } = start();
    actor.send({ type: 'form.change', values: { idSite: 5 } });
    actor.send({ type: 'form.change', values: { phonePrefix: '+33' } });
    expect(potentialOf(actor.getSnapshot()).state).toBe('counting');
    await waitFor(actor, (snapshot) => potentialOf(snapshot).state === 'counted');
    expect(of('count')).toEqual([
      { idSite: 5, osDevice: 'all', sendingType: 'multiple', udid: null, engagementLevel: 'all', accountStatus: 'activated', phonePrefix: '+33', filter: [], language: 'fr', buildVersion: null },
    ]);
    expect(actor.getSnapshot().context.potential).toEqual({ citizens: 12, devices: 14 });
    // A text change does not count again; an incomplete filter row stops counting.
    actor.send({ type: 'form.change', values: { title: 'x' } });
    expect(potentialOf(actor.getSnapshot()).state).toBe('counted');
    actor.send({ type: 'filter.add' });
    expect(potentialOf(actor.getSnapshot()).state).toBe('off');
    actor.send({ type: 'filter.remove', index: 0 });
    actor.send({ type: 'form.change', values: { sendingType: 'single' } });
    expect(potentialOf(actor.getSnapshot()).state).toBe('off');
  });

  it('a multiple send that reaches no phone is not sent', async () => {
    const { actor, of } = start(undefined, { count: () => ({ ok: true, data: { citizens: 0, devices: 0 } }) });
    actor.send({ type: 'form.change', values: complete });
    await waitFor(actor, (snapshot) => potentialOf(snapshot).state === 'counted');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ recipients: 'error.notification.no-recipients' });
    // A draft may still be kept.
    actor.send({ type: 'form.saveDraft' });
    await waitFor(actor, (snapshot) => phaseOf(snapshot) === 'saved');
    expect(of('save')).toEqual([expect.objectContaining({ draft: true })]);
  });

  it('searches phones for a single send from 2 characters and on the chosen application only', async () => {
    const { actor, of } = start();
    actor.send({ type: 'udid.search', text: 'Morel' });
    expect(of('searchDevices')).toEqual([]);
    actor.send({ type: 'form.change', values: { idSite: 5, sendingType: 'single', osDevice: 'android' } });
    actor.send({ type: 'udid.search', text: 'M' });
    actor.send({ type: 'udid.search', text: 'Mo' });
    await waitFor(actor, (snapshot) => snapshot.context.hits.length === 1);
    expect(of('searchDevices')).toEqual([{ filter: 'Mo', idSite: 5, osDevice: 'android' }]);
    actor.send({ type: 'udid.choose', device });
    expect(actor.getSnapshot().context.values.udid).toBe('demo-5f2c');
  });

  it('a test send needs message, application, OS, language, build version and tester, then sends the form message', async () => {
    const notices = collectNotices();
    const { actor, of } = start({ language: undefined });
    actor.send({ type: 'test.send' });
    expect(actor.getSnapshot().context.testErrors).toEqual({ message: 'error.required', idSite: 'error.required', language: 'error.required', buildVersion: 'error.required', idTester: 'error.required' });
    actor.send({ type: 'form.change', values: { message: 'Bonjour', idSite: 5, language: 'fr', buildVersion: '816', idTester: 3, title: 'Test' } });
    actor.send({ type: 'test.send' });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: { test: 'idle' } }) && notices.length > 0);
    expect(of('sendTest')).toEqual([{ idTester: 3, idSite: 5, osDevice: 'all', language: 'fr', buildVersion: '816', message: 'Bonjour', title: 'Test', messageType: 'information', url: null }]);
    expect(notices.map((notice) => notice.key)).toEqual(['notification.test.done']);
  });

  it('a refused test send says why the phone was not reached', async () => {
    const notices = collectNotices();
    const { actor } = start(undefined, { test: () => failure('error.notification.test-send', 422, { reason: 'os', os: 'ios' }) });
    actor.send({ type: 'form.change', values: { message: 'Bonjour', idSite: 5, buildVersion: '816', idTester: 4, osDevice: 'android' } });
    actor.send({ type: 'test.send' });
    await waitFor(actor, () => notices.length > 0);
    expect(notices[0]).toMatchObject({ type: 'error', key: 'notification.test.reason.os', values: { os: 'ios' } });
  });
});

describe('targeting filter editor rules', () => {
  it('another field resets operator and value; a set operator turns the value into a list and back', () => {
    const row = updateFilterRow(newFilterRow(), { value: 'trained' });
    expect(row).toEqual({ field: 'trainedStatus', operator: 'eq', value: 'trained' });
    expect(updateFilterRow(row, { operator: 'in' })).toEqual({ field: 'trainedStatus', operator: 'in', value: ['trained'] });
    expect(updateFilterRow(updateFilterRow(row, { operator: 'in' }), { operator: 'neq' })).toEqual({ field: 'trainedStatus', operator: 'neq', value: 'trained' });
    expect(updateFilterRow(row, { field: 'carriesAed' })).toEqual({ field: 'carriesAed', operator: 'eq', value: true });
    expect(updateFilterRow(row, { field: 'registeredAt' })).toEqual({ field: 'registeredAt', operator: 'lt', value: null });
    // An operator the field does not take is ignored.
    expect(updateFilterRow(row, { operator: 'contains' })).toEqual(row);
  });
});
