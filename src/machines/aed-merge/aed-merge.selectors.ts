import type { SnapshotFrom } from 'xstate';
import type { aedMergeMachine } from './aed-merge.machine';
import { isEmptyValue } from './aed-merge.rules';

export type AedMergeSnapshot = SnapshotFrom<typeof aedMergeMachine>;

export type AedMergePhase = 'tooFew' | 'loading' | 'loadFailed' | 'choosing' | 'confirmingEmpty' | 'merging' | 'merged';

export function phaseOf(snapshot: AedMergeSnapshot): AedMergePhase {
  if (snapshot.matches('tooFew')) return 'tooFew';
  if (snapshot.matches('loading') || snapshot.matches('checking')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('confirmingEmpty')) return 'confirmingEmpty';
  if (snapshot.matches('merging') || snapshot.matches('mergingConfirmed')) return 'merging';
  if (snapshot.matches('merged')) return 'merged';
  return 'choosing';
}

export const infoOf = (snapshot: AedMergeSnapshot) => snapshot.context.info;
export const choicesOf = (snapshot: AedMergeSnapshot) => snapshot.context.choices;
export const preferredOf = (snapshot: AedMergeSnapshot) => snapshot.context.preferredUdid;
export const warningsOf = (snapshot: AedMergeSnapshot) => snapshot.context.warnings;
export const errorKeyOf = (snapshot: AedMergeSnapshot) => snapshot.context.errorKey;
export const mergedUdidOf = (snapshot: AedMergeSnapshot) => snapshot.context.mergedUdid;
export const canSubmit = (snapshot: AedMergeSnapshot) => snapshot.can({ type: 'merge.submit' });
export { isEmptyValue };
