import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { inScope, type ResponderScope } from '../accounts/face';

export interface WaitingRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  age: number | null;
  gender: string | null;
  trainedStatus: string;
  skill: string | null;
  skillSpeciality: string | null;
  accountStatus: 'activated' | 'refused' | 'waiting';
  idSite: number | null;
  siteName: string | null;
  createdAt: Date | string;
  diplomaFile: string | null;
}

/** Responders waiting for validation within the scope, oldest first, with the total. */
export async function waitingResponders(db: Db, scope: ResponderScope, limit: number, offset: number): Promise<{ rows: WaitingRow[]; count: number }> {
  const where = sql`r.account_status = 'waiting' AND NOT r.is_bot AND ${inScope(sql`r.id_site`, scope)}`;
  const rows = await rowsOf<WaitingRow>(
    db,
    sql`SELECT r.id, r.first_name AS "firstName", r.last_name AS "lastName", r.email, r.phone, r.age, r.gender,
               r.trained_status AS "trainedStatus", r.skill, r.skill_speciality AS "skillSpeciality",
               r.account_status AS "accountStatus", r.id_site AS "idSite", a.name AS "siteName",
               r.created_at AS "createdAt", r.diploma_file AS "diplomaFile"
          FROM responders r LEFT JOIN accounts a ON a.id = r.id_site
         WHERE ${where}
         ORDER BY r.created_at, r.id
         LIMIT ${limit} OFFSET ${offset}`,
  );
  const [{ count }] = await rowsOf<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM responders r WHERE ${where}`);
  return { rows, count };
}

/** Of these ids, those of responders within the scope. */
export async function visibleIds(db: Db, scope: ResponderScope, ids: number[]): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, sql`SELECT id FROM responders r WHERE r.id = ANY(${sql.param(ids)}::int[]) AND ${inScope(sql`r.id_site`, scope)}`);
  return rows.map((row) => row.id);
}

/** Every responder still waiting within the scope. */
export async function waitingIds(db: Db, scope: ResponderScope): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, sql`SELECT id FROM responders r WHERE r.account_status = 'waiting' AND NOT r.is_bot AND ${inScope(sql`r.id_site`, scope)}`);
  return rows.map((row) => row.id);
}

/** Sets the account status of these responders; returns the ids changed. */
export async function setAccountStatus(db: Db, ids: number[], status: string): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE responders SET account_status = ${status}, updated_at = now() WHERE id = ANY(${sql.param(ids)}::int[]) RETURNING id`,
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The diploma reference of a responder within the scope; undefined when the responder is not visible. */
export async function diplomaOf(db: Db, scope: ResponderScope, id: number): Promise<{ diplomaFile: string | null } | undefined> {
  const [row] = await rowsOf<{ diplomaFile: string | null }>(
    db,
    sql`SELECT diploma_file AS "diplomaFile" FROM responders r WHERE r.id = ${id} AND ${inScope(sql`r.id_site`, scope)}`,
  );
  return row;
}
