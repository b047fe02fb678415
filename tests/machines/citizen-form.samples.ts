import type { AnyMachineSnapshot } from 'xstate';
import { interviewProblems } from '../../contract/interview.rules';
import { citizenFormMachine } from '../../src/machines/citizen-form/citizen-form.machine';
import type { CitizenFormContext } from '../../src/machines/citizen-form/citizen-form.types';
import type { StoredDraft } from '../../src/services/interview.api';
import { definePathModel, type EventSamples } from './kit';
import { emptyIssues, failure, interviewFormSample, ok } from './history.fixtures';

/**
 * Model of the post-intervention form machine for `npm run test:paths` and
 * tests/machines/citizen-form.model.test.ts: valid and invalid values for the rules of spec §5,
 * a kept draft waiting to be sent again, and every answer of the load and send calls.
 */
export const citizenFormEvents = {
  'field.change': [
    { type: 'field.change', section: 'intervention', field: 'massageDuration', value: 'other' },
    { type: 'field.change', section: 'intervention', field: 'massageDurationOther', value: 12 },
    { type: 'field.change', section: 'identity', field: 'age', value: 41 },
  ],
  'outcome.choose': [
    { type: 'outcome.choose', outcome: 'done' },
    { type: 'outcome.choose', outcome: 'recall' },
  ],
  'recall.choose': [
    { type: 'recall.choose', recallAt: '2099-01-01T10:00:00.000Z' },
    { type: 'recall.choose', recallAt: null },
  ],
  'note.change': [{ type: 'note.change', note: 'Rappeler après 18 h' }],
  'issues.open': [{ type: 'issues.open' }],
  'issues.save': [{ type: 'issues.save', technicalIssues: { ...emptyIssues(), kinds: ['lateNotification'], phoneOs: 'android' } }],
  'issues.close': [{ type: 'issues.close' }],
  'form.submit': [{ type: 'form.submit' }],
  'form.retry': [{ type: 'form.retry' }],
  'form.reload': [{ type: 'form.reload' }],
} satisfies EventSamples<typeof citizenFormMachine>;

/** A draft whose send had failed, as the browser keeps it. */
export const pendingDraft: StoredDraft = {
  draftId: '0b6c7a6e-8f0e-4f55-9d7e-2d7a3c1b9e01',
  body: { outcome: 'noAnswer', recallAt: null, answers: null, technicalIssues: null, note: '' },
  answers: interviewFormSample().prefill,
  technicalIssues: emptyIssues(),
  outcome: 'noAnswer',
  recallAt: null,
  note: '',
  pending: true,
  savedAt: 0,
};

/** Only what guards and delays read: the states, whether the draft may be sent, and the failed sends in a row. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as CitizenFormContext;
  return JSON.stringify({ value: snapshot.value, valid: Object.keys(interviewProblems(context, Date.now())).length === 0, attempts: Math.min(context.attempts, 3) });
}

export const pathModel = definePathModel({
  machine: citizenFormMachine,
  input: { id: 70 },
  events: citizenFormEvents,
  actors: {
    loadForm: { done: [ok({ form: interviewFormSample(), draft: null }), ok({ form: interviewFormSample(), draft: pendingDraft }), failure('error.network')], error: [new Error('boom')] },
    submit: { done: [ok({ contactStatus: 'done' as const, recallAt: null, recorded: true }), failure('error.callback.recall-in-past', 400), failure('error.network')], error: [new Error('boom')] },
  },
  provide: { actions: { saveDraft: () => undefined, savePendingDraft: () => undefined, clearDraft: () => undefined, announce: () => undefined } },
  serializeState,
});
