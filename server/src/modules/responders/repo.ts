import { sql } from 'drizzle-orm';
import type { RegisterBody } from '../../../../contract/responder.schemas';
import { rowsOf, type Db } from '../../db/database';

/** Inserts a responder and returns its id. */
export async function insertResponder(db: Db, responder: RegisterBody['responder'], options: { accountStatus: string; isBot?: boolean; idSite?: number | null }): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO responders (id_site, first_name, last_name, email, phone, age, gender, trained_status, skill, skill_speciality, carries_aed, account_status, language, is_bot)
        VALUES (${options.idSite ?? null}, ${responder.firstName}, ${responder.lastName}, ${responder.email}, ${responder.phone}, ${responder.age ?? null},
                ${responder.gender ?? null}, ${responder.trainedStatus}, ${responder.skill ?? null}, ${responder.skillSpeciality ?? null}, ${responder.carriesAed},
                ${options.accountStatus}, ${responder.language}, ${options.isBot ?? false})
        RETURNING id`,
  );
  return row.id;
}

/** Adds a device, or replaces the token and push data of the responder's device with that udid. */
export async function upsertDevice(db: Db, responderId: number, device: RegisterBody['device'], tokenHash: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO responder_devices (responder_id, os, push_token, build_version, udid, token_hash, last_seen_at)
        VALUES (${responderId}, ${device.os}, ${device.pushToken ?? null}, ${device.buildVersion ?? null}, ${device.udid}, ${tokenHash}, now())
        ON CONFLICT (responder_id, udid) DO UPDATE SET os = excluded.os, push_token = excluded.push_token, build_version = excluded.build_version,
          token_hash = excluded.token_hash, active = true, last_seen_at = now()
        RETURNING id`,
  );
  return row.id;
}

/** Gives a device a new token hash; the old token stops working at once. */
export async function replaceToken(db: Db, deviceId: number, tokenHash: string): Promise<void> {
  await db.execute(sql`UPDATE responder_devices SET token_hash = ${tokenHash} WHERE id = ${deviceId}`);
}

export interface DeviceRow {
  id: number;
  os: 'ios' | 'android' | 'web';
  push_token: string | null;
  build_version: string | null;
  udid: string;
}

/** Changes the push token, OS or build version of a device. */
export async function updateDevice(db: Db, deviceId: number, fields: { os?: string; pushToken?: string; buildVersion?: string }): Promise<DeviceRow> {
  const [row] = await rowsOf<DeviceRow>(
    db,
    sql`UPDATE responder_devices SET os = coalesce(${fields.os ?? null}, os), push_token = coalesce(${fields.pushToken ?? null}, push_token),
          build_version = coalesce(${fields.buildVersion ?? null}, build_version)
        WHERE id = ${deviceId} RETURNING id, os, push_token, build_version, udid`,
  );
  return row;
}

/** Stores the last known position (and availability when given) of a responder. */
export async function upsertPosition(db: Db, responderId: number, position: { lat: number; lon: number; accuracy?: number; available?: boolean }): Promise<void> {
  const available = position.available ?? null;
  await db.execute(sql`INSERT INTO responder_positions (responder_id, lat, lon, earth, accuracy, available, reported_at)
      VALUES (${responderId}, ${position.lat}, ${position.lon}, ll_to_earth(${position.lat}, ${position.lon}), ${position.accuracy ?? null}, coalesce(${available}::boolean, true), now())
      ON CONFLICT (responder_id) DO UPDATE SET lat = excluded.lat, lon = excluded.lon, earth = excluded.earth, accuracy = excluded.accuracy,
        available = coalesce(${available}::boolean, responder_positions.available), reported_at = now()`);
}

/** Sets availability; false when the responder has never reported a position (nothing to change then). */
export async function setAvailability(db: Db, responderId: number, available: boolean): Promise<boolean> {
  const rows = await rowsOf<{ responder_id: number }>(db, sql`UPDATE responder_positions SET available = ${available} WHERE responder_id = ${responderId} RETURNING responder_id`);
  return rows.length === 1;
}

export interface ResponderStateRow {
  id: number;
  account_status: 'activated' | 'refused' | 'waiting';
  trained_status: string;
  available: boolean | null;
  lat: number | null;
  lon: number | null;
  reported_at: Date | null;
}

/** A responder with its last position. */
export async function responderState(db: Db, responderId: number): Promise<ResponderStateRow | undefined> {
  const [row] = await rowsOf<ResponderStateRow>(
    db,
    sql`SELECT r.id, r.account_status, r.trained_status, p.available, p.lat, p.lon, p.reported_at
          FROM responders r LEFT JOIN responder_positions p ON p.responder_id = r.id WHERE r.id = ${responderId}`,
  );
  return row;
}
