import type { FieldMapEntry, HeaderCell, ImportPreset, ImportRowResult, ImportRun } from '../../../contract/import.schemas';
import { importFieldIds } from '../../../contract/import.fields';

/** Spec §4: a row state per header column, primaryKey false and the first AED field; a recognised preset pre-fills it. */
export function rowStatesOf(header: HeaderCell[], preset: ImportPreset | null): FieldMapEntry[] {
  const fromPreset = new Map((preset?.fieldMapConfig ?? []).map((entry) => [entry.key, entry]));
  return header.map((cell) => {
    const known = fromPreset.get(cell.cellAddress);
    if (known) return { key: cell.cellAddress, column: cell.value, field: known.field, primaryKey: known.primaryKey };
    return { key: cell.cellAddress, column: cell.value, field: preset ? null : importFieldIds[0], primaryKey: false };
  });
}

/** Spec §4: setting the primary key marks exactly one row. */
export const withPrimaryKey = (rows: FieldMapEntry[], key: string) => rows.map((row) => ({ ...row, primaryKey: row.key === key }));

/** Spec §4: tab value 0 resets every primary-key flag. */
export const withoutPrimaryKey = (rows: FieldMapEntry[]) => rows.map((row) => ({ ...row, primaryKey: false }));

/** The mapping can be sent: exactly one primary key, on a mapped column (the server checks the required fields). */
export function mappingReady(rows: FieldMapEntry[]): boolean {
  const keys = rows.filter((row) => row.primaryKey);
  return keys.length === 1 && keys[0].field !== null;
}

/** The whole-file job is not running (any more). */
export const runSettled = (run: ImportRun | null) => run !== null && run.state !== 'processing';

/** A row the server held back as a potential duplicate: it can be forced. */
export const canForce = (row: ImportRowResult | undefined) => row?.status === 'duplicate';

/** A row that can be processed again on its own. */
export const canRetry = (row: ImportRowResult | undefined) => row !== undefined && (row.status === 'failed' || row.status === 'pending' || row.status === 'duplicate');
