import type { HeaderCell } from '../../../../contract/import.schemas';

/** What the parse worker is given. */
export interface ParseJob {
  path: string;
  originalName: string;
  maxRows: number;
  maxColumns: number;
  maxUncompressedBytes: number;
  /** Rows per message; the worker waits for an ack after each. */
  batchSize: number;
}

export type ParsedFormat = 'csv' | 'xlsx' | 'xls' | 'ods' | 'geojson' | 'overpass';

/** Why a file is refused: each reason has a message key (see parse-runner.ts). */
export type ParseRefusal = 'notSpreadsheet' | 'uncompressedTooLarge' | 'unreadable' | 'tooManyRows' | 'tooManyColumns' | 'noHeader';

/** Worker → main thread. */
export type WorkerMessage =
  | { type: 'meta'; format: ParsedFormat; encoding: string | null; delimiter: string | null }
  | { type: 'rows'; rows: { row: number; cells: string[] }[] }
  | { type: 'done'; header: HeaderCell[]; numRows: number }
  | { type: 'refused'; reason: ParseRefusal; detail?: string };

/** Main thread → worker: the last batch is stored, send the next. */
export type MainMessage = { type: 'ack' };

/** The A1-style address of a cell from its zero-based row and column. */
export function cellAddress(row: number, column: number): string {
  let letters = '';
  for (let c = column + 1; c > 0; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}
