import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { nameOrder } from '../../db/name-order';
import { inScope, type ResponderScope } from '../accounts/face';

export interface TesterRow {
  id: number;
  udid: string;
  responderId: number;
  deviceId: number;
  name: string;
  phone: string;
  zipcode: string | null;
  os: string;
  updatedAt: Date | string;
}

const testerColumns = sql`t.id, t.udid, t.responder_id AS "responderId", t.device_id AS "deviceId", t.name, t.phone, t.zipcode, d.os, t.updated_at AS "updatedAt"`;

/** Testers whose responder is within the scope, by name. */
export async function listTesters(db: Db, scope: ResponderScope): Promise<TesterRow[]> {
  return rowsOf<TesterRow>(
    db,
    sql`SELECT ${testerColumns}
          FROM testers t JOIN responders r ON r.id = t.responder_id JOIN responder_devices d ON d.id = t.device_id
         WHERE ${inScope(sql`r.id_site`, scope)}
         ORDER BY ${nameOrder(sql`t.name`)}, t.id`,
  );
}

/** The tester entry of a phone, if the phone is a tester within the scope. */
export async function testerByUdid(db: Db, scope: ResponderScope, udid: string): Promise<TesterRow | undefined> {
  const [row] = await rowsOf<TesterRow>(
    db,
    sql`SELECT ${testerColumns}
          FROM testers t JOIN responders r ON r.id = t.responder_id JOIN responder_devices d ON d.id = t.device_id
         WHERE t.udid = ${udid} AND ${inScope(sql`r.id_site`, scope)}
         ORDER BY t.id LIMIT 1`,
  );
  return row;
}

export async function testerById(db: Db, scope: ResponderScope, id: number): Promise<TesterRow | undefined> {
  const [row] = await rowsOf<TesterRow>(
    db,
    sql`SELECT ${testerColumns}
          FROM testers t JOIN responders r ON r.id = t.responder_id JOIN responder_devices d ON d.id = t.device_id
         WHERE t.id = ${id} AND ${inScope(sql`r.id_site`, scope)}`,
  );
  return row;
}

export interface DeviceRow {
  deviceId: number;
  responderId: number;
  udid: string;
  os: string;
  pushToken: string | null;
  active: boolean;
  buildVersion: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  language: string;
  lat: number | null;
  lon: number | null;
}

/** The phone with this udid within the scope (the active, most recently seen one if several). */
export async function deviceByUdid(db: Db, scope: ResponderScope, udid: string): Promise<DeviceRow | undefined> {
  const [row] = await rowsOf<DeviceRow>(
    db,
    sql`SELECT d.id AS "deviceId", r.id AS "responderId", d.udid, d.os, d.push_token AS "pushToken", d.active,
               d.build_version AS "buildVersion", r.first_name AS "firstName", r.last_name AS "lastName", r.phone, r.language,
               p.lat, p.lon
          FROM responder_devices d JOIN responders r ON r.id = d.responder_id
          LEFT JOIN responder_positions p ON p.responder_id = r.id
         WHERE d.udid = ${udid} AND NOT r.is_bot AND ${inScope(sql`r.id_site`, scope)}
         ORDER BY d.active DESC, d.last_seen_at DESC NULLS LAST, d.id DESC LIMIT 1`,
  );
  return row;
}

/** Adds a tester; undefined when the phone already is one (a concurrent add won). */
export async function insertTester(
  db: Db,
  values: { responderId: number; deviceId: number; udid: string; name: string; phone: string; zipcode: string | null; addedBy: number },
): Promise<number | undefined> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO testers (responder_id, device_id, udid, name, phone, zipcode, added_by)
        VALUES (${values.responderId}, ${values.deviceId}, ${values.udid}, ${values.name}, ${values.phone}, ${values.zipcode}, ${values.addedBy})
        ON CONFLICT (device_id) DO NOTHING RETURNING id`,
  );
  return row?.id;
}

export async function deleteTester(db: Db, id: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(db, sql`DELETE FROM testers WHERE id = ${id} RETURNING id`);
  return rows.length > 0;
}

/** Keeps responders.is_tester (read by test alerts) in step with the testers table. */
export async function syncResponderFlag(db: Db, responderId: number): Promise<void> {
  await db.execute(sql`UPDATE responders SET is_tester = EXISTS (SELECT 1 FROM testers WHERE responder_id = ${responderId}), updated_at = now() WHERE id = ${responderId}`);
}

export interface SearchRow {
  udid: string;
  responderId: number;
  name: string;
  phone: string;
  email: string;
  os: string;
  buildVersion: string | null;
  isTester: boolean;
}

/** Phones of responders within the scope whose name, phone, e-mail or udid contains the filter. */
export async function searchDevices(db: Db, scope: ResponderScope, filter: string, limit = 20): Promise<SearchRow[]> {
  const pattern = `%${filter.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return rowsOf<SearchRow>(
    db,
    sql`SELECT d.udid, r.id AS "responderId", r.first_name || ' ' || r.last_name AS name, r.phone, r.email, d.os,
               d.build_version AS "buildVersion", EXISTS (SELECT 1 FROM testers t WHERE t.device_id = d.id) AS "isTester"
          FROM responder_devices d JOIN responders r ON r.id = d.responder_id
         WHERE d.active AND NOT r.is_bot AND ${inScope(sql`r.id_site`, scope)}
           AND (r.first_name || ' ' || r.last_name ILIKE ${pattern} OR r.last_name || ' ' || r.first_name ILIKE ${pattern}
                OR r.phone ILIKE ${pattern} OR r.email ILIKE ${pattern} OR d.udid ILIKE ${pattern})
         ORDER BY ${nameOrder(sql`r.last_name`)}, ${nameOrder(sql`r.first_name`)}, d.id
         LIMIT ${limit}`,
  );
}
