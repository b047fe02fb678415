import type { AnyMachineSnapshot } from 'xstate';
import { responderValidationMachine } from '../../src/machines/responder-validation/responder-validation.machine';
import type { ResponderValidationContext } from '../../src/machines/responder-validation/responder-validation.types';
import { definePathModel, type EventSamples } from './kit';
import { diplomaFile, failure, patched, validationPage } from './validation.fixtures';

/** Model of the responder validation machine for `npm run test:paths` and validation.model.test.ts. */

export const validationEvents = {
  'page.change': [{ type: 'page.change', page: 1 }],
  'list.reload': [{ type: 'list.reload' }],
  'selection.change': [{ type: 'selection.change', ids: [812] }],
  'validation.ask': [
    { type: 'validation.ask', request: { status: 'activated', ids: [812] } },
    { type: 'validation.ask', request: { status: 'refused', all: true } },
    // Names nobody: the empty payload of §8, not asked.
    { type: 'validation.ask', request: { status: 'activated', ids: [] } },
  ],
  'validation.confirm': [
    { type: 'validation.confirm' },
    { type: 'validation.confirm', refusal: { reason: 'diplomaUnreadable' } },
    // "Other" without a note: not confirmed.
    { type: 'validation.confirm', refusal: { reason: 'other', note: ' ' } },
  ],
  'validation.cancel': [{ type: 'validation.cancel' }],
  'diploma.open': [{ type: 'diploma.open', id: 812 }],
  'diploma.close': [{ type: 'diploma.close' }],
} satisfies EventSamples<typeof responderValidationMachine>;

/** What guards read: the state, the page number, the page's ids, the request and the open diploma. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as ResponderValidationContext;
  return JSON.stringify({ value: snapshot.value, firstPage: context.pages === 0, ids: context.list.map((item) => item.id), request: context.request, diploma: context.diplomaId });
}

export const pathModel = definePathModel({
  machine: responderValidationMachine,
  input: { lang: 'en' },
  events: validationEvents,
  actors: {
    loadPage: { done: [validationPage([812], 21), validationPage([812, 815], 22), failure('error.responder-validation.list', 500)], error: [new Error('boom')] },
    patch: { done: [patched('activated', [812]), failure('error.responder-validation.validate', 404, { missing: [812] })], error: [new Error('boom')] },
    loadDiploma: { done: [{ ok: true, data: diplomaFile }, failure('error.responder-validation.image', 404)], error: [new Error('boom')] },
  },
  // The blob URL of the samples is not a real one.
  provide: { actions: { releaseDiploma: () => undefined } },
  serializeState,
});
