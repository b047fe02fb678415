import type { SnapshotFrom } from 'xstate';
import type { historyMachine } from './history.machine';

export type HistorySnapshot = SnapshotFrom<typeof historyMachine>;

export const historyListOf = (snapshot: HistorySnapshot) => snapshot.context.list;
export const historyCountOf = (snapshot: HistorySnapshot) => snapshot.context.count;
export const historyFilterOf = (snapshot: HistorySnapshot) => snapshot.context.filter;
export const historyPageOf = (snapshot: HistorySnapshot) => snapshot.context.page;
export const historyLimitOf = (snapshot: HistorySnapshot) => snapshot.context.limit;

/** First entry shown, one-based (0 when the list is empty): spec §3 entriesStart. */
export const entriesStartOf = (snapshot: HistorySnapshot) => (snapshot.context.count === 0 ? 0 : snapshot.context.page * snapshot.context.limit + 1);
/** Last entry shown: spec §3 entriesEnd. */
export const entriesEndOf = (snapshot: HistorySnapshot) => Math.min(snapshot.context.count, (snapshot.context.page + 1) * snapshot.context.limit);

export const isLoadingHistory = (snapshot: HistorySnapshot) => snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'typing' }) || snapshot.matches({ list: 'checking' });
export const historyLoadErrorOf = (snapshot: HistorySnapshot) => (snapshot.matches({ list: 'failed' }) ? snapshot.context.loadError : null);
/** The calendar range breaks a rule of spec §5 (key), or null. */
export const rangeErrorOf = (snapshot: HistorySnapshot) => (snapshot.matches({ list: 'invalid' }) ? snapshot.context.rangeError : null);

export const isChronologyOpen = (snapshot: HistorySnapshot) => !snapshot.matches({ chronology: 'closed' });
export const isChronologyLoading = (snapshot: HistorySnapshot) => snapshot.matches({ chronology: 'loading' });
export const chronologyOf = (snapshot: HistorySnapshot) => snapshot.context.chronology;
export const chronologyErrorOf = (snapshot: HistorySnapshot) => (snapshot.matches({ chronology: 'failed' }) ? snapshot.context.chronologyError : null);

export const isExporting = (snapshot: HistorySnapshot) => snapshot.matches({ export: 'exporting' });
export const historySitesOf = (snapshot: HistorySnapshot) => snapshot.context.sites;
