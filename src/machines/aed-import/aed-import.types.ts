import type { AccountSummary } from '../../../contract/auth.schemas';
import type { FieldMapEntry, HoursDefault, ImportFileResult, ImportRowResult, ImportRun } from '../../../contract/import.schemas';
import type { Result } from '../../services/http';

/** What the screen opens with: the account and the language of exports. */
export interface AedImportInput {
  idSite: number;
  lang: string;
}

/** Rows shown per page of the results table. */
export const importRowsPerPage = 20;

/** State of the import screen (spec §3 "import state"). */
export interface AedImportContext {
  idSite: number;
  lang: string;
  /** Run being resumed (import.open); cleared once loaded or refused. */
  resumeId: number | null;
  /** The uploaded file as importFile answered: header [{cellAddress, value}], numRows, preview, preset. */
  upload: ImportFileResult | null;
  /** Name of the import (required). */
  name: string;
  run: ImportRun | null;
  /** One row state per header column: key (cell address), column, field, primaryKey. */
  rowStates: FieldMapEntry[];
  /** Step shown: 0 import, 1 mapping, 2 processing. Going back to 0 resets every primary-key flag. */
  tabValue: 0 | 1 | 2;
  rows: ImportRowResult[];
  rowCount: number;
  page: number;
  /** Row being retried or forced. */
  busyRow: number | null;
  /** Message key of the last failure (spec §8). */
  errorKey: string | null;
  /** Accounts the user may import into (the first step's choice). */
  accounts: AccountSummary[];
  /** Past runs of the user's accounts, newest first. */
  runs: ImportRun[];
  /** Hours of new AEDs whose row gives none, asked when no hours column is mapped. */
  hoursDefault: HoursDefault | null;
  /** Name to save the mapping under, and whether it was saved. */
  presetName: string;
  presetSaved: boolean;
}

export type AedImportEvent =
  | { type: 'import.open'; idImport: number }
  | { type: 'file.choose'; file: File }
  | { type: 'import.name'; name: string }
  | { type: 'import.account'; idSite: number }
  | { type: 'mapping.ignoreUnproposed' }
  | { type: 'mapping.hoursDefault'; value: HoursDefault }
  | { type: 'preset.name'; name: string }
  | { type: 'preset.save' }
  | { type: 'import.create' }
  | { type: 'mapping.field'; key: string; field: string | null }
  | { type: 'mapping.primaryKey'; key: string }
  | { type: 'mapping.preset' }
  | { type: 'mapping.submit' }
  | { type: 'step.back' }
  | { type: 'progress.update'; run: ImportRun }
  | { type: 'import.pause' }
  | { type: 'import.resume' }
  | { type: 'import.restart' }
  | { type: 'rows.page'; page: number }
  | { type: 'row.retry'; row: number }
  | { type: 'row.force'; row: number }
  | { type: 'results.download' }
  | { type: 'import.new' };

export type ImportResult<T> = Result<T>;
