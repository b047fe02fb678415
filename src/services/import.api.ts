import { importEndpoints as endpoints } from '../../contract/import.endpoints';
import type { FieldMapConfig, HoursDefault } from '../../contract/import.schemas';
import { call } from './http';

/** The AED import calls (spec §7 "Import"), as contract/import.endpoints.ts declares them. */

/** An upload may take longer than a JSON call: a large workbook is read before the answer. */
const uploadTimeoutMs = 150_000;

/** POST importFile: the file as the multipart field `file`. */
export function uploadImportFile(file: File, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file, file.name);
  return call(endpoints.importFile, { body }, { signal, timeout: uploadTimeoutMs });
}

/** POST createImport: the run of an uploaded file for an account. */
export const createImport = (body: { idSite: number; name: string; fileName: string }, signal?: AbortSignal) => call(endpoints.createImport, { body }, { signal });

/** POST mappings: saves the column mapping (again, until processing starts). */
export const saveMappings = (body: { idImport: number; fieldMapConfig: FieldMapConfig; hoursDefault?: HoursDefault | null }, signal?: AbortSignal) =>
  call(endpoints.saveMappings, { body }, { signal });

/** POST processImport: starts the durable whole-file run. */
export const startImport = (idImport: number, signal?: AbortSignal) => call(endpoints.startImport, { body: { idImport } }, { signal });

/** POST pauseImport: the job stops after its current batch. */
export const pauseImport = (idImport: number, signal?: AbortSignal) => call(endpoints.pauseImport, { body: { idImport } }, { signal });

/** POST resumeImport: goes on from the first row not yet processed. */
export const resumeImport = (idImport: number, signal?: AbortSignal) => call(endpoints.resumeImport, { body: { idImport } }, { signal });

/** POST processByRow: one row again (retry), or a potential duplicate accepted (forced). */
export const processRow = (body: { idImport: number; row: number; forced: boolean }, signal?: AbortSignal) => call(endpoints.processRow, { body }, { signal });

/** GET getImport/:idImport: the stored run, to resume after a reload. */
export const getImport = (idImport: number, signal?: AbortSignal) => call(endpoints.getImport, { params: { idImport } }, { signal });

/** GET getRows: one page of rows with their status and messages. */
export const getRows = (query: { idImport: number; page: number; limit: number }, signal?: AbortSignal) => call(endpoints.getRows, { query }, { signal });

/** POST exportAed: the results as a workbook (every row, or the rows given). */
export const exportResults = (body: { idImport: number; rows?: number[]; lang?: string }, signal?: AbortSignal) =>
  call(endpoints.exportResults, { body: { format: 'xlsx', ...body } }, { signal });

/** GET getImports: the runs of the caller's accounts, newest first. */
export const getImports = (signal?: AbortSignal) => call(endpoints.getImports, { query: {} }, { signal });

/** POST presets: keeps a mapping under a name for the account; proposed again when the same header comes back. */
export const savePreset = (body: { idSite: number; name: string; idImport: number; fieldMapConfig: FieldMapConfig }, signal?: AbortSignal) =>
  call(endpoints.savePreset, { body }, { signal });
