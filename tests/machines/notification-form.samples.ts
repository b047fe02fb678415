import type { AnyMachineSnapshot } from 'xstate';
import { notificationFormMachine } from '../../src/machines/notification-form/notification-form.machine';
import { countable, validateSave, validateTest } from '../../src/machines/notification-form/notification-form.rules';
import type { NotificationFormContext } from '../../src/machines/notification-form/notification-form.types';
import { definePathModel, type EventSamples } from './kit';
import { device, failure, notificationItem, sites, testers } from './notification.fixtures';

/** Model of the notification form machine for `npm run test:paths` and notification-form.model.test.ts. */

export const notificationFormEvents = {
  'form.change': [
    { type: 'form.change', values: { title: 'Formation', message: 'Une session a lieu samedi.', programmedDate: '2030-06-01T08:00:00.000Z' } },
    { type: 'form.change', values: { distribution: 'immediate' } },
    { type: 'form.change', values: { sendingType: 'single' } },
    { type: 'form.change', values: { buildVersion: '816', idTester: 3 } },
  ],
  'filter.add': [{ type: 'filter.add' }],
  'filter.update': [{ type: 'filter.update', index: 0, row: { value: 'trained' } }],
  'filter.remove': [{ type: 'filter.remove', index: 0 }],
  'udid.search': [
    { type: 'udid.search', text: 'Morel' },
    { type: 'udid.search', text: 'M' },
  ],
  'udid.choose': [{ type: 'udid.choose', device }],
  'potential.refresh': [{ type: 'potential.refresh' }],
  'form.saveDraft': [{ type: 'form.saveDraft' }],
  'form.submit': [{ type: 'form.submit' }],
  'test.send': [{ type: 'test.send' }],
  'form.reset': [{ type: 'form.reset' }],
} satisfies EventSamples<typeof notificationFormMachine>;

/** What guards read: the state, the checks' outcome for each action, and whether there is something to count or search. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as NotificationFormContext;
  const valid = (intent: 'draft' | 'submit') => Object.keys(validateSave(context.values, intent, context.status, context.potential, Date.parse('2026-11-22T00:00:00Z'))).length === 0;
  return JSON.stringify({
    value: snapshot.value,
    draft: valid('draft'),
    submit: valid('submit'),
    test: Object.keys(validateTest(context.values)).length === 0,
    countable: countable(context.values),
    site: context.values.idSite !== null,
  });
}

export const pathModel = definePathModel({
  machine: notificationFormMachine,
  // Editing draft 41; draftFailed then form.reset reaches a new notification.
  input: { id: 41, language: 'fr' },
  events: notificationFormEvents,
  actors: {
    loadSites: { done: [{ ok: true, data: sites }] },
    loadTesters: { done: [{ ok: true, data: testers }] },
    loadDraft: { done: [{ ok: true, data: notificationItem(41, 'draft') }, failure('error.notification.draft-load', 409)], error: [new Error('boom')] },
    count: { done: [{ ok: true, data: { citizens: 12, devices: 14 } }, failure('error.notification.filter-invalid', 400, [{ index: 0, problem: 'value' }])], error: [new Error('boom')] },
    searchDevices: { done: [{ ok: true, data: [device] }, failure('error.network', 0)], error: [new Error('boom')] },
    save: {
      done: [{ ok: true, data: notificationItem(41, 'planned') }, failure('error.notification.udid-unknown', 422)],
      error: [new Error('boom')],
    },
    sendTest: { done: [{ ok: true, data: { queued: 1, udid: 'demo-tester-1', status: 'sent' } }, failure('error.notification.test-send', 422, { reason: 'os', os: 'ios' })], error: [new Error('boom')] },
  },
  serializeState,
});
