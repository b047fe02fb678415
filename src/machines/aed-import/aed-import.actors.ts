import { fromCallback, fromPromise } from 'xstate';
import type { FieldMapConfig, HoursDefault, ImportProgress, ImportRun } from '../../../contract/import.schemas';
import { getAccountList } from '../../services/account.api';
import * as api from '../../services/import.api';
import { subscribe } from '../../services/realtime';

/** Poll fallback while a run is processing, in case the socket is down. */
export const progressPollMs = 5000;

/** The I/O of the import machine; each resolves `{ ok, data }` or `{ ok: false, key }`. */
export const aedImportActors = {
  uploadFile: fromPromise(({ input, signal }: { input: { file: File }; signal: AbortSignal }) => api.uploadImportFile(input.file, signal)),
  createImport: fromPromise(({ input, signal }: { input: { idSite: number; name: string; fileName: string }; signal: AbortSignal }) => api.createImport(input, signal)),
  loadImport: fromPromise(({ input, signal }: { input: { idImport: number }; signal: AbortSignal }) => api.getImport(input.idImport, signal)),
  saveMappings: fromPromise(({ input, signal }: { input: { idImport: number; fieldMapConfig: FieldMapConfig; hoursDefault: HoursDefault | null }; signal: AbortSignal }) => api.saveMappings(input, signal)),
  loadImports: fromPromise(({ signal }: { signal: AbortSignal }) => api.getImports(signal)),
  /** The accounts the user may import into: the session's account and its descendants. */
  loadAccounts: fromPromise(({ signal }: { signal: AbortSignal }) => getAccountList(signal)),
  savePreset: fromPromise(({ input, signal }: { input: { idSite: number; name: string; idImport: number; fieldMapConfig: FieldMapConfig }; signal: AbortSignal }) => api.savePreset(input, signal)),
  startImport: fromPromise(({ input, signal }: { input: { idImport: number }; signal: AbortSignal }) => api.startImport(input.idImport, signal)),
  pauseImport: fromPromise(({ input, signal }: { input: { idImport: number }; signal: AbortSignal }) => api.pauseImport(input.idImport, signal)),
  resumeImport: fromPromise(({ input, signal }: { input: { idImport: number }; signal: AbortSignal }) => api.resumeImport(input.idImport, signal)),
  loadRows: fromPromise(({ input, signal }: { input: { idImport: number; page: number; limit: number }; signal: AbortSignal }) => api.getRows(input, signal)),
  processRow: fromPromise(({ input, signal }: { input: { idImport: number; row: number; forced: boolean }; signal: AbortSignal }) => api.processRow(input, signal)),
  exportResults: fromPromise(({ input, signal }: { input: { idImport: number; lang: string }; signal: AbortSignal }) => api.exportResults(input, signal)),
  /** REFRESH_IMPORT of this run, plus a poll of getImport: sends `progress.update` with the run. */
  watchProgress: fromCallback<{ type: 'progress.update'; run: ImportRun }, { idImport: number }>(({ input, sendBack }) => {
    let stopped = false;
    const poll = async () => {
      const answer = await api.getImport(input.idImport);
      if (!stopped && answer.ok) sendBack({ type: 'progress.update', run: answer.data });
    };
    const unsubscribe = subscribe('REFRESH_IMPORT', (data) => {
      const progress = data as Partial<ImportProgress> | undefined;
      if (progress?.idImport === undefined || progress.idImport === input.idImport) void poll();
    });
    const timer = setInterval(() => void poll(), progressPollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
    };
  }),
};
