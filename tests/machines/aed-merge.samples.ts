import type { AnyMachineSnapshot } from 'xstate';
import { aedMergeMachine } from '../../src/machines/aed-merge/aed-merge.machine';
import { emptyChoices } from '../../src/machines/aed-merge/aed-merge.rules';
import type { AedMergeContext } from '../../src/machines/aed-merge/aed-merge.types';
import { failure, first, mergeInfo, second } from './aed-merge.fixtures';
import { definePathModel, type EventSamples } from './kit';

/** Model of the merge machine for `npm run test:paths` and tests/machines/aed-merge.model.test.ts. */

export const aedMergeEvents = {
  'merge.open': [
    { type: 'merge.open', udids: [second, first] },
    // The same AED twice is one AED: too few to merge.
    { type: 'merge.open', udids: [first, first.toUpperCase()] },
  ],
  'merge.prefer': [{ type: 'merge.prefer', udid: second }],
  'merge.choose': [
    // The empty serial number of the second AED: the merge then asks to confirm.
    { type: 'merge.choose', field: 'serialNumber', udid: second },
    { type: 'merge.choose', field: 'serialNumber', udid: first },
    { type: 'merge.choose', field: 'name', udid: 'not-in-the-merge' },
  ],
  'merge.submit': [{ type: 'merge.submit' }],
  'merge.confirm': [{ type: 'merge.confirm' }],
  'merge.cancel': [{ type: 'merge.cancel' }],
  'merge.retry': [{ type: 'merge.retry' }],
} satisfies EventSamples<typeof aedMergeMachine>;

/** Only what guards read: the state, how many AEDs, and whether a chosen value is empty. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as AedMergeContext;
  return JSON.stringify({ value: snapshot.value, enough: context.udids.length >= 2, empty: context.info ? emptyChoices(context.info, context.choices).length > 0 : null });
}

const merged = { ok: true as const, data: { merged: true, udid: first, warnings: [], mergedUdids: [second] } };
const warned = { ok: true as const, data: { merged: false, udid: first, warnings: [{ field: 'model', key: 'warning.aed.merge-empty-value' }], mergedUdids: [second] } };

export const pathModel = definePathModel({
  machine: aedMergeMachine,
  input: { udids: [first, second], lang: 'en' },
  events: aedMergeEvents,
  actors: {
    loadInfo: { done: [{ ok: true, data: mergeInfo() }, failure('error.aed.not-found', 404)], error: [new Error('boom')] },
    merge: { done: [merged, warned, failure('error.aed.merge-receiver-removed', 409)], error: [new Error('boom')] },
  },
  serializeState,
});

