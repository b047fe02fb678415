import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type { AppContext } from '../../context';
import type { Session } from '../../plugins/authenticate';
import { projectFile } from '../../project-files';
import { neutralise, rowXml, streamWorkbook, type Cell } from '../../shared/xlsx-stream';
import * as repo from './repo';
import { visibleRun } from './service';

const messagesFolder = projectFile('src/i18n/messages/');
const cache = new Map<string, Record<string, string>>();

/** The message texts of a language ("fr", "fr_FR", "de-DE"…), English as the fallback. */
function messagesOf(lang: string | undefined): Record<string, string> {
  const short = (lang ?? 'en').slice(0, 2).toLowerCase();
  const language = short === 'fr' || short === 'de' ? short : 'en';
  if (!cache.has(language)) cache.set(language, JSON.parse(readFileSync(`${messagesFolder}${language}.json`, 'utf8')) as Record<string, string>);
  return cache.get(language)!;
}

const batchSize = 2000;

/**
 * POST exportAed: the file's rows (all, or those asked) as they were, followed by the result, the
 * messages (in the caller's language) and the AED udid, as a streamed .xlsx or a CSV. Memory
 * holds one batch of rows whatever the file size.
 */
export async function exportResults(ctx: AppContext, session: Session, body: { idImport: number; rows?: number[]; format: 'xlsx' | 'csv'; lang?: string }) {
  const { run, file } = await visibleRun(ctx, session, body.idImport);
  const texts = messagesOf(body.lang);
  const text = (key: string) => texts[key] ?? key;
  const only = body.rows && body.rows.length > 0 ? [...new Set(body.rows)].sort((a, b) => a - b) : undefined;
  const header = [text('import.export.row'), ...file.header.map((cell) => cell.value || cell.cellAddress), text('import.export.result'), text('import.export.message'), text('import.export.udid')];

  async function* batches(): AsyncGenerator<Cell[][]> {
    yield [header];
    if (only) {
      for (let start = 0; start < only.length; start += batchSize) {
        const slice = only.slice(start, start + batchSize);
        yield (await repo.rowsForExport(ctx.database.db, file.id, 0, slice.length, slice)).map(cellsOf);
      }
      return;
    }
    let after = 0;
    for (;;) {
      const rows = await repo.rowsForExport(ctx.database.db, file.id, after, batchSize);
      if (rows.length === 0) return;
      after = rows[rows.length - 1].row;
      yield rows.map(cellsOf);
    }
  }

  function cellsOf(row: Awaited<ReturnType<typeof repo.rowsForExport>>[number]): Cell[] {
    const cells = file.header.map((_cell, index) => row.cells[index] ?? '');
    const status = row.status ?? 'pending';
    return [row.row, ...cells, text(`import.status.${status}`), row.messages.map(text).join(' ; '), row.aedUdid ?? ''];
  }

  const base = `${run.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().replace(/\s+/g, '-') || 'import'}-results`;
  const onError = (error: unknown) => ctx.log.error({ err: error, idImport: run.id }, 'import export failed');
  if (body.format === 'csv') return { stream: csvStream(batches(), onError), filename: `${base}.csv`, type: 'text/csv; charset=utf-8' };
  async function* sheetRows(): AsyncGenerator<string> {
    for await (const batch of batches()) yield batch.map(rowXml).join('');
  }
  return { stream: streamWorkbook('Import', sheetRows(), onError), filename: `${base}.xlsx`, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
}

/** A semicolon CSV with a BOM (what Excel opens right in France), streamed batch by batch. */
function csvStream(rows: AsyncIterable<Cell[][]>, onError: (error: unknown) => void): PassThrough {
  const output = new PassThrough();
  const quote = (value: Cell) => {
    const textValue = value === null || value === undefined ? '' : typeof value === 'string' ? neutralise(value) : String(value);
    return /[";\r\n]/.test(textValue) ? `"${textValue.replace(/"/g, '""')}"` : textValue;
  };
  void (async () => {
    output.write('\ufeff');
    for await (const batch of rows) {
      if (!output.write(batch.map((row) => row.map(quote).join(';')).join('\r\n') + '\r\n')) await new Promise((resolve) => output.once('drain', resolve));
    }
    output.end();
  })().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
