import type { ImportFileResult, ImportPreset, ImportRowResult, ImportRun } from '../../contract/import.schemas';

/** Answers of the import calls for the machine tests. */
export const ok = <T>(data: T) => ({ ok: true as const, data });
export const failure = (key: string, status?: number) => ({ ok: false as const, key, ...(status === undefined ? {} : { status }) });

export const headerSample = [
  { cellAddress: 'A1', value: 'Nom' },
  { cellAddress: 'B1', value: 'Adresse' },
  { cellAddress: 'C1', value: 'Ville' },
];

export const presetSample: ImportPreset = {
  id: 'generic',
  score: 1,
  fieldMapConfig: [
    { key: 'A1', column: 'Nom', field: 'l_name', primaryKey: true },
    { key: 'B1', column: 'Adresse', field: 'l_address', primaryKey: false },
  ],
};

export function uploadSample(preset: ImportPreset | null = null): ImportFileResult {
  return { fileName: 'f-1.csv', originalName: 'aeds.csv', format: 'csv', encoding: 'utf-8', delimiter: ';', header: headerSample, numRows: 3, preview: [{ row: 2, cells: ['Mairie', '1 place', 'Riom'] }], preset, proposals: [], warnings: [] };
}

const zero = { inserted: 0, updated: 0, unchanged: 0, deleted: 0, duplicate: 0, failed: 0 };

export function runSample(state: ImportRun['state'], overrides: Partial<ImportRun> = {}): ImportRun {
  const processed = state === 'uploaded' || state === 'mapped' ? 0 : state === 'processing' ? 1 : 3;
  return {
    idImport: 7,
    idSite: 1,
    name: 'Riom',
    fileName: 'f-1.csv',
    originalName: 'aeds.csv',
    format: 'csv',
    state,
    header: headerSample,
    numRows: 3,
    fieldMapConfig: null,
    preset: null,
    proposals: [],
    options: { hoursDefault: null },
    processed,
    total: 3,
    counts: state === 'done' ? { ...zero, inserted: 1, duplicate: 1, failed: 1 } : zero,
    records: processed,
    duration: null,
    error: null,
    createdAt: '2026-11-22T03:00:00Z',
    startedAt: null,
    finishedAt: null,
    ...overrides,
  };
}

export function rowSample(row: number, status: ImportRowResult['status'], messages: string[] = []): ImportRowResult {
  return { row, cells: [`AED ${row}`, '1 place', 'Riom'], status, messages, details: null, udid: status === 'inserted' ? `U${row}` : null };
}

/** The three rows of a done run: inserted, potential duplicate, name required. */
export const rowsSample = [
  rowSample(2, 'inserted'),
  rowSample(3, 'duplicate', ['error.import.row.potential-duplicate']),
  rowSample(4, 'failed', ['error.import.row.name-required']),
];
