import { randomUUID } from 'node:crypto';
import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { copyRows } from '../../db/copy';
import { rowsOf, type Db } from '../../db/database';
import { aedContacts, aeds } from '../../db/schema/aeds';
import type { AedRow } from './tenancy';

/**
 * The register's bulk writes: many AEDs and contacts in a few statements, for the import (thousands
 * of rows per second) and the demo seed. One AED at a time goes through the AED form (form.ts); the
 * duplicate rules both respect are in register-duplicates.ts.
 */

/** A new AED's columns (drizzle property names); the udid is drawn when not given. */
export type AedInsert = typeof aeds.$inferInsert;

/** The columns of a contact that a bulk write sets. */
export type ContactFields = Pick<typeof aedContacts.$inferInsert, 'firstName' | 'lastName' | 'function' | 'phoneCode' | 'phone' | 'email' | 'contactType' | 'siren'>;

/** The id an OpenStreetMap file Vigil writes gives an AED that came from no other source (osm-feature.ts). */
export const vigilExternalId = (udid: string) => `vigil/${udid}`;

/** Column names of the AED table by drizzle property. */
const aedColumnNames = new Map(Object.entries(getTableColumns(aeds)).map(([property, column]) => [property, column.name]));

/**
 * Inserts AEDs through the bulk path: their ids drawn from the table's sequence in one statement,
 * then one COPY (db/copy.ts), whose statement-level triggers keep the map cells, per-brand cells
 * and search copy once for the batch, or record the AEDs for a catch-up when the transaction
 * defers that (upkeep.ts). Every row names every column some row sets: the NOT NULL columns no
 * row sets otherwise get their defaults. Returns ids and udids in the order given.
 */
export async function insertAeds(db: Db, rows: AedInsert[]): Promise<{ id: number; udid: string }[]> {
  if (rows.length === 0) return [];
  const prepared = rows.map((row) => ({ alwaysOpened: false, openingHours: {}, itinerant: false, hasChildPads: false, ...row, udid: row.udid ?? randomUUID() }) as Record<string, unknown> & { udid: string });
  const ids = await rowsOf<{ id: number }>(db, sql`SELECT nextval(pg_get_serial_sequence('aeds', 'id'))::int AS id FROM generate_series(1, ${prepared.length})`);
  const properties = [...new Set(prepared.flatMap((row) => Object.keys(row).filter((key) => row[key] !== undefined)))];
  const columns = properties.map((property) => {
    const name = aedColumnNames.get(property);
    if (!name || name === 'id') throw new Error(`aeds has no column ${property}`);
    return name;
  });
  await copyRows(
    db,
    'aeds',
    ['id', ...columns],
    prepared.map((row, index) => [ids[index].id, ...properties.map((property) => row[property])]),
  );
  return prepared.map((row, index) => ({ id: Number(ids[index].id), udid: row.udid }));
}

/** One AED's change in a bulk update: the columns to set (drizzle property names), by AED id. */
export interface AedPatch {
  id: number;
  columns: Partial<AedRow>;
}

/**
 * Sets columns of many rows of a table in one UPDATE … FROM: each row's own columns, the others
 * kept (`CASE WHEN patch ? column`), so statement-level triggers run once for the batch. Ids must
 * be distinct (an UPDATE changes a row once).
 */
async function patchRows(db: Db, table: typeof aeds | typeof aedContacts, tableName: 'aeds' | 'aed_contacts', rows: { id: number; columns: Record<string, unknown> }[]): Promise<void> {
  if (rows.length === 0) return;
  const columnNames = new Map(Object.entries(getTableColumns(table)).map(([property, column]) => [property, column.name]));
  const used = new Set<string>();
  const records = rows.map(({ id, columns }) => {
    const patch: Record<string, unknown> = {};
    for (const [property, value] of Object.entries(columns)) {
      if (value === undefined) continue;
      const name = columnNames.get(property);
      if (!name || name === 'id') throw new Error(`${tableName} has no column ${property}`);
      patch[name] = value instanceof Date ? value.toISOString() : value;
      used.add(name);
    }
    return { id, patch };
  });
  if (used.size === 0) return;
  const sets: SQL[] = [...used].map((name) => sql`${sql.identifier(name)} = CASE WHEN v.patch ? ${name} THEN r.${sql.identifier(name)} ELSE t.${sql.identifier(name)} END`);
  await db.execute(
    sql`UPDATE ${sql.identifier(tableName)} AS t SET ${sql.join(sets, sql`, `)}
          FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(id int, patch jsonb)
         CROSS JOIN LATERAL jsonb_populate_record(NULL::${sql.identifier(tableName)}, v.patch) AS r
         WHERE t.id = v.id`,
  );
}

/** Updates and soft deletes of many AEDs in one statement (distinct ids). */
export async function patchAeds(db: Db, patches: AedPatch[]): Promise<void> {
  await patchRows(db, aeds, 'aeds', patches as { id: number; columns: Record<string, unknown> }[]);
}

/** Contacts of many AEDs in two statements: the existing ones updated, the new ones added (distinct ids). */
export async function writeContacts(db: Db, rows: { aedId: number; contact: ContactFields; existingId?: number }[]): Promise<void> {
  await patchRows(
    db,
    aedContacts,
    'aed_contacts',
    rows.filter((row) => row.existingId).map((row) => ({ id: row.existingId!, columns: row.contact as unknown as Record<string, unknown> })),
  );
  await insertContacts(
    db,
    rows.filter((row) => !row.existingId).map(({ aedId, contact }) => ({ aedId, contact })),
  );
}

export type ContactRow = typeof aedContacts.$inferSelect;

/** Contacts of these AEDs, by AED id. */
export async function contactsOf(db: Db, aedIds: number[]): Promise<Map<number, ContactRow[]>> {
  const byAed = new Map<number, ContactRow[]>();
  if (aedIds.length === 0) return byAed;
  const rows = await db.select().from(aedContacts).where(inArray(aedContacts.aedId, aedIds));
  for (const row of rows) byAed.set(row.aedId, [...(byAed.get(row.aedId) ?? []), row]);
  return byAed;
}

/** Adds contacts of many new AEDs in one COPY. */
export async function insertContacts(db: Db, rows: { aedId: number; contact: ContactFields }[]): Promise<void> {
  await copyRows(
    db,
    'aed_contacts',
    ['aed_id', 'first_name', 'last_name', 'function', 'phone_code', 'phone', 'email', 'contact_type', 'siren'],
    rows.map(({ aedId, contact }) => [aedId, contact.firstName, contact.lastName, contact.function, contact.phoneCode, contact.phone, contact.email, contact.contactType, contact.siren ?? null]),
  );
}
