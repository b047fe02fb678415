/**
 * The parse worker: runs in a worker_threads thread with a heap limit, so a hostile or huge file
 * costs at most that thread, which the main thread terminates on time-out. It reads the stored
 * upload, sends the rows in batches (waiting for an ack after each, so memory stays bounded) and
 * ends with the header.
 */
import { open, readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from 'xlsx';
import type { HeaderCell } from '../../../../contract/import.schemas';
import { cleanCell, openCsv } from './parse-csv';
import { osmFormatOf, osmHeader, osmRows } from './parse-osm';
import { cellAddress, type MainMessage, type ParseJob, type ParseRefusal, type WorkerMessage } from './parse-protocol';
import { firstUsedSheet, readWorkbook, sheetTable } from './parse-sheet';
import { sniff } from './parse-sniff';
import { guardZip, ZipGuardError } from './parse-zip-guard';

class Refused extends Error {
  constructor(
    readonly reason: ParseRefusal,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

const port = parentPort!;
const job = workerData as ParseJob;
let acked: (() => void) | undefined;
port.on('message', (message: MainMessage) => {
  if (message.type === 'ack') acked?.();
});

function post(message: WorkerMessage): void {
  port.postMessage(message);
}

/** Sends a batch and waits until the main thread has stored it. */
function sendRows(rows: { row: number; cells: string[] }[]): Promise<void> {
  return new Promise((resolve) => {
    acked = resolve;
    post({ type: 'rows', rows });
  });
}

async function head(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function parseCsv(): Promise<void> {
  const source = await openCsv(job.path);
  post({ type: 'meta', format: 'csv', encoding: source.encoding, delimiter: source.delimiter === '\t' ? 'tab' : source.delimiter });
  let header: string[] | undefined;
  let headerIndex = 0;
  let width = 0;
  let numRows = 0;
  let batch: { row: number; cells: string[] }[] = [];
  await source.records(async (record, index) => {
    const cells = record.map(cleanCell);
    if (!cells.some((cell) => cell !== '')) return;
    if (!header) {
      header = cells;
      headerIndex = index;
      width = cells.length;
      return;
    }
    while (cells.length > 0 && cells[cells.length - 1] === '' && cells.length > width) cells.pop();
    width = Math.max(width, cells.length);
    if (width > job.maxColumns) throw new Refused('tooManyColumns');
    numRows += 1;
    if (numRows > job.maxRows) throw new Refused('tooManyRows');
    batch.push({ row: index, cells });
    if (batch.length >= job.batchSize) {
      await sendRows(batch);
      batch = [];
    }
  });
  if (!header) throw new Refused('noHeader');
  if (batch.length > 0) await sendRows(batch);
  const names = header as string[];
  const cells: HeaderCell[] = Array.from({ length: width }, (_unused, c) => ({ cellAddress: cellAddress(headerIndex - 1, c), value: names[c] ?? '' }));
  post({ type: 'done', header: cells, numRows });
}

/** A text file that opens with `{`: GeoJSON or Overpass JSON of OSM defibrillators, or no file Vigil reads. */
async function startsLikeJson(): Promise<boolean> {
  const text = (await head(job.path)).toString('utf8').replace(/^\ufeff/, '').trimStart();
  return text.startsWith('{');
}

async function parseOsm(): Promise<void> {
  let document: unknown;
  try {
    document = JSON.parse((await readFile(job.path, 'utf8')).replace(/^\ufeff/, ''));
  } catch (error) {
    throw new Refused('unreadable', (error as Error).message);
  }
  const format = osmFormatOf(document);
  if (!format) throw new Refused('notSpreadsheet', 'json that is neither GeoJSON nor Overpass JSON');
  post({ type: 'meta', format, encoding: 'utf-8', delimiter: null });
  const rows = osmRows(document, format);
  if (rows.length > job.maxRows) throw new Refused('tooManyRows');
  for (let i = 0; i < rows.length; i += job.batchSize) await sendRows(rows.slice(i, i + job.batchSize));
  post({ type: 'done', header: osmHeader, numRows: rows.length });
}

async function parseWorkbook(kind: 'zip' | 'ole' | 'html'): Promise<void> {
  const buffer = await readFile(job.path);
  let format: 'xlsx' | 'xls' | 'ods' = 'xls';
  if (kind === 'zip') {
    let names: string[];
    try {
      names = guardZip(buffer, job.maxUncompressedBytes).map((entry) => entry.name);
    } catch (error) {
      if (error instanceof ZipGuardError) throw new Refused(error.reason === 'notZip' ? 'notSpreadsheet' : 'uncompressedTooLarge', error.reason);
      throw error;
    }
    if (names.includes('xl/workbook.xml') || names.includes('xl/workbook.bin')) format = 'xlsx';
    else if (names.includes('content.xml') && names.includes('mimetype')) format = 'ods';
    else throw new Refused('notSpreadsheet', 'zip without a workbook');
  } else if (kind === 'ole') {
    const container = XLSX.CFB.read(buffer, { type: 'buffer' });
    const isWorkbook = XLSX.CFB.find(container, 'Workbook') || XLSX.CFB.find(container, 'Book');
    if (!isWorkbook) throw new Refused(XLSX.CFB.find(container, 'EncryptionInfo') ? 'unreadable' : 'notSpreadsheet', 'ole without a workbook');
  }
  post({ type: 'meta', format, encoding: null, delimiter: null });
  let workbook: XLSX.WorkBook;
  try {
    // A few rows more than the cap: title and header rows, and to notice a file over the cap.
    workbook = readWorkbook(buffer, job.maxRows + 20);
  } catch (error) {
    throw new Refused('unreadable', (error as Error).message);
  }
  const sheet = firstUsedSheet(workbook);
  if (!sheet) throw new Refused('noHeader');
  const table = sheetTable(sheet, job.maxColumns);
  if (table === 'tooManyColumns') throw new Refused('tooManyColumns');
  if (table.header.length === 0) throw new Refused('noHeader');
  if (table.rows.length > job.maxRows) throw new Refused('tooManyRows');
  for (let i = 0; i < table.rows.length; i += job.batchSize) await sendRows(table.rows.slice(i, i + job.batchSize));
  post({ type: 'done', header: table.header, numRows: table.rows.length });
}

async function main(): Promise<void> {
  try {
    const kind = sniff(await head(job.path), job.originalName);
    if (kind === 'binary') throw new Refused('notSpreadsheet');
    if (kind === 'text') await ((await startsLikeJson()) ? parseOsm() : parseCsv());
    else await parseWorkbook(kind);
  } catch (error) {
    if (error instanceof Refused) post({ type: 'refused', reason: error.reason, detail: error.detail });
    else post({ type: 'refused', reason: 'unreadable', detail: (error as Error).message });
  }
}

void main();
