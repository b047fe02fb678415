import type { SnapshotFrom } from 'xstate';
import type { aedImportMachine } from './aed-import.machine';
import { lacksHours } from './aed-import.rules';

type Snapshot = SnapshotFrom<typeof aedImportMachine>;

/** The step shown: 0 import, 1 mapping, 2 processing. */
export const stepOf = (snapshot: Snapshot) => snapshot.context.tabValue;
export const uploadOf = (snapshot: Snapshot) => snapshot.context.upload;
export const nameOf = (snapshot: Snapshot) => snapshot.context.name;
export const runOf = (snapshot: Snapshot) => snapshot.context.run;
export const rowStatesOf = (snapshot: Snapshot) => snapshot.context.rowStates;
export const errorKeyOf = (snapshot: Snapshot) => snapshot.context.errorKey;
export const rowsOf = (snapshot: Snapshot) => snapshot.context.rows;
export const busyRowOf = (snapshot: Snapshot) => snapshot.context.busyRow;
export const isUploading = (snapshot: Snapshot) => snapshot.matches({ importing: 'uploading' });
export const isOpening = (snapshot: Snapshot) => snapshot.matches('resuming');
export const isRunning = (snapshot: Snapshot) => snapshot.matches({ processing: 'running' }) || snapshot.matches({ processing: 'pausing' });
export const isDownloading = (snapshot: Snapshot) => snapshot.matches({ processing: 'downloading' });
/** Any call under way on the screen (buttons show a spinner). */
export const isBusy = (snapshot: Snapshot) =>
  ['creating', 'saving', 'starting', 'loadingRows', 'processingRow', 'forcingRow', 'refreshing', 'resuming', 'restarting'].some((name) =>
    snapshot.matches({ importing: name } as never) || snapshot.matches({ mapping: name } as never) || snapshot.matches({ processing: name } as never),
  );
/** Share of the file processed, 0..100. */
export function progressOf(snapshot: Snapshot): number {
  const run = snapshot.context.run;
  if (!run || run.total === 0) return run?.state === 'done' ? 100 : 0;
  return Math.min(100, Math.round((run.processed / run.total) * 100));
}
/** Paging of the results table. */
export const pagingOf = (snapshot: Snapshot) => ({ page: snapshot.context.page, count: snapshot.context.rowCount });

/** Fields proposed from the values, for the reasons shown beside them. */
export const proposalsOf = (snapshot: Snapshot) => snapshot.context.run?.proposals ?? snapshot.context.upload?.proposals ?? [];
/** Sample values of each column (by header cell address), from the file's first rows. */
export function samplesOf(snapshot: Snapshot): Record<string, string[]> {
  const { run, upload } = snapshot.context;
  const header = run?.header ?? upload?.header ?? [];
  const preview = run?.preview ?? upload?.preview ?? [];
  return Object.fromEntries(header.map((cell, index) => [cell.cellAddress, preview.map((row) => row.cells[index] ?? '').filter((value) => value !== '').slice(0, 3)]));
}
/** No column gives opening hours: the mapping asks for the run's default. */
export const needsHoursDefault = (snapshot: Snapshot) => lacksHours(snapshot.context.rowStates);
export const hoursDefaultOf = (snapshot: Snapshot) => snapshot.context.hoursDefault;
export const presetNameOf = (snapshot: Snapshot) => snapshot.context.presetName;
export const presetSavedOf = (snapshot: Snapshot) => snapshot.context.presetSaved;
export const accountsOf = (snapshot: Snapshot) => snapshot.context.accounts;
export const idSiteOf = (snapshot: Snapshot) => snapshot.context.idSite;
export const pastRunsOf = (snapshot: Snapshot) => snapshot.context.runs;
/** The index of the column mapped to the AED name, to show each result row's name. */
export function nameColumnOf(snapshot: Snapshot): number {
  const run = snapshot.context.run;
  const key = run?.fieldMapConfig?.find((entry) => entry.field === 'l_name')?.key;
  return key ? (run?.header.findIndex((cell) => cell.cellAddress === key) ?? -1) : -1;
}
