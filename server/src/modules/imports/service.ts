import { eq } from 'drizzle-orm';
import { importRunChart, type ImportRunEvent, type ImportRunState } from '../../../../contract/charts/import-run.chart';
import { nextState } from '../../../../contract/charts/transition';
import { importFields, type ImportFieldId } from '../../../../contract/import.fields';
import { errorKeys } from '../../../../contract/errors';
import { importErrorKeys } from '../../../../contract/import.errors';
import type { FieldMapConfig, HoursDefault, ImportRowResult, ImportRun, RowStatus, SavedPreset } from '../../../../contract/import.schemas';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { accountSubtree } from '../accounts/face';
import { compileMapping } from './mapping';
import { processBatch } from './process';
import * as repo from './repo';
import { publishProgress, sendRunJob } from './run-job';
import { savePreset } from './saved-presets';

/** The run's account must be the caller's account or one of its descendants. */
async function visibleSiteIds(ctx: AppContext, session: Session): Promise<number[]> {
  return (await accountSubtree(ctx.database.db, session.siteId)).map((account) => account.id);
}

/** The run, when the caller may see it; 404 otherwise (another tree's runs do not exist for the caller). */
async function visibleRun(ctx: AppContext, session: Session, idImport: number): Promise<{ run: repo.ImportRecord; file: repo.FileRecord }> {
  const run = await repo.findImport(ctx.database.db, idImport);
  if (!run || !(await visibleSiteIds(ctx, session)).includes(run.idSite)) throw notFound(importErrorKeys.notFound);
  const file = await repo.findFile(ctx.database.db, run.fileId);
  if (!file) throw notFound(importErrorKeys.fileNotFound);
  return { run, file };
}

/** The chart's next state, or 409 error.import.illegal-step. */
function step(run: repo.ImportRecord, event: ImportRunEvent): ImportRunState {
  const next = nextState(importRunChart, run.state, event);
  if (!next) throw conflict(importErrorKeys.illegalStep, { state: run.state, event: event.type });
  return next as ImportRunState;
}

