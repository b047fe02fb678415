import type { FieldMapEntry, FieldProposal, HeaderCell, ImportPreset, ImportRowResult, ImportRun } from '../../../contract/import.schemas';
import { importFieldIds } from '../../../contract/import.fields';
import { importRowMessages } from '../../../contract/import.errors';

/**
 * Spec §4: a row state per header column, primaryKey false and the first AED field; a recognised
 * preset pre-fills it, and a field proposed from a column's values fills a column the preset left out.
 */
export function rowStatesOf(header: HeaderCell[], preset: ImportPreset | null, proposals: FieldProposal[] = []): FieldMapEntry[] {
  const fromPreset = new Map((preset?.fieldMapConfig ?? []).map((entry) => [entry.key, entry]));
  const proposed = new Map(proposals.map((proposal) => [proposal.key, proposal.field]));
  return header.map((cell) => {
    const known = fromPreset.get(cell.cellAddress);
    if (known?.field) return { key: cell.cellAddress, column: cell.value, field: known.field, primaryKey: known.primaryKey };
    const field = proposed.get(cell.cellAddress);
    if (field) return { key: cell.cellAddress, column: cell.value, field, primaryKey: false };
    return { key: cell.cellAddress, column: cell.value, field: preset ? null : importFieldIds[0], primaryKey: false };
  });
}

/** "Ignore every column not proposed": a column neither the preset nor its values gave a field is ignored. */
export function withoutUnproposed(rows: FieldMapEntry[], preset: ImportPreset | null, proposals: FieldProposal[]): FieldMapEntry[] {
  const kept = new Set([...(preset?.fieldMapConfig ?? []).filter((entry) => entry.field).map((entry) => entry.key), ...proposals.map((proposal) => proposal.key)]);
  return rows.map((row) => (kept.has(row.key) ? row : { ...row, field: null, primaryKey: false }));
}

/** No column gives opening hours: new AEDs would be closed every day unless the run says otherwise. */
export const lacksHours = (rows: FieldMapEntry[]) => !rows.some((row) => row.field?.startsWith('o_'));

/** A Dropdown's value for a field: '' stands for "ignored" (a null option value would come back as the option object). */
export const fieldOfChoice = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

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

/** A row the server held back as a potential duplicate, or placed only at its commune: it can be forced. */
export const canForce = (row: ImportRowResult | undefined) => row?.status === 'duplicate' || (row?.status === 'failed' && row.messages[0] === importRowMessages.communeOnly);

/** A row that can be processed again on its own. */
export const canRetry = (row: ImportRowResult | undefined) => row !== undefined && (row.status === 'failed' || row.status === 'pending' || row.status === 'duplicate');
