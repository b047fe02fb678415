import { and, sql } from 'drizzle-orm';
import type { ImportFieldId } from '../../../../contract/import.fields';
import type { Db } from '../../db/database';
import { aeds } from '../../db/schema/aeds';
import { availabilityUpdate, deleteUpdate, insertAeds as insertRegisterAeds, vigilExternalId, type AedInsert, type AedPatch, type AedRow } from '../aeds/face';
import type { AedValues } from './mapping';

/**
 * The import's rows as the AED register's writes: AEDs found by the import's key fields, new rows
 * as the register's bulk insert, updates and deletions as its patches. The writes themselves, the
 * duplicate rules and their thresholds are the register's (aeds/register.ts,
 * aeds/register-duplicates.ts); availability changes go through its chart helpers.
 */

/** The aeds column a primary-key field is matched against. */
const keyColumns = {
  l_udid: aeds.udid,
  l_idAed: aeds.idAed,
  l_externalSourceId: aeds.externalSourceId,
  d_serialNumber: aeds.serialNumber,
  d_cabinetId: aeds.cabinetId,
  l_name: aeds.name,
} as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** AEDs of the account whose key column holds one of `keys`, deleted ones included, grouped by key. */
export async function findByKeys(db: Db, idSite: number, field: ImportFieldId, keys: string[]): Promise<Map<string, AedRow[]>> {
  const column = keyColumns[field as keyof typeof keyColumns];
  const found = new Map<string, AedRow[]>();
  if (!column) throw new Error(`${field} is no key field`);
  const wanted = [...new Set(field === 'l_udid' ? keys.filter((key) => uuidPattern.test(key)).map((key) => key.toLowerCase()) : keys)];
  if (wanted.length === 0) return found;
  // An OSM file Vigil wrote names an AED that came from no other source `vigil/<udid>`: found by its udid.
  const ownIds = field === 'l_externalSourceId' ? wanted.map(vigilUdidOf).filter((udid): udid is string => udid !== null) : [];
  const byOwnId = ownIds.length > 0 ? sql` OR ${aeds.udid} = ANY(${sql.param(ownIds)}::uuid[])` : sql``;
  // One array parameter rather than a list of 500 (a tenth of the time), and `id_site + 0` to look
  // up by the key's index, not by the account's (see findDuplicates).
  const rows = await db
    .select()
    .from(aeds)
    .where(and(sql`(${column} = ANY(${sql.param(wanted)}::${sql.raw(field === 'l_udid' ? 'uuid' : 'text')}[])${byOwnId})`, sql`${aeds.idSite} + 0 = ${idSite}`));
  const property = columnProperty(field);
  const add = (key: string, row: AedRow) => {
    const list = found.get(key) ?? [];
    if (!list.some((other) => other.id === row.id)) list.push(row);
    found.set(key, list);
  };
  for (const row of rows) {
    if (row[property] !== null) add(String(row[property]), row);
    if (ownIds.includes(row.udid)) add(vigilExternalId(row.udid), row);
  }
  return found;
}

/** The udid in a `vigil/<udid>` id, or null. */
function vigilUdidOf(key: string): string | null {
  const udid = key.startsWith('vigil/') ? key.slice('vigil/'.length).toLowerCase() : '';
  return uuidPattern.test(udid) ? udid : null;
}

function columnProperty(field: ImportFieldId): keyof AedRow {
  const properties: Record<string, keyof AedRow> = {
    l_udid: 'udid',
    l_idAed: 'idAed',
    l_externalSourceId: 'externalSourceId',
    d_serialNumber: 'serialNumber',
    d_cabinetId: 'cabinetId',
    l_name: 'name',
  };
  return properties[field];
}

/** A new AED: its values (name, lat and lon included) in an account. */
export interface NewAed {
  idSite: number;
  /** Country of the account, for rows that name none. */
  country: string;
  values: Partial<AedValues> & { name: string; lat: number; lon: number };
  status?: 'available' | 'inMaintenance' | 'unavailable';
}

/**
 * Inserts the import's new AEDs through the register's bulk path (aeds/register.ts): the account's
 * country for rows that name none, `import` as their source, and an unavailable row's reason.
 * Returns ids and udids in the order given.
 */
export function insertAeds(db: Db, rows: NewAed[]): Promise<{ id: number; udid: string }[]> {
  return insertRegisterAeds(
    db,
    rows.map((row) => {
      const status = row.status ?? 'available';
      return {
        ...(row.values as Partial<AedInsert>),
        country: row.values.country ?? row.country,
        idSite: row.idSite,
        source: 'import',
        status,
        unavailableReason: status === 'unavailable' ? 'temporarilyUnavailable' : null,
      } as AedInsert;
    }),
  );
}

/** The columns of an update: changed values, an availability change checked by the register's chart. */
export function updatePatch(existing: AedRow, values: Partial<AedValues>, status?: 'available' | 'inMaintenance' | 'unavailable'): AedPatch {
  const columns: Partial<AedRow> = { ...(values as Partial<AedRow>), updatedAt: new Date() };
  if (status && status !== existing.status) {
    Object.assign(columns, availabilityUpdate(existing, { status, reason: status === 'unavailable' ? 'temporarilyUnavailable' : undefined }));
  }
  return { id: existing.id, columns };
}

/** The columns of a soft delete through the register's chart (restorable from the AED list). */
export function deletePatch(existing: AedRow): AedPatch {
  return { id: existing.id, columns: { ...deleteUpdate(existing), updatedAt: new Date() } };
}

