import type { SnapshotFrom } from 'xstate';
import type { citizenFormMachine } from './citizen-form.machine';

export type CitizenFormSnapshot = SnapshotFrom<typeof citizenFormMachine>;

export type CitizenFormPhase = 'loading' | 'loadFailed' | 'editing' | 'sending' | 'sendFailed' | 'sent';

/** The one phase the page shows. */
export function formPhaseOf(snapshot: CitizenFormSnapshot): CitizenFormPhase {
  for (const phase of ['loading', 'loadFailed', 'sending', 'sendFailed', 'sent'] as const) if (snapshot.matches(phase)) return phase;
  return 'editing';
}

export const formOf = (snapshot: CitizenFormSnapshot) => snapshot.context.form;
export const answersOf = (snapshot: CitizenFormSnapshot) => snapshot.context.answers;
export const technicalIssuesOf = (snapshot: CitizenFormSnapshot) => snapshot.context.technicalIssues;
export const problemsOf = (snapshot: CitizenFormSnapshot) => snapshot.context.problems;
export const isIssuesModalOpen = (snapshot: CitizenFormSnapshot) => snapshot.matches({ editing: 'issues' });
/** The draft on screen came from this browser (a send had not reached the server, or the page was left). */
export const isRestoredDraft = (snapshot: CitizenFormSnapshot) => snapshot.context.restored;
/** Outcomes the call-back chart allows, as the server said at load. */
export const allowedOutcomesOf = (snapshot: CitizenFormSnapshot) => snapshot.context.form?.allowedOutcomes ?? [];
/** A recall date is asked for the two recall outcomes. */
export const needsRecallDate = (snapshot: CitizenFormSnapshot) => snapshot.context.outcome === 'recall' || snapshot.context.outcome === 'recallFragile';
