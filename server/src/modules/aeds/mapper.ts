import { vigilanceOn, type AedVigilance, type VigilanceInput } from '../../../../contract/aed-vigilance';
import type { AedContact, AedDetail, AedPicture, AedReport } from '../../../../contract/aed.schemas';
import type { AedListItem } from '../../../../contract/aed-list.schemas';
import { isoTimestamp } from '../../db/timestamps';
import { aedContacts, aedFiles, aedReports } from '../../db/schema/aeds';
import { aedSettings, today } from './settings';
import type { AedRow, SiteInfo } from './tenancy';

/** ISO text of a timestamp, or null. */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return isoTimestamp(value);
}

/** The vigilance of AED rows today: build it once per answer, then call it per row. */
export function vigilanceToday() {
  return vigilanceOn(today(), aedSettings.AED_VIGILANCE_DAYS);
}

export function pictureOf(row: typeof aedFiles.$inferSelect): AedPicture {
  return {
    id: row.id,
    type: row.type,
    filename: row.filename,
    mime: row.mime,
    size: row.size,
    rotation: row.rotation,
    url: `/services/backOffice/aed/getFile/${row.id}`,
    createdAt: iso(row.createdAt)!,
  };
}

export function contactOf(row: typeof aedContacts.$inferSelect): AedContact {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    function: row.function,
    phoneCode: row.phoneCode,
    phone: row.phone,
    email: row.email,
    contactType: row.contactType,
    defaultLanguage: row.defaultLanguage,
    timezone: row.timezone,
    siren: row.siren,
  };
}

export function reportOf(row: typeof aedReports.$inferSelect): AedReport {
  return {
    id: row.id,
    date: iso(row.createdAt)!,
    email: row.reporterEmail,
    description: row.description,
    problemType: row.problemType,
    city: row.city,
    status: row.status as AedReport['status'],
    resolvedAt: iso(row.resolvedAt),
    mailSentAt: iso(row.mailSentAt),
  };
}

/** The full AED of getAed. */
export function detailOf(
  row: AedRow,
  site: SiteInfo,
  parts: { pictures: AedPicture[]; contacts: AedContact[]; reports: AedReport[]; distance: number | null; geoDaeMissing: string[] },
): AedDetail {
  const { searchText: _search, unavailableJobId: _job, statusBeforeDelete: _before, linkedAedId: _linked, ...fields } = row;
  return {
    ...fields,
    accountName: site.name,
    accountKind: site.kind,
    status: row.status as AedDetail['status'],
    openingHours: row.openingHours as AedDetail['openingHours'],
    unavailableUntil: iso(row.unavailableUntil),
    lastConfirmationDate: iso(row.lastConfirmationDate),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    deletedAt: iso(row.deletedAt),
    vigilance: vigilanceToday()(row),
    ...parts,
  };
}

/** One row of getAllList. */
export function listItemOf(row: Omit<AedListItem, 'vigilance' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'unavailableUntil' | 'lastConfirmationDate'> & {
  createdAt: Date | string;
  updatedAt: Date | string;
  deletedAt: Date | string | null;
  unavailableUntil: Date | string | null;
  lastConfirmationDate: Date | string | null;
}, vigilance: (row: VigilanceInput) => AedVigilance): AedListItem {
  return {
    ...row,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    deletedAt: iso(row.deletedAt),
    unavailableUntil: iso(row.unavailableUntil),
    lastConfirmationDate: iso(row.lastConfirmationDate),
    onGoingReports: Number(row.onGoingReports),
    vigilance: vigilance(row),
  };
}