/** A run as the calls answer it. */
export function runOf(run: repo.ImportRecord, file: repo.FileRecord): ImportRun {
  return {
    idImport: run.id,
    idSite: run.idSite,
    name: run.name,
    fileName: file.id,
    originalName: file.originalName,
    format: file.format,
    state: run.state as ImportRunState,
    header: file.header,
    numRows: file.numRows,
    fieldMapConfig: run.fieldMapConfig ?? null,
    preset: file.preset ?? null,
    proposals: file.proposals ?? [],
    options: { hoursDefault: run.options?.hoursDefault ?? null },
    processed: run.processed,
    total: run.total,
    counts: run.counts,
    records: run.processed,
    duration: run.durationMs ?? null,
    error: run.error ?? null,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/** POST createImport: a run over an uploaded file, in an account of the caller's tree. */
export async function createImport(ctx: AppContext, session: Session, body: { idSite: number; name: string; fileName: string }): Promise<ImportRun> {
  const sites = await visibleSiteIds(ctx, session);
  if (!sites.includes(body.idSite)) throw forbidden(errorKeys.accountNotAllowed);
  const file = await repo.findFile(ctx.database.db, body.fileName);
  if (!file || !file.completedAt || !sites.includes(file.idSite)) throw notFound(importErrorKeys.fileNotFound);
  if (await repo.findImportByFile(ctx.database.db, file.id)) throw conflict(importErrorKeys.fileAlreadyUsed);
  let run: repo.ImportRecord;
  try {
    run = await repo.createImport(ctx.database.db, { idSite: body.idSite, userId: session.userId, name: body.name, fileId: file.id, total: file.numRows });
  } catch (error) {
    // Two requests raced for the same file: the unique index let one through.
    if (await repo.findImportByFile(ctx.database.db, file.id)) throw conflict(importErrorKeys.fileAlreadyUsed);
    throw error;
  }
  return withPreview(ctx, runOf(run, file));
}

/** Rows of the file shown as samples under each column of the mapping step. */
const previewRows = 5;

/** A run with the first rows of its file (the mapping step's samples after a reload). */
async function withPreview(ctx: AppContext, run: ImportRun): Promise<ImportRun> {
  const file = await repo.findFile(ctx.database.db, run.fileName);
  const rows = await repo.firstRows(ctx.database.db, run.fileName, previewRows);
  const width = file?.header.length ?? 0;
  return { ...run, preview: rows.map((row) => ({ row: row.row, cells: Array.from({ length: width }, (_unused, index) => row.cells[index] ?? '') })) };
}

/**
 * Checks a mapping against the file: every entry names a header cell, a field is used once,
 * exactly one primary key on a field that can be one; a key that creates AEDs needs the name and
 * a location (coordinates or an address) mapped too (spec §5 "required fields").
 */
export function checkMapping(header: { cellAddress: string }[], config: FieldMapConfig): void {
  const addresses = new Set(header.map((cell) => cell.cellAddress));
  const unknown = config.filter((entry) => !addresses.has(entry.key));
  if (unknown.length) throw badRequest(importErrorKeys.mappingUnknownColumn, unknown.map((entry) => ({ field: entry.key, message: importErrorKeys.mappingUnknownColumn })));
  const keys = config.filter((entry) => entry.primaryKey);
  if (keys.length !== 1) throw badRequest(importErrorKeys.mappingPrimaryKey, { primaryKeys: keys.length });
  const keyField = keys[0].field as ImportFieldId | null;
  if (!keyField || !('key' in importFields[keyField])) throw badRequest(importErrorKeys.mappingKeyField, { field: keyField });
  const seen = new Set<string>();
  for (const entry of config) {
    if (!entry.field) continue;
    if (seen.has(entry.field)) throw badRequest(importErrorKeys.mappingDuplicateField, { field: entry.field });
    seen.add(entry.field);
  }
  const key = importFields[keyField] as { key: { insertsWhenMissing: boolean } };
  if (key.key.insertsWhenMissing) {
    if (!seen.has('l_name')) throw badRequest(importErrorKeys.mappingNameRequired, { field: 'l_name' });
    const located = (seen.has('l_lat') && seen.has('l_lon')) || seen.has('l_latLon') || seen.has('l_address');
    if (!located) throw badRequest(importErrorKeys.mappingLocationRequired, { fields: ['l_lat', 'l_lon', 'l_latLon', 'l_address'] });
  }
}

/** POST mappings: saves the column mapping (again, until processing starts). */
export async function saveMapping(
  ctx: AppContext,
  session: Session,
  body: { idImport: number; fieldMapConfig: FieldMapConfig; hoursDefault?: HoursDefault | null },
): Promise<ImportRun> {
  const { run, file } = await visibleRun(ctx, session, body.idImport);
  const state = step(run, { type: 'import.map' });
  checkMapping(file.header, body.fieldMapConfig);
  const options = { hoursDefault: body.hoursDefault ?? null };
  const saved = await repo.moveImport(ctx.database.db, run.id, run.state, { state, fieldMapConfig: body.fieldMapConfig, options });
  if (!saved) throw conflict(importErrorKeys.illegalStep, { state: run.state, event: 'import.map' });
  return runOf(saved, file);
}

/** POST processImport: processes the whole file in a durable job (again after a finished run: every row anew). */
export async function startProcessing(ctx: AppContext, session: Session, idImport: number): Promise<ImportRun> {
  const { run, file } = await visibleRun(ctx, session, idImport);
  const state = step(run, { type: 'import.start' });
  if (run.state === 'done') await repo.clearRowResults(ctx.database.db, file.id);
  const started = await repo.moveImport(ctx.database.db, run.id, run.state, {
    state,
    cursor: 0,
    processed: 0,
    counts: repo.zeroCounts(),
    durationMs: 0,
    failures: 0,
    error: null,
    startedAt: new Date(),
    finishedAt: null,
    leaseOwner: null,
    leaseUntil: null,
  });
  if (!started) throw conflict(importErrorKeys.illegalStep, { state: run.state, event: 'import.start' });
  await sendRunJob(ctx, run.id);
  await publishProgress(ctx, started);
  return runOf(started, file);
}

/** POST pauseImport: the job stops after its current batch. */
export async function pauseProcessing(ctx: AppContext, session: Session, idImport: number): Promise<ImportRun> {
  const { run, file } = await visibleRun(ctx, session, idImport);
  const state = step(run, { type: 'import.pause' });
  const paused = await repo.moveImport(ctx.database.db, run.id, run.state, { state });
  if (!paused) throw conflict(importErrorKeys.illegalStep, { state: run.state, event: 'import.pause' });
  await publishProgress(ctx, paused);
  return runOf(paused, file);
}

/** POST resumeImport: goes on from the first row not processed yet. */
export async function resumeProcessing(ctx: AppContext, session: Session, idImport: number): Promise<ImportRun> {
  const { run, file } = await visibleRun(ctx, session, idImport);
  const state = step(run, { type: 'import.resume' });
  const resumed = await repo.moveImport(ctx.database.db, run.id, run.state, { state, failures: 0, error: null, finishedAt: null });
  if (!resumed) throw conflict(importErrorKeys.illegalStep, { state: run.state, event: 'import.resume' });
  await sendRunJob(ctx, run.id);
  await publishProgress(ctx, resumed);
  return runOf(resumed, file);
}

/** A stored row as the calls answer it. */
export function rowResultOf(row: { row: number; cells: string[]; status: string | null; messages: string[]; details: Record<string, unknown> | null; aedUdid: string | null }): ImportRowResult {
  return { row: row.row, cells: row.cells, status: (row.status ?? 'pending') as RowStatus, messages: row.messages ?? [], details: row.details ?? null, udid: row.aedUdid ?? null };
}

/**
 * POST processByRow: processes one row now, the same way the job does (retry after a fix
 * elsewhere, or `forced` to accept a potential duplicate); the run's counts follow.
 */
export async function processRow(ctx: AppContext, session: Session, body: { idImport: number; row: number; forced: boolean }): Promise<ImportRowResult> {
  const { run, file } = await visibleRun(ctx, session, body.idImport);
  step(run, { type: 'import.processRow' });
  if (!run.fieldMapConfig) throw conflict(importErrorKeys.illegalStep, { state: run.state, event: 'import.processRow' });
  const stored = await repo.findRow(ctx.database.db, file.id, body.row);
  if (!stored) throw notFound(importErrorKeys.rowNotFound);
  const [account] = await ctx.database.db.select({ country: accounts.country }).from(accounts).where(eq(accounts.id, run.idSite));
  const mapping = compileMapping(file.header, run.fieldMapConfig);
  await processBatch(
    { db: ctx.database.db, geocoder: ctx.geocoder, idSite: run.idSite, fileId: file.id, mapping, country: account?.country ?? 'FR', log: ctx.log, hoursDefault: run.options?.hoursDefault ?? null },
    [{ row: stored.row, cells: stored.cells }],
    {
      forced: body.forced ? new Set([stored.row]) : undefined,
      afterWrite: async (tx) => {
        const { counts, processed } = await repo.countResults(tx, file.id);
        await repo.moveImport(tx, run.id, run.state, { counts, processed });
      },
    },
  );
  const updated = await repo.findRow(ctx.database.db, file.id, body.row);
  const latest = await repo.findImport(ctx.database.db, run.id);
  if (latest) await publishProgress(ctx, latest);
  return rowResultOf(updated!);
}

export async function getImport(ctx: AppContext, session: Session, idImport: number): Promise<ImportRun> {
  const { run, file } = await visibleRun(ctx, session, idImport);
  return withPreview(ctx, runOf(run, file));
}

/** GET getImports: the runs of the caller's tree (or of one of its accounts), newest first. */
export async function listImports(ctx: AppContext, session: Session, idSite?: number): Promise<ImportRun[]> {
  const sites = await visibleSiteIds(ctx, session);
  if (idSite !== undefined && !sites.includes(idSite)) throw forbidden(errorKeys.accountNotAllowed);
  const runs = await repo.listImports(ctx.database.db, idSite !== undefined ? [idSite] : sites);
  return runs.map((run) => runOf(run, run.file));
}

export async function listRows(ctx: AppContext, session: Session, query: { idImport: number; status?: RowStatus; page: number; limit: number }) {
  const { file } = await visibleRun(ctx, session, query.idImport);
  const page = await repo.rowsPage(ctx.database.db, file.id, query.status, (query.page - 1) * query.limit, query.limit);
  return { list: page.list.map(rowResultOf), count: page.count };
}

/** POST presets: keeps a run's mapping (as sent) under a name for the account, over the run's header. */
export async function savePresetOfRun(ctx: AppContext, session: Session, body: { idSite: number; name: string; idImport: number; fieldMapConfig: FieldMapConfig }): Promise<SavedPreset> {
  const { file } = await visibleRun(ctx, session, body.idImport);
  checkMapping(file.header, body.fieldMapConfig);
  return savePreset(ctx, session, { idSite: body.idSite, name: body.name, header: file.header, fieldMapConfig: body.fieldMapConfig });
}

export { visibleRun };
