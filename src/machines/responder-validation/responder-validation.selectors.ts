import type { SnapshotFrom } from 'xstate';
import type { responderValidationMachine } from './responder-validation.machine';

export type ResponderValidationSnapshot = SnapshotFrom<typeof responderValidationMachine>;

export type ValidationPhase = 'loading' | 'failed' | 'ready' | 'confirming' | 'patching';

export function phaseOf(snapshot: ResponderValidationSnapshot): ValidationPhase {
  if (snapshot.matches({ list: 'loading' })) return 'loading';
  if (snapshot.matches({ list: 'failed' })) return 'failed';
  if (snapshot.matches({ list: 'confirming' })) return 'confirming';
  if (snapshot.matches({ list: 'patching' })) return 'patching';
  return 'ready';
}

export const respondersOf = (snapshot: ResponderValidationSnapshot) => snapshot.context.list;
export const countOf = (snapshot: ResponderValidationSnapshot) => snapshot.context.count;
export const pageOf = (snapshot: ResponderValidationSnapshot) => snapshot.context.pages;
export const limitOf = (snapshot: ResponderValidationSnapshot) => snapshot.context.limit;
export const selectionOf = (snapshot: ResponderValidationSnapshot) => snapshot.context.selection;
export const errorKeyOf = (snapshot: ResponderValidationSnapshot) => snapshot.context.errorKey;
export const requestOf = (snapshot: ResponderValidationSnapshot) => snapshot.context.request;
/** Validate and refuse are offered now (the list is loaded and no action is waiting or running). */
export const canAsk = (snapshot: ResponderValidationSnapshot) => snapshot.matches({ list: 'ready' });

/** The diploma viewer: closed, loading, showing (with the file) or failed, for which responder. */
export function diplomaOf(snapshot: ResponderValidationSnapshot) {
  const state = snapshot.matches({ diploma: 'loading' }) ? 'loading' : snapshot.matches({ diploma: 'showing' }) ? 'showing' : snapshot.matches({ diploma: 'failed' }) ? 'failed' : 'closed';
  const responder = snapshot.context.list.find((item) => item.id === snapshot.context.diplomaId) ?? null;
  return { state, id: snapshot.context.diplomaId, file: snapshot.context.diploma, responder } as const;
}
