import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Database } from '../../db/database';
import { layoutOf, splitLine, type AddressRow } from './layouts';
import { writeAddresses } from './writer';

/** Rows written per batch: large enough for few round trips, small enough for a steady progress line. */
const batchSize = 5000;
/** Bad rows listed in a report (all are counted). */
const listedBadRows = 20;

export interface ImportProgress {
  file: string;
  rows: number;
  written: number;
  bad: number;
}

export interface ImportReport extends ImportProgress {
  layout: 'BAN' | 'BAL';
  /** The first bad rows, by line number (the header is line 1). */
  badRows: { line: number; reason: string }[];
  seconds: number;
}

/** A file whose header is neither layout: nothing of it is written. */
export class UnknownAddressLayout extends Error {}

/**
 * Reads the lines of a `;`-separated national address file (BAN or BAL, told apart by the header)
 * and writes its addresses in batches. Bad rows are counted and listed, never fatal.
 */
export async function importAddressLines(
  database: Database,
  file: string,
  lines: AsyncIterable<string> | Iterable<string>,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  const started = performance.now();
  let layout: ReturnType<typeof layoutOf>;
  const report: Omit<ImportReport, 'layout' | 'seconds'> = { file, rows: 0, written: 0, bad: 0, badRows: [] };
  let batch: AddressRow[] = [];
  const flush = async () => {
    await writeAddresses(database, batch);
    report.written += batch.length;
    batch = [];
    onProgress?.({ file, rows: report.rows, written: report.written, bad: report.bad });
  };
  let line = 0;
  for await (const text of lines) {
    line++;
    if (!layout) {
      layout = layoutOf(splitLine(text));
      if (!layout) throw new UnknownAddressLayout(`${file}: the header is neither a BAN export (nom_voie, code_insee...) nor a BAL file (cle_interop, voie_nom...)`);
      continue;
    }
    if (!text.trim()) continue;
    report.rows++;
    const outcome = layout.read(splitLine(text));
    if (outcome.ok) batch.push(outcome.row);
    else {
      report.bad++;
      if (report.badRows.length < listedBadRows) report.badRows.push({ line, reason: outcome.reason });
    }
    if (batch.length >= batchSize) await flush();
  }
  if (!layout) throw new UnknownAddressLayout(`${file}: the file is empty`);
  await flush();
  return { ...report, layout: layout.name, seconds: (performance.now() - started) / 1000 };
}

/** Imports one `.csv` or `.csv.gz` file (gzip is recognised by its content, whatever the name). */
export async function importAddressFile(database: Database, path: string, onProgress?: (progress: ImportProgress) => void): Promise<ImportReport> {
  const head = Buffer.alloc(2);
  const handle = await open(path, 'r');
  try {
    await handle.read(head, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const raw = createReadStream(path);
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const input = gzipped ? raw.pipe(createGunzip()) : raw;
  if (gzipped) raw.on('error', (error) => input.destroy(error));
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    return await importAddressLines(database, path, lines, onProgress);
  } finally {
    lines.close();
    input.destroy();
  }
}
