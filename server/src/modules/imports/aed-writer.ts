import { randomUUID } from 'node:crypto';
import { and, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { ImportFieldId } from '../../../../contract/import.fields';
import { copyRows } from '../../db/copy';
import { rowsOf, type Db } from '../../db/database';
import { aedContacts, aeds } from '../../db/schema/aeds';
import { availabilityUpdate, deleteUpdate, type AedRow } from '../aeds/face';
import type { AedValues, ContactValues } from './mapping';

/**
 * The one place the import touches the AED register's tables. The register's module has no bulk
 * functions yet (see docs/api-import.md, "Needed from the AED register"): the import writes
 * thousands of rows per second, so it inserts by batch and finds duplicates for a whole batch in
 * one query, with the same rules as the register (server/src/modules/aeds/duplicates.ts and
 * form.ts). Availability changes go through the register's own chart helpers.
 */

/** The register's potential-duplicate rule (aeds/duplicates.ts): within 300 m and a name alike, or within 50 m. */
export const duplicateRadiusMetres = 300;
export const duplicateNameSimilarity = 0.3;
export const duplicateCloseMetres = 50;
/** The register's "a defibrillator already exists" rule (aeds/form.ts): same name within 30 m, or same brand and serial number. */
export const sameDeviceMetres = 30;

export type { AedRow };

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

/** The OSM id Vigil writes for an AED that came from no other source (aeds/osm-feature.ts). */
export const vigilExternalId = (udid: string) => `vigil/${udid}`;

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

/** A row about to be inserted, for the duplicate check. */
export interface DuplicateProbe {
  index: number;
  lat: number;
  lon: number;
  name: string;
  serialNumber?: string;
  brand?: string;
}

export interface DuplicateHit {
  udid: string;
  name: string;
  distance: number;
  similarity: number;
  /** The register would refuse it outright ("a defibrillator already exists"). */
  sameDevice: boolean;
}

/** Lower case without accents, as the register compares names. */
export function normaliseName(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/**
 * Potential duplicates in the account of a whole batch of rows, in one query: live AEDs within
 * 300 m with a name alike or within 50 m, and AEDs with the same brand and serial number anywhere.
 */
export async function findDuplicates(db: Db, idSite: number, probes: DuplicateProbe[]): Promise<Map<number, DuplicateHit[]>> {
  const hits = new Map<number, DuplicateHit[]>();
  if (probes.length === 0) return hits;
  const index = sql`${`{${probes.map((probe) => probe.index).join(',')}}`}::int[]`;
  const lats = sql`${`{${probes.map((probe) => probe.lat).join(',')}}`}::float8[]`;
  const lons = sql`${`{${probes.map((probe) => probe.lon).join(',')}}`}::float8[]`;
  const names = sql`${JSON.stringify(probes.map((probe) => normaliseName(probe.name)))}::jsonb`;
  const serials = sql`${JSON.stringify(probes.map((probe) => probe.serialNumber?.trim() || null))}::jsonb`;
  const brands = sql`${JSON.stringify(probes.map((probe) => (probe.brand ?? '').toLowerCase()))}::jsonb`;
  // One gist lookup per probe (LATERAL); `id_site + 0` keeps the planner off the account index,
  // which would compare every probe with every AED of the account when statistics are missing.
  const rows = await rowsOf<{ i: number; udid: string; name: string; distance: number; similarity: number; same_device: boolean }>(
    db,
    sql`WITH v AS (
          SELECT p.i, ll_to_earth(p.lat, p.lon) AS e, ${names}->>(p.n::int - 1) AS name,
                 ${serials}->>(p.n::int - 1) AS serial, ${brands}->>(p.n::int - 1) AS brand
            FROM unnest(${index}, ${lats}, ${lons}) WITH ORDINALITY AS p(i, lat, lon, n)
        )
        SELECT v.i, near.udid, near.name, near.distance, near.similarity,
               (near.same_name AND near.distance <= ${sameDeviceMetres}) AS same_device
          FROM v CROSS JOIN LATERAL (
            SELECT a.udid::text AS udid, a.name, earth_distance(v.e, ll_to_earth(a.lat, a.lon)) AS distance,
                   similarity(lower(vigil_unaccent(a.name)), v.name) AS similarity,
                   lower(vigil_unaccent(a.name)) = v.name AS same_name
              FROM aeds a
             WHERE earth_box(v.e, ${duplicateRadiusMetres}) @> ll_to_earth(a.lat, a.lon)
               AND a.id_site + 0 = ${idSite} AND a.deleted_at IS NULL
          ) AS near
         WHERE near.distance <= ${duplicateRadiusMetres} AND (near.similarity >= ${duplicateNameSimilarity} OR near.distance <= ${duplicateCloseMetres})
        UNION ALL
        SELECT v.i, same.udid, same.name, earth_distance(v.e, ll_to_earth(same.lat, same.lon)), 1, true
          FROM v CROSS JOIN LATERAL (
            SELECT a.udid::text AS udid, a.name, a.lat, a.lon
              FROM aeds a
             WHERE a.serial_number = v.serial AND a.id_site + 0 = ${idSite} AND a.deleted_at IS NULL
               AND lower(coalesce(a.brand, '')) = v.brand
          ) AS same
         WHERE v.serial IS NOT NULL`,
  );
  for (const row of rows) {
    const list = hits.get(Number(row.i)) ?? [];
    if (list.some((hit) => hit.udid === row.udid)) continue;
    list.push({ udid: row.udid, name: row.name, distance: Math.round(Number(row.distance)), similarity: Math.round(Number(row.similarity) * 1000) / 1000, sameDevice: Boolean(row.same_device) });
    hits.set(Number(row.i), list);
  }
  for (const list of hits.values()) list.sort((a, b) => Number(b.sameDevice) - Number(a.sameDevice) || b.similarity - a.similarity || a.distance - b.distance);
  return hits;
}

/** A new AED: its values (name, lat and lon included) in an account. */
export interface NewAed {
  idSite: number;
  /** Country of the account, for rows that name none. */
  country: string;
  values: Partial<AedValues> & { name: string; lat: number; lon: number };
  status?: 'available' | 'inMaintenance' | 'unavailable';
}

/** Column names of the AED table by drizzle property. */
const aedColumnNames = new Map(Object.entries(getTableColumns(aeds)).map(([property, column]) => [property, column.name]));

/**
 * Inserts AEDs through the bulk path: their ids drawn from the table's sequence in one statement,
 * then one COPY (db/copy.ts), whose statement-level triggers keep the map cells, per-brand cells
 * and search copy once for the batch, or record the AEDs for a catch-up when the transaction
 * defers that (aeds/upkeep.ts). Returns ids and udids in the order given.
 */
export async function insertAeds(db: Db, rows: NewAed[]): Promise<{ id: number; udid: string }[]> {
  if (rows.length === 0) return [];
  const prepared = rows.map((row) => {
    const status = row.status ?? 'available';
    return {
      udid: randomUUID(),
      // Every row names every column some row sets: give the others' NOT NULL columns their defaults.
      alwaysOpened: false,
      openingHours: {},
      itinerant: false,
      hasChildPads: false,
      ...(row.values as Partial<typeof aeds.$inferInsert>),
      country: row.values.country ?? row.country,
      idSite: row.idSite,
      source: 'import',
      status,
      unavailableReason: status === 'unavailable' ? 'temporarilyUnavailable' : null,
    } as Record<string, unknown> & { udid: string };
  });
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
export async function writeContacts(db: Db, rows: { aedId: number; contact: ContactValues; existingId?: number }[]): Promise<void> {
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
export async function insertContacts(db: Db, rows: { aedId: number; contact: ContactValues }[]): Promise<void> {
  await copyRows(
    db,
    'aed_contacts',
    ['aed_id', 'first_name', 'last_name', 'function', 'phone_code', 'phone', 'email', 'contact_type', 'siren'],
    rows.map(({ aedId, contact }) => [aedId, contact.firstName, contact.lastName, contact.function, contact.phoneCode, contact.phone, contact.email, contact.contactType, contact.siren ?? null]),
  );
}
