import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FieldProposal, HeaderCell, ImportCounts, ImportPreset, RowStatus } from '../../../../contract/import.schemas';
import { rowsOf, type Db } from '../../db/database';
import { importFiles, importRows, imports } from '../../db/schema/imports';
import type { RowOutcome } from './process';

/** SQL of the import tables: uploaded files and their rows, runs, row results. */

export type ImportRecord = typeof imports.$inferSelect;
export type FileRecord = typeof importFiles.$inferSelect;

export const zeroCounts = (): ImportCounts => ({ inserted: 0, updated: 0, unchanged: 0, deleted: 0, duplicate: 0, failed: 0 });

export async function insertFile(db: Db, file: { idSite: number; userId: number; originalName: string }): Promise<string> {
  const [row] = await db
    .insert(importFiles)
    .values({ ...file, format: 'csv', header: [] })
    .returning({ id: importFiles.id });
  return row.id;
}

/** Stores a batch of parsed rows in one statement. */
export async function insertFileRows(db: Db, fileId: string, rows: { row: number; cells: string[] }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`INSERT INTO import_rows (file_id, row, cells)
        SELECT ${fileId}::uuid, r.row, r.cells
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(row int, cells jsonb)`,
  );
}

export async function completeFile(
  db: Db,
  fileId: string,
  meta: {
    format: string;
    encoding: string | null;
    delimiter: string | null;
    header: HeaderCell[];
    numRows: number;
    preset: ImportPreset | null;
    proposals: FieldProposal[];
    warnings: string[];
  },
): Promise<void> {
  await db
    .update(importFiles)
    .set({ ...meta, completedAt: new Date() })
    .where(eq(importFiles.id, fileId));
}

export async function deleteFile(db: Db, fileId: string): Promise<void> {
  await db.delete(importFiles).where(eq(importFiles.id, fileId));
}

export async function findFile(db: Db, fileId: string): Promise<FileRecord | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) return undefined;
  const [row] = await db.select().from(importFiles).where(eq(importFiles.id, fileId));
  return row;
}

/** Files uploaded before `before` that no import uses (abandoned at the first step). */
export async function deleteAbandonedFiles(db: Db, before: Date): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`DELETE FROM import_files f WHERE f.created_at < ${before.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM imports i WHERE i.file_id = f.id) RETURNING f.id`,
  );
  return rows.length;
}

/** The first data rows of a file. */
export async function firstRows(db: Db, fileId: string, limit: number): Promise<{ row: number; cells: string[] }[]> {
  return db.select({ row: importRows.row, cells: importRows.cells }).from(importRows).where(eq(importRows.fileId, fileId)).orderBy(asc(importRows.row)).limit(limit);
}

export async function createImport(db: Db, values: { idSite: number; userId: number; name: string; fileId: string; total: number }): Promise<ImportRecord> {
  const [row] = await db
    .insert(imports)
    .values({ ...values, counts: zeroCounts() })
    .returning();
  return row;
}

export async function findImport(db: Db, id: number): Promise<ImportRecord | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row;
}

export async function findImportByFile(db: Db, fileId: string): Promise<ImportRecord | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.fileId, fileId));
  return row;
}

/** Writes a state change only if the run is still in `from` (another request may have moved it). */
export async function moveImport(db: Db, id: number, from: string, changes: Partial<ImportRecord>): Promise<ImportRecord | undefined> {
  const [row] = await db
    .update(imports)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(imports.id, id), eq(imports.state, from)))
    .returning();
  return row;
}

export async function listImports(db: Db, siteIds: number[], limit = 100): Promise<(ImportRecord & { file: FileRecord })[]> {
  if (siteIds.length === 0) return [];
  const rows = await db
    .select()
    .from(imports)
    .innerJoin(importFiles, eq(importFiles.id, imports.fileId))
    .where(inArray(imports.idSite, siteIds))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.imports, file: row.import_files }));
}

/** The next rows after the cursor, in sheet order. */
export async function rowsAfter(db: Db, fileId: string, cursor: number, limit: number): Promise<{ row: number; cells: string[] }[]> {
  return db
    .select({ row: importRows.row, cells: importRows.cells })
    .from(importRows)
    .where(and(eq(importRows.fileId, fileId), gt(importRows.row, cursor)))
    .orderBy(asc(importRows.row))
    .limit(limit);
}

export async function findRow(db: Db, fileId: string, row: number) {
  const [found] = await db
    .select()
    .from(importRows)
    .where(and(eq(importRows.fileId, fileId), eq(importRows.row, row)));
  return found;
}

