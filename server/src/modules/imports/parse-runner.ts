import { Worker } from 'node:worker_threads';
import type { HeaderCell } from '../../../../contract/import.schemas';
import { importErrorKeys } from '../../../../contract/import.errors';
import { AppError } from '../../errors';
import { runsCompiled } from '../../project-files';
import type { MainMessage, ParsedFormat, ParseJob, ParseRefusal, WorkerMessage } from './parse-protocol';

// From sources, a plain bootstrap registers tsx in the worker thread; the compiled server has the
// worker's own bundle beside it (scripts/build-server.mjs).
const workerUrl = runsCompiled ? new URL('./parse-worker.js', import.meta.url) : new URL('./parse-worker-bootstrap.mjs', import.meta.url);

export interface ParseLimits {
  maxRows: number;
  maxColumns: number;
  maxUncompressedBytes: number;
  timeoutMs: number;
  /** Heap of the worker thread, MB. */
  heapMb: number;
}

export interface ParsedFile {
  format: ParsedFormat;
  encoding: string | null;
  delimiter: string | null;
  header: HeaderCell[];
  numRows: number;
}

const refusalKeys: Record<ParseRefusal, { status: number; key: string }> = {
  notSpreadsheet: { status: 422, key: importErrorKeys.notSpreadsheet },
  uncompressedTooLarge: { status: 413, key: importErrorKeys.uncompressedTooLarge },
  unreadable: { status: 422, key: importErrorKeys.unreadable },
  tooManyRows: { status: 413, key: importErrorKeys.tooManyRows },
  tooManyColumns: { status: 422, key: importErrorKeys.tooManyColumns },
  noHeader: { status: 422, key: importErrorKeys.noHeader },
};

/** At most this many files are parsed at once per instance (the machine has few cores); others wait. */
const maxConcurrent = 2;
const maxWaiting = 8;
let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<void> {
  if (running < maxConcurrent) {
    running += 1;
    return;
  }
  if (waiting.length >= maxWaiting) throw new AppError(429, importErrorKeys.busy);
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * Parses a stored upload in a worker thread with a heap limit and a time limit, handing each batch
 * of rows to `onRows` (the worker waits until it resolves). Resolves with the header and row
 * count; rejects with an AppError carrying the refusal key. The server itself never parses the
 * file, so a bomb or a huge file costs one terminated thread.
 */
export async function parseUpload(
  path: string,
  originalName: string,
  limits: ParseLimits,
  onRows: (rows: { row: number; cells: string[] }[]) => Promise<void>,
): Promise<ParsedFile> {
  await acquire();
  try {
    return await runWorker(path, originalName, limits, onRows);
  } finally {
    release();
  }
}

function runWorker(
  path: string,
  originalName: string,
  limits: ParseLimits,
  onRows: (rows: { row: number; cells: string[] }[]) => Promise<void>,
): Promise<ParsedFile> {
  const job: ParseJob = {
    path,
    originalName,
    maxRows: limits.maxRows,
    maxColumns: limits.maxColumns,
    maxUncompressedBytes: limits.maxUncompressedBytes,
    batchSize: 1000,
  };
  const worker = new Worker(workerUrl, {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 48, stackSizeMb: 8 },
  });
  return new Promise<ParsedFile>((resolve, reject) => {
    let meta: Extract<WorkerMessage, { type: 'meta' }> | undefined;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new AppError(422, importErrorKeys.parseTimeout))), limits.timeoutMs);
    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      if (message.type === 'meta') meta = message;
      else if (message.type === 'rows') {
        onRows(message.rows).then(
          () => {
            if (!settled) worker.postMessage({ type: 'ack' } satisfies MainMessage);
          },
          (error: unknown) => finish(() => reject(error)),
        );
      } else if (message.type === 'done') {
        finish(() =>
          resolve({
            format: meta?.format ?? 'csv',
            encoding: meta?.encoding ?? null,
            delimiter: meta?.delimiter ?? null,
            header: message.header,
            numRows: message.numRows,
          }),
        );
      } else if (message.type === 'refused') {
        const { status, key } = refusalKeys[message.reason];
        finish(() => reject(new AppError(status, key, message.detail ? { reason: message.detail.slice(0, 200) } : undefined)));
      }
    });
    worker.on('error', (error: NodeJS.ErrnoException) => {
      // ERR_WORKER_OUT_OF_MEMORY: the file needs more memory than a parse may take.
      const tooLarge = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(() => reject(new AppError(tooLarge ? 413 : 422, tooLarge ? importErrorKeys.fileTooLarge : importErrorKeys.unreadable)));
    });
    worker.on('exit', () => finish(() => reject(new AppError(422, importErrorKeys.unreadable))));
  });
}
