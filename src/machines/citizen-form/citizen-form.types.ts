import type { CallOutcome } from '../../../contract/charts/callback.chart';
import type { InterviewField } from '../../../contract/interview.rules';
import type { InterviewAnswers, InterviewForm, InterviewSubmitBody, InterviewSubmitResult, TechnicalIssues } from '../../../contract/interview.schemas';
import type { Result } from '../../services/http';
import type { StoredDraft } from '../../services/interview.api';

export interface CitizenFormInput {
  /** The responder's request on the alert: the page's {id}. */
  id: number;
}

export interface CitizenFormContext {
  id: number;
  form: InterviewForm | null;
  answers: InterviewAnswers;
  technicalIssues: TechnicalIssues;
  outcome: CallOutcome | null;
  /** ISO date-time of the next call (recall outcomes). */
  recallAt: string | null;
  note: string;
  /** The id of the draft being written: sent with it, so a re-send is recorded once; a new one after each success. */
  draftId: string;
  /** The rules of spec §5 the draft breaks, shown once a send was tried. */
  problems: Partial<Record<InterviewField, string>>;
  /** Why the last send failed (its key). */
  sendError: string | null;
  /** Failed sends in a row: the wait before the next automatic try grows with it. */
  attempts: number;
  /** The answers come from a draft kept in this browser, not from the server. */
  restored: boolean;
  loadError: string | null;
  result: InterviewSubmitResult | null;
}

/** A field of the answers: its section and name. */
export type AnswerPath = { section: 'identity'; field: keyof InterviewAnswers['identity'] } | { section: 'intervention'; field: keyof InterviewAnswers['intervention'] };

export type CitizenFormEvent =
  | ({ type: 'field.change'; value: unknown } & AnswerPath)
  | { type: 'outcome.choose'; outcome: CallOutcome }
  | { type: 'recall.choose'; recallAt: string | null }
  | { type: 'note.change'; note: string }
  | { type: 'issues.open' }
  | { type: 'issues.save'; technicalIssues: TechnicalIssues }
  | { type: 'issues.close' }
  | { type: 'form.submit' }
  /** Send again now (after a failed send), or load again (after a failed load). */
  | { type: 'form.retry' }
  /** Open the form again after a send, to read or amend it. */
  | { type: 'form.reload' };

/** The form and any draft this browser kept of it. */
export interface LoadedForm {
  form: InterviewForm;
  draft: StoredDraft | null;
}

export type LoadOutcome = Result<LoadedForm>;
export type SubmitOutcome = Result<InterviewSubmitResult>;
export interface SubmitInput {
  id: number;
  body: InterviewSubmitBody;
}
