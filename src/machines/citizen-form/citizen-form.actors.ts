import { fromPromise } from 'xstate';
import { clearDraft, loadInterviewForm, readDraft, submitInterview, writeDraft, type StoredDraft } from '../../services/interview.api';
import type { LoadOutcome, SubmitInput, SubmitOutcome } from './citizen-form.types';

/** The form's I/O; tests replace them with `.provide({ actors })`. */
export const citizenFormActors = {
  /** The form from the server, and the draft this browser kept of it, if any. */
  loadForm: fromPromise<LoadOutcome, { id: number }>(async ({ input, signal }) => {
    const result = await loadInterviewForm(input.id, signal);
    if (!result.ok) return result;
    return { ok: true, data: { form: result.data, draft: readDraft(input.id) } };
  }),
  submit: fromPromise<SubmitOutcome, SubmitInput>(({ input, signal }) => submitInterview(input.id, input.body, signal)),
};

/** The draft store: kept on every change and on a failed send, cleared once the server has it. */
export const draftStore = {
  save: (id: number, draft: StoredDraft) => writeDraft(id, draft),
  clear: (id: number) => clearDraft(id),
};
