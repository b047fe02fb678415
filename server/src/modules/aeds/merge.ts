import { and, eq, inArray, isNull } from 'drizzle-orm';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import { mergeableFields } from '../../../../contract/aed-merge.schemas';
import type { AppContext } from '../../context';
import { aedContacts, aedFiles, aedReports, aeds } from '../../db/schema/aeds';
import { AppError, badRequest, conflict } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { deleteUpdate } from './availability';
import { aedKeyCondition, visibleSites, type AedRow } from './tenancy';

/** An empty value: nothing to keep (null, blank text, no opening range). */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'object') return Object.values(value as object).every((entry) => Array.isArray(entry) && entry.length === 0);
  return false;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The AEDs of the given keys in the caller's tree, in that order; missing ones are reported. */
async function loadMergeSet(ctx: AppContext, session: Session, keys: string[]) {
  const sites = await visibleSites(ctx, session);
  const siteIds = new Set(sites.map((site) => site.id));
  const rows: (AedRow | undefined)[] = [];
  for (const key of keys) {
    const condition = aedKeyCondition(key);
    const [row] = condition ? await ctx.database.db.select().from(aeds).where(condition) : [];
    rows.push(row && siteIds.has(row.idSite) ? row : undefined);
  }
  return rows;
}

function distinctKeys(preferred: string, others: string[]): string[] {
  const keys = [...new Set([preferred, ...others].map((key) => key.trim().toLowerCase()).filter(Boolean))];
  if (keys.length < 2) throw badRequest(aedErrorKeys.mergeTooFew);
  return keys;
}

/** GET aed/aedsMergeInfo: the AEDs side by side, field by field, with the value proposed for each. */
export async function mergeInfo(ctx: AppContext, session: Session, query: { compareUdid: string; preferredUdid: string }) {
  const keys = distinctKeys(query.preferredUdid, query.compareUdid.split(','));
  const rows = await loadMergeSet(ctx, session, keys);
  if (rows.some((row) => !row)) throw new AppError(404, aedErrorKeys.notFound, { missing: keys.filter((_key, index) => !rows[index]) });
  const set = rows as AedRow[];
  const counts = async (table: typeof aedFiles | typeof aedContacts | typeof aedReports, id: number) => (await ctx.database.db.select({ id: table.id }).from(table).where(eq(table.aedId, id))).length;
  const aedsInfo = [];
  for (const row of set) {
    aedsInfo.push({ udid: row.udid, id: row.id, name: row.name, idSite: row.idSite, status: row.status, pictures: await counts(aedFiles, row.id), contacts: await counts(aedContacts, row.id), reports: await counts(aedReports, row.id) });
  }
  const fields = mergeableFields.map((field) => {
    const values = set.map((row) => ({ udid: row.udid, value: row[field as keyof AedRow] ?? null }));
    const proposed = isEmptyValue(values[0].value) ? (values.find((entry) => !isEmptyValue(entry.value)) ?? values[0]) : values[0];
    return { field, label: `aed.field.${field}`, values, same: values.every((entry) => sameValue(entry.value, values[0].value)), proposedUdid: proposed.udid };
  });
  return { preferredUdid: set[0].udid, aeds: aedsInfo, fields };
}

/**
 * PATCH aed/aedMerge: the preferred AED takes the chosen value of each field, the pictures,
 * contacts and reports of the others, their GeoDAE link when it has none, the best certification
 * and confirmation; the others are soft-deleted with merged_into_id set. The receiving AED must
 * still exist (409 error.aed.merge-receiver-removed). An empty chosen value needs confirmEmpty.
 */
