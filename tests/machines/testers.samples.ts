import type { AnyMachineSnapshot } from 'xstate';
import { testersMachine } from '../../src/machines/testers/testers.machine';
import type { TestersContext } from '../../src/machines/testers/testers.types';
import { definePathModel, type EventSamples } from './kit';
import { failure, lea, leaHit, tania } from './tester.fixtures';

/** Model of the tester management machine for `npm run test:paths` and testers.model.test.ts. */

export const testersEvents = {
  'search.change': [
    { type: 'search.change', text: 'Mo' },
    { type: 'search.change', text: 'M' },
    { type: 'search.change', text: '' },
  ],
  'testers.reload': [{ type: 'testers.reload' }],
  // Tania is a tester (the toggle removes her), Léa is not (the toggle adds her).
  'tester.toggle': [
    { type: 'tester.toggle', udid: tania.udid },
    { type: 'tester.toggle', udid: lea.udid },
  ],
  'tester.notify': [
    { type: 'tester.notify', udid: tania.udid },
    { type: 'tester.notify', udid: 'not-a-tester' },
  ],
} satisfies EventSamples<typeof testersMachine>;

/** What guards read: the state, who is a tester, and the phone being toggled. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as TestersContext;
  return JSON.stringify({ value: snapshot.value, testers: context.testers.map((tester) => tester.udid), pending: context.pending?.udid ?? null });
}

export const pathModel = definePathModel({
  machine: testersMachine,
  events: testersEvents,
  actors: {
    loadTesters: { done: [{ ok: true, data: [tania] }, failure('error.tester.list', 500)], error: [new Error('boom')] },
    search: { done: [{ ok: true, data: [leaHit] }, failure('error.tester.search-too-short', 400)], error: [new Error('boom')] },
    toggle: {
      done: [{ ok: true, data: { udid: lea.udid, result: 'added', tester: lea } }, failure('error.tester.add', 404)],
      error: [new Error('boom')],
    },
    notifyTester: { done: [{ ok: true, data: { udid: tania.udid, queued: 1, status: 'sent' } }, failure('error.tester.notify', 422, { reason: 'no-push-token' })], error: [new Error('boom')] },
  },
  serializeState,
});
