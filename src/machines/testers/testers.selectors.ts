import type { SnapshotFrom } from 'xstate';
import type { testersMachine } from './testers.machine';

export type TestersSnapshot = SnapshotFrom<typeof testersMachine>;

export type TestersPhase = 'loading' | 'failed' | 'ready';

export function phaseOf(snapshot: TestersSnapshot): TestersPhase {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.matches({ list: 'failed' })) return 'failed';
  return 'ready';
}

export const testersOf = (snapshot: TestersSnapshot) => snapshot.context.testers;
export const hitsOf = (snapshot: TestersSnapshot) => snapshot.context.hits;
export const searchOf = (snapshot: TestersSnapshot) => snapshot.context.search;
export const errorKeyOf = (snapshot: TestersSnapshot) => snapshot.context.errorKey;
export const pendingOf = (snapshot: TestersSnapshot) => snapshot.context.pending;
export const isSearching = (snapshot: TestersSnapshot) => snapshot.hasTag('searching') || snapshot.matches({ search: 'waiting' });
/** The search text is too short to be asked (spec §5: from 2 characters). */
export const isSearchTooShort = (snapshot: TestersSnapshot) => snapshot.matches({ search: 'tooShort' });
export const canToggle = (snapshot: TestersSnapshot, udid: string) => snapshot.can({ type: 'tester.toggle', udid });
export const canNotify = (snapshot: TestersSnapshot, udid: string) => snapshot.can({ type: 'tester.notify', udid });