export async function mergeAeds(ctx: AppContext, session: Session, body: { preferredUdid: string; mergedUdids: string[]; values: Record<string, string>; confirmEmpty: boolean }) {
  const keys = distinctKeys(body.preferredUdid, body.mergedUdids);
  const rows = await loadMergeSet(ctx, session, keys);
  const [receiver, ...others] = rows;
  if (!receiver || receiver.deletedAt) throw conflict(aedErrorKeys.mergeReceiverRemoved);
  const missing = others.flatMap((row, index) => (!row || row.deletedAt ? [keys[index + 1]] : []));
  if (missing.length) throw new AppError(404, aedErrorKeys.notFound, { missing });
  const merged = others as AedRow[];
  const byUdid = new Map([receiver, ...merged].map((row) => [row.udid, row]));
  for (const row of [receiver, ...merged]) byUdid.set(String(row.id), row);

  const chosen: Record<string, unknown> = {};
  const warnings: { field: string; key: string }[] = [];
  for (const [field, udid] of Object.entries(body.values)) {
    if (!(mergeableFields as string[]).includes(field)) throw badRequest(aedErrorKeys.mergeUnknownField, { field });
    const source = byUdid.get(udid.toLowerCase());
    if (!source) throw badRequest(aedErrorKeys.mergeSourceNotInMerge, { field, udid });
    const value = source[field as keyof AedRow];
    if (isEmptyValue(value)) warnings.push({ field, key: 'warning.aed.merge-empty-value' });
    chosen[field] = value ?? null;
  }
  if (warnings.length && !body.confirmEmpty) return { merged: false, udid: receiver.udid, warnings, mergedUdids: merged.map((row) => row.udid) };
  for (const field of ['name', 'lat', 'lon', 'country', 'alwaysOpened', 'itinerant', 'hasChildPads', 'openingHours'] as const) {
    if (chosen[field] === null) delete chosen[field];
  }

  const all = [receiver, ...merged];
  const certified = all.filter((row) => row.certified);
  const lastCertification = certified.map((row) => row.lastCertificationDate).filter(Boolean).sort().at(-1) ?? receiver.lastCertificationDate;
  const confirmations = all.map((row) => row.lastConfirmationDate).filter((date): date is Date => Boolean(date));
  const linkDonor = receiver.isLinked ? undefined : merged.find((row) => row.isLinked);
  const mergedIds = merged.map((row) => row.id);

  await ctx.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(aeds)
      .set({
        ...(chosen as Partial<AedRow>),
        certified: certified.length > 0,
        lastCertificationDate: lastCertification,
        validated: all.some((row) => row.validated),
        lastConfirmationDate: confirmations.length ? new Date(Math.max(...confirmations.map((date) => date.getTime()))) : null,
        ...(linkDonor ? { isLinked: true, idGeocoeur: linkDonor.idGeocoeur, linkedGeoDae: linkDonor.linkedGeoDae, linkedAedId: linkDonor.linkedAedId } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(aeds.id, receiver.id), isNull(aeds.deletedAt)))
      .returning({ id: aeds.id });
    if (updated.length === 0) throw conflict(aedErrorKeys.mergeReceiverRemoved);
    await tx.update(aedFiles).set({ aedId: receiver.id }).where(inArray(aedFiles.aedId, mergedIds));
    await tx.update(aedContacts).set({ aedId: receiver.id }).where(inArray(aedContacts.aedId, mergedIds));
    await tx.update(aedReports).set({ aedId: receiver.id }).where(inArray(aedReports.aedId, mergedIds));
    for (const row of merged) {
      // The GeoDAE record of a merged AED follows the receiver, or becomes free again.
      if (row.isLinked && row.linkedAedId) {
        const keep = linkDonor?.id === row.id;
        await tx
          .update(aeds)
          .set(keep ? { linkedAedId: receiver.id } : { isLinked: false, linkedAedId: null })
          .where(eq(aeds.id, row.linkedAedId));
      }
      const gone = await tx
        .update(aeds)
        .set({ ...deleteUpdate(row), mergedIntoId: receiver.id, isLinked: false, linkedAedId: null, updatedAt: new Date() })
        .where(and(eq(aeds.id, row.id), isNull(aeds.deletedAt)))
        .returning({ id: aeds.id });
      if (gone.length === 0) throw new AppError(404, aedErrorKeys.notFound, { missing: [row.udid] });
    }
  });
  return { merged: true, udid: receiver.udid, warnings, mergedUdids: merged.map((row) => row.udid) };
}