/** Stores the outcome of processed rows in one statement. */
export async function saveRowResults(db: Db, fileId: string, outcomes: RowOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db.execute(
    sql`UPDATE import_rows r
           SET status = v.status, messages = v.messages, details = v.details, aed_udid = v.udid::uuid, processed_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) AS v(row int, status text, messages jsonb, details jsonb, udid text)
         WHERE r.file_id = ${fileId}::uuid AND r.row = v.row`,
  );
}

/** Forgets every row result (a whole-file run starts again). */
export async function clearRowResults(db: Db, fileId: string): Promise<void> {
  await db
    .update(importRows)
    .set({ status: null, messages: [], details: null, aedUdid: null, processedAt: null })
    .where(eq(importRows.fileId, fileId));
}

/** Counts of row results by status, and how many rows have one. */
export async function countResults(db: Db, fileId: string): Promise<{ counts: ImportCounts; processed: number }> {
  const rows = await db
    .select({ status: importRows.status, n: count() })
    .from(importRows)
    .where(eq(importRows.fileId, fileId))
    .groupBy(importRows.status);
  const counts = zeroCounts();
  let processed = 0;
  for (const row of rows) {
    if (!row.status) continue;
    counts[row.status as keyof ImportCounts] = Number(row.n);
    processed += Number(row.n);
  }
  return { counts, processed };
}

/** A page of rows with their results, optionally of one status ('pending': not processed yet). */
export async function rowsPage(db: Db, fileId: string, status: RowStatus | undefined, offset: number, limit: number) {
  const where = and(eq(importRows.fileId, fileId), status === undefined ? undefined : status === 'pending' ? isNull(importRows.status) : eq(importRows.status, status));
  const [total] = await db.select({ n: count() }).from(importRows).where(where);
  const list = await db.select().from(importRows).where(where).orderBy(asc(importRows.row)).offset(offset).limit(limit);
  return { list, count: Number(total.n) };
}

/** Rows with results, in sheet order, a batch at a time (for the export). */
export async function rowsForExport(db: Db, fileId: string, afterRow: number, limit: number, only?: number[]) {
  return db
    .select()
    .from(importRows)
    .where(and(eq(importRows.fileId, fileId), gt(importRows.row, afterRow), only ? inArray(importRows.row, only) : undefined))
    .orderBy(asc(importRows.row))
    .limit(limit);
}

/**
 * Takes or renews the lease of a processing run for `owner`: granted when nobody holds it, it
 * expired, or `owner` already holds it. Returns the run when granted.
 */
export async function takeLease(db: Db, id: number, owner: string, seconds: number): Promise<ImportRecord | undefined> {
  const [row] = await db
    .update(imports)
    .set({ leaseOwner: owner, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(imports.id, id),
        eq(imports.state, 'processing'),
        sql`(${imports.leaseUntil} IS NULL OR ${imports.leaseUntil} < now() OR ${imports.leaseOwner} = ${owner})`,
      ),
    )
    .returning();
  return row;
}

export async function releaseLease(db: Db, id: number, owner: string): Promise<void> {
  await db
    .update(imports)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(imports.id, id), eq(imports.leaseOwner, owner)));
}

/** Runs being processed whose lease nobody holds (their instance stopped or died). */
export async function orphanedRuns(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.state, 'processing'), sql`(${imports.leaseUntil} IS NULL OR ${imports.leaseUntil} < now())`));
  return rows.map((row) => row.id);
}

/**
 * Records a processed batch on the run, under the lease: cursor, processed rows, counts and time.
 * False when the lease was lost meanwhile (the batch must then be rolled back).
 */
export async function advanceRun(db: Db, id: number, owner: string, batch: { cursor: number; processed: number; counts: ImportCounts; ms: number }): Promise<boolean> {
  const delta = JSON.stringify(batch.counts);
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE imports SET cursor = ${batch.cursor}, processed = processed + ${batch.processed},
               counts = (SELECT jsonb_object_agg(k, coalesce((counts->>k)::int, 0) + coalesce((${delta}::jsonb->>k)::int, 0))
                           FROM jsonb_object_keys(${delta}::jsonb) AS k),
               duration_ms = coalesce(duration_ms, 0) + ${Math.round(batch.ms)}, failures = 0, updated_at = now()
         WHERE id = ${id} AND lease_owner = ${owner} RETURNING id`,
  );
  return rows.length > 0;
}
