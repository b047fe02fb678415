import { FetchError, ofetch } from 'ofetch';
import { importEndpoints } from '../../contract/import.endpoints';
import { errorKeys } from '../../contract/errors';
import type { FieldMapConfig, HoursDefault, ImportFileResult, ImportRowResult, ImportRun, RowStatus } from '../../contract/import.schemas';
import { call, download, errorKeyOf, type Result } from './http';
import { readUser } from './storage';

/** The AED import calls (spec §7 "Import", docs of server/src/modules/imports/routes.ts). */
const base = '/services/backoffice/aedImport';

/** A page of the file's rows with their results. */
export interface ImportRowsPage {
  list: ImportRowResult[];
  count: number;
}

/**
 * POST importFile, multipart field `file`. Sent with ofetch directly: the shared JSON client sets
 * an Accept header only, so FormData would pass too, but uploads need a longer time-out than 6 s.
 */
export async function uploadImportFile(file: File, signal?: AbortSignal): Promise<Result<ImportFileResult>> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = readUser()?.token;
  try {
    const body = await ofetch<{ data: ImportFileResult }>(`${base}/importFile`, {
      method: 'POST',
      body: form,
      signal,
      timeout: 150_000,
      retry: false,
      headers: token ? { Authorization: `JWT ${token}`, Accept: 'application/json' } : { Accept: 'application/json' },
    });
    return { ok: true, data: body.data };
  } catch (error) {
    if (signal?.aborted) return { ok: false, key: errorKeys.network };
    return { ok: false, key: errorKeyOf(error), status: error instanceof FetchError ? error.status : undefined };
  }
}

/** POST createImport: the run of an uploaded file for an account. */
export const createImport = (body: { idSite: number; name: string; fileName: string }, signal?: AbortSignal) =>
  call<ImportRun>(`${base}/createImport`, { method: 'POST', body, signal });

/** POST mappings: saves the column mapping (again, until processing starts). */
export const saveMappings = (body: { idImport: number; fieldMapConfig: FieldMapConfig; hoursDefault?: HoursDefault | null }, signal?: AbortSignal) =>
  call<ImportRun>(`${base}/mappings`, { method: 'POST', body, signal });

/** POST processImport: starts the durable whole-file run. */
export const startImport = (idImport: number, signal?: AbortSignal) => call<ImportRun>(`${base}/processImport`, { method: 'POST', body: { idImport }, signal });

/** POST pauseImport: the job stops after its current batch. */
export const pauseImport = (idImport: number, signal?: AbortSignal) => call<ImportRun>(`${base}/pauseImport`, { method: 'POST', body: { idImport }, signal });

/** POST resumeImport: goes on from the first row not yet processed. */
export const resumeImport = (idImport: number, signal?: AbortSignal) => call<ImportRun>(`${base}/resumeImport`, { method: 'POST', body: { idImport }, signal });

/** POST processByRow: one row again (retry), or a potential duplicate accepted (forced). */
export const processRow = (body: { idImport: number; row: number; forced: boolean }, signal?: AbortSignal) =>
  call<ImportRowResult>(`${base}/processByRow`, { method: 'POST', body, signal });

/** GET getImport/:idImport: the stored run, to resume after a reload. */
export const getImport = (idImport: number, signal?: AbortSignal) => call<ImportRun>(`${base}/getImport/${idImport}`, { signal });

/** GET getRows: one page of rows with their status and messages. */
export const getRows = (query: { idImport: number; page: number; limit: number; status?: RowStatus }, signal?: AbortSignal) =>
  call<ImportRowsPage>(`${base}/getRows`, { query, signal });

/** POST exportAed: the results as a workbook (every row, or the rows given). */
export const exportResults = (body: { idImport: number; rows?: number[]; lang?: string }, signal?: AbortSignal) =>
  download(`${base}/exportAed`, { method: 'POST', body: { format: 'xlsx', ...body }, signal });

/** GET getImports: the runs of the caller's accounts, newest first. */
export const getImports = (signal?: AbortSignal) => call<ImportRun[]>(`${base}/getImports`, { signal });

/** POST presets: keeps a mapping under a name for the account; proposed again when the same header comes back. */
export const savePreset = (body: { idSite: number; name: string; idImport: number; fieldMapConfig: FieldMapConfig }, signal?: AbortSignal) =>
  call(importEndpoints.savePreset, { body }, { signal });
