import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { importErrorKeys } from '../../../../contract/import.errors';
import { importLimits, type HeaderCell, type ImportFileResult } from '../../../../contract/import.schemas';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { parseUpload } from './parse-runner';
import { recognisePreset } from './presets';
import { proposeFields } from './proposals';
import * as repo from './repo';
import { savedPresetFor } from './saved-presets';
import { accountSubtree } from '../accounts/face';
import type { ImportSettings } from './settings';

const tooLarge = () => new AppError(413, importErrorKeys.fileTooLarge, { maxBytes: importLimits.maxFileBytes });
const uploadFolder = join(tmpdir(), 'vigil-imports');

/** Room for the multipart framing around the file. */
const framingBytes = 64 * 1024;

/**
 * POST importFile: streams the multipart field `file` to a temporary file (refused past the size
 * cap without reading further), parses it in a worker thread, stores its rows in the database as
 * they come, and answers the header, the row count, a preview and the recognised preset. A
 * refused file leaves nothing behind.
 */
export async function uploadFile(ctx: AppContext, session: Session, request: FastifyRequest, settings: ImportSettings): Promise<ImportFileResult> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > importLimits.maxFileBytes + framingBytes) throw tooLarge();
  if (!request.isMultipart()) throw badRequest(importErrorKeys.fileMissing);
  const part = await request.file({ limits: { fileSize: importLimits.maxFileBytes, files: 1, fields: 5 } });
  if (!part || part.fieldname !== 'file') throw badRequest(importErrorKeys.fileMissing);
  const originalName = (part.filename || 'file').slice(-255);

  await mkdir(uploadFolder, { recursive: true });
  const path = join(uploadFolder, randomUUID());
  try {
    try {
      await pipeline(part.file, createWriteStream(path));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (part.file.truncated) throw tooLarge();
    if ((await stat(path)).size === 0) throw badRequest(importErrorKeys.fileEmpty);
    return await storeParsed(ctx, session, path, originalName, settings);
  } finally {
    await unlink(path).catch(() => undefined);
  }
}

async function storeParsed(ctx: AppContext, session: Session, path: string, originalName: string, settings: ImportSettings): Promise<ImportFileResult> {
  const db = ctx.database.db;
  const fileId = await repo.insertFile(db, { idSite: session.siteId, userId: session.userId, originalName });
  const preview: { row: number; cells: string[] }[] = [];
  try {
    const parsed = await parseUpload(
      path,
      originalName,
      {
        maxRows: importLimits.maxRows,
        maxColumns: importLimits.maxColumns,
        maxUncompressedBytes: importLimits.maxUncompressedBytes,
        timeoutMs: settings.IMPORT_PARSE_TIMEOUT_MS,
        heapMb: settings.IMPORT_PARSE_HEAP_MB,
      },
      async (rows) => {
        if (preview.length < importLimits.previewRows) preview.push(...rows.slice(0, importLimits.previewRows - preview.length));
        await repo.insertFileRows(db, fileId, rows);
      },
    );
    if (parsed.numRows === 0) throw new AppError(422, importErrorKeys.noRows);
    refuseUnsplitHeader(parsed.format, parsed.header);
    const width = parsed.header.length;
    const cells = preview.map((row) => ({ row: row.row, cells: Array.from({ length: width }, (_unused, index) => row.cells[index] ?? '') }));
    const samples = cells.map((row) => row.cells);
    const sites = (await accountSubtree(db, session.siteId)).map((account) => account.id);
    const preset = (await savedPresetFor(db, sites, session.siteId, parsed.header)) ?? recognisePreset(parsed.header, samples);
    const proposals = proposeFields(parsed.header, samples, preset?.fieldMapConfig ?? null);
    const warnings = shapeWarnings(parsed.header);
    await repo.completeFile(db, fileId, { ...parsed, preset, proposals, warnings });
    return {
      fileName: fileId,
      originalName,
      format: parsed.format,
      encoding: parsed.encoding,
      delimiter: parsed.delimiter,
      header: parsed.header,
      numRows: parsed.numRows,
      preview: cells,
      preset,
      proposals,
      warnings,
    };
  } catch (error) {
    await repo.deleteFile(db, fileId).catch(() => undefined);
    throw error;
  }
}

/**
 * A text file read as one column whose name holds separators: its delimiter was not found (say,
 * a file cut with a character Vigil does not try), and mapping it would be useless. Refused.
 */
function refuseUnsplitHeader(format: string, header: HeaderCell[]): void {
  if (format !== 'csv' || header.length !== 1) return;
  const name = header[0].value;
  if (/[;,\t|:^~#]/.test(name.replace(/^#+\s*/, '')) && name.length > 20) {
    throw new AppError(422, importErrorKeys.delimiterNotFound, { header: name.slice(0, 200) });
  }
}

/** What the mapping step warns of: columns without names (a header row missing or shifted). */
function shapeWarnings(header: HeaderCell[]): string[] {
  const unnamed = header.filter((cell) => cell.value.trim() === '').length;
  const warnings: string[] = [];
  if (unnamed > 0) warnings.push(unnamed * 2 >= header.length ? 'mostlyUnnamed' : 'unnamedColumns');
  if (header.length > 1 && header.every((cell) => cell.value === '' || /^[-+\d.,\s]+$/.test(cell.value))) warnings.push('headerLooksLikeData');
  return warnings;
}
