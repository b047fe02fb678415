import { and, eq, inArray } from 'drizzle-orm';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import { aedEditableFieldNames, aedPatchBody, type AedPatchBody } from '../../../../contract/aed.schemas';
import { errorKeys } from '../../../../contract/errors';
import type { AppContext } from '../../context';
import { aedContacts, aedFiles, aeds } from '../../db/schema/aeds';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { availabilityUpdate, scheduleAvailabilityEnd } from './availability';
import { reloadDetail } from './detail';
import { writePictures, type PatchInput } from './pictures';
import { assertNotDuplicate } from './register-duplicates';
import { today } from './settings';
import { findVisibleAed, visibleSites, type AedRow } from './tenancy';
import { parseOrThrow } from './validation';

/** The data columns of a patch (fields given in the body; null clears). */
function dataColumns(body: AedPatchBody): Partial<AedRow> {
  const columns: Record<string, unknown> = {};
  for (const field of aedEditableFieldNames) if (field in body) columns[field] = (body as Record<string, unknown>)[field] ?? null;
  for (const field of ['name', 'country', 'lat', 'lon', 'alwaysOpened', 'itinerant', 'hasChildPads', 'openingHours', 'source'] as const) {
    if (columns[field] === null) delete columns[field];
  }
  return columns as Partial<AedRow>;
}

/**
 * PATCH aed/patchAed/{udid}: creates ("new") or updates an AED with its contacts, pictures,
 * availability, certification and confirmation, in one transaction.
 */
export async function patchAed(ctx: AppContext, session: Session, udid: string, input: PatchInput) {
  const body = parseOrThrow(aedPatchBody, input.body);
  const sites = await visibleSites(ctx, session);
  const creating = udid === 'new';
  let existing: AedRow | undefined;
  if (!creating) existing = (await findVisibleAed(ctx, session, udid)).aed;
  if (existing?.status === 'deleted') {
    // An availability change is refused by the availability chart, with its key; any other edit waits for a restore.
    if (body.availability) availabilityUpdate(existing, body.availability);
    throw conflict(errorKeys.illegalTransition, { status: 'deleted' });
  }

  const idSite = body.idSite ?? existing?.idSite ?? session.siteId;
  const site = sites.find((candidate) => candidate.id === idSite);
  if (!site) throw forbidden(aedErrorKeys.accountNotAllowed);

  const columns: Partial<AedRow> = { ...dataColumns(body), idSite, updatedAt: new Date() };
  if (creating) {
    if (!body.name) throw badRequest(aedErrorKeys.nameRequired, [{ field: 'name', message: aedErrorKeys.nameRequired }]);
    if (body.lat === undefined || body.lon === undefined) throw badRequest(errorKeys.missingFields, [{ field: 'lat', message: errorKeys.required }]);
  }
  if (body.availability) Object.assign(columns, availabilityUpdate(existing ?? { status: 'available' }, body.availability));
  if (body.certification) {
    columns.certified = body.certification.certified;
    if (body.certification.certified) columns.lastCertificationDate = body.certification.date ?? today();
  }
  if (body.confirm) Object.assign(columns, { validated: true, lastConfirmationDate: new Date() });

  // A position staff set themselves is checked: the import's "position to check" flag goes.
  if (existing?.positionToCheck && (('lat' in columns && columns.lat !== existing.lat) || ('lon' in columns && columns.lon !== existing.lon))) columns.positionToCheck = false;
  const merged = { ...existing, ...columns } as AedRow;
  const identityChanged = creating || ['name', 'lat', 'lon', 'serialNumber', 'brand', 'idSite'].some((field) => field in columns && columns[field as keyof AedRow] !== existing?.[field as keyof AedRow]);
  if (identityChanged) await assertNotDuplicate(ctx.database.db, merged, existing?.id);

  const contactIds = (body.contacts ?? []).flatMap((contact) => (contact.id ? [contact.id] : []));
  if (contactIds.length && existing) {
    const owned = await ctx.database.db.select({ id: aedContacts.id }).from(aedContacts).where(and(eq(aedContacts.aedId, existing.id), inArray(aedContacts.id, contactIds)));
    if (owned.length !== new Set(contactIds).size) throw notFound(aedErrorKeys.contactNotFound);
  } else if (contactIds.length) throw notFound(aedErrorKeys.contactNotFound);

  const files = await writePictures(ctx, input.pictures);
  let saved: AedRow;
  try {
    saved = await ctx.database.db.transaction(async (tx) => {
      // The availability the chart judged must still be the stored one (a concurrent change is a 409).
      const [row] = existing
        ? await tx
            .update(aeds)
            .set(columns)
            .where(and(eq(aeds.id, existing.id), eq(aeds.status, existing.status)))
            .returning()
        : await tx
            .insert(aeds)
            .values({ source: 'manual', ...columns } as typeof aeds.$inferInsert)
            .returning();
      if (!row) throw conflict(aedErrorKeys.availabilityNotCompliant);
      for (const contact of body.contacts ?? []) {
        const { id, ...values } = contact;
        const cleaned = { ...values, email: values.email || null, phone: values.phone || null, phoneCode: values.phone ? values.phoneCode : null, siren: values.siren || null };
        if (id) await tx.update(aedContacts).set(cleaned).where(eq(aedContacts.id, id));
        else await tx.insert(aedContacts).values({ ...cleaned, aedId: row.id });
      }
      if (files.rows.length) await tx.insert(aedFiles).values(files.rows.map((file) => ({ ...file, aedId: row.id, type: 'picture' })));
      return row;
    });
  } catch (error) {
    await files.discard();
    throw error;
  }
  if (body.availability) await scheduleAvailabilityEnd(ctx, existing ?? { unavailableJobId: null }, saved);
  return reloadDetail(ctx, saved.id, site);
}
