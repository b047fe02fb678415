import { callbackErrorKeys } from './callback.errors';
import { massageDurationOtherMin, type InterviewAnswers } from './interview.schemas';
import type { CallOutcome } from './charts/callback.chart';

/** What a call's submission must satisfy beyond its shape (spec §5), field by field. */
export interface InterviewDraftFields {
  outcome: CallOutcome | null;
  recallAt: string | null;
  answers: InterviewAnswers | null;
}

/** The field paths the rules speak about, as the form names its inputs. */
export type InterviewField = 'outcome' | 'recallAt' | 'answers' | 'intervention.massageDurationOther';

/**
 * The problems of a draft, as message keys by field; empty when it may be sent. The server and the
 * form apply the same rules: a recall needs a date in the future, "done" needs the interview, and
 * a massage duration given as "other" is a number of minutes above 10.
 */
export function interviewProblems(draft: InterviewDraftFields, now: number): Partial<Record<InterviewField, string>> {
  const problems: Partial<Record<InterviewField, string>> = {};
  if (!draft.outcome) problems.outcome = 'error.required';
  if (draft.outcome === 'recall' || draft.outcome === 'recallFragile') {
    const at = draft.recallAt ? Date.parse(draft.recallAt) : Number.NaN;
    if (!draft.recallAt || Number.isNaN(at)) problems.recallAt = callbackErrorKeys.recallDateRequired;
    else if (at <= now) problems.recallAt = callbackErrorKeys.recallInPast;
  }
  if (draft.outcome === 'done' && !draft.answers) problems.answers = callbackErrorKeys.interviewRequired;
  const intervention = draft.answers?.intervention;
  if (intervention?.massageDuration === 'other') {
    const minutes = intervention.massageDurationOther;
    if (minutes === null || !Number.isFinite(minutes) || minutes <= massageDurationOtherMin) problems['intervention.massageDurationOther'] = callbackErrorKeys.massageDurationOther;
  }
  return problems;
}
