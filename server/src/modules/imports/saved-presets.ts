import { and, desc, eq, inArray } from 'drizzle-orm';
import { errorKeys } from '../../../../contract/errors';
import { importErrorKeys } from '../../../../contract/import.errors';
import type { FieldMapConfig, HeaderCell, ImportPreset, SavedPreset } from '../../../../contract/import.schemas';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { importPresets } from '../../db/schema/imports';
import { forbidden, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { accountSubtree } from '../accounts/face';
import { headerName } from './presets';

/**
 * Mappings an account keeps under a name. A file whose header, normalised, is the same as the one
 * a mapping was saved from gets that mapping proposed (preset `saved`), before any recognised one.
 */

/** The header as saved presets compare it. */
export const signatureOf = (header: { value: string }[]) => header.map((cell) => headerName(cell.value)).join('|');

type Row = typeof importPresets.$inferSelect;

const presetOf = (row: Row): SavedPreset => ({
  id: row.id,
  idSite: row.idSite,
  name: row.name,
  columns: row.columns,
  fieldMapConfig: row.fieldMapConfig,
  createdAt: row.createdAt.toISOString(),
});

async function visibleSites(ctx: AppContext, session: Session): Promise<number[]> {
  return (await accountSubtree(ctx.database.db, session.siteId)).map((account) => account.id);
}

/** Saves (or replaces, by name) a mapping of the account over a header. */
export async function savePreset(ctx: AppContext, session: Session, body: { idSite: number; name: string; header: HeaderCell[]; fieldMapConfig: FieldMapConfig }): Promise<SavedPreset> {
  if (!(await visibleSites(ctx, session)).includes(body.idSite)) throw forbidden(errorKeys.accountNotAllowed);
  // Kept in header order: a later file with the same header takes the entries by position.
  const byKey = new Map(body.fieldMapConfig.map((entry) => [entry.key, entry]));
  const ordered = body.header.map((cell) => byKey.get(cell.cellAddress) ?? { key: cell.cellAddress, column: cell.value, field: null, primaryKey: false });
  const values = {
    idSite: body.idSite,
    userId: session.userId,
    name: body.name,
    signature: signatureOf(body.header),
    columns: body.header.map((cell) => cell.value),
    fieldMapConfig: ordered,
  };
  const [row] = await ctx.database.db
    .insert(importPresets)
    .values(values)
    .onConflictDoUpdate({ target: [importPresets.idSite, importPresets.name], set: { ...values, updatedAt: new Date() } })
    .returning();
  return presetOf(row);
}

/** The presets of the caller's accounts (or of one of them), newest first. */
export async function listPresets(ctx: AppContext, session: Session, idSite?: number): Promise<SavedPreset[]> {
  const sites = await visibleSites(ctx, session);
  if (idSite !== undefined && !sites.includes(idSite)) throw forbidden(errorKeys.accountNotAllowed);
  const rows = await ctx.database.db
    .select()
    .from(importPresets)
    .where(inArray(importPresets.idSite, idSite !== undefined ? [idSite] : sites))
    .orderBy(desc(importPresets.updatedAt));
  return rows.map(presetOf);
}

export async function deletePreset(ctx: AppContext, session: Session, id: number): Promise<void> {
  const sites = await visibleSites(ctx, session);
  const deleted = await ctx.database.db
    .delete(importPresets)
    .where(and(eq(importPresets.id, id), inArray(importPresets.idSite, sites)))
    .returning({ id: importPresets.id });
  if (deleted.length === 0) throw notFound(importErrorKeys.presetNotFound);
}

/**
 * The saved mapping for a header, from the given accounts (the caller's own first, then the most
 * recent), laid over the new file's cells; null when none was saved for this header.
 */
export async function savedPresetFor(db: Db, siteIds: number[], ownSite: number, header: HeaderCell[]): Promise<ImportPreset | null> {
  const rows = await db
    .select()
    .from(importPresets)
    .where(and(inArray(importPresets.idSite, siteIds), eq(importPresets.signature, signatureOf(header))))
    .orderBy(desc(importPresets.updatedAt));
  const row = rows.find((candidate) => candidate.idSite === ownSite) ?? rows[0];
  if (!row) return null;
  const fieldMapConfig = header.map((cell, index) => {
    const saved = row.fieldMapConfig[index];
    return { key: cell.cellAddress, column: cell.value, field: saved?.field ?? null, primaryKey: saved?.primaryKey ?? false };
  });
  return { id: 'saved', score: 1, fieldMapConfig, savedId: row.id, name: row.name };
}
