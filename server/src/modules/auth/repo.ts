import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passwordResets, users } from '../../db/schema/accounts';

/** Finds an active or inactive user by e-mail or username, case-insensitively. */
export async function findUserByLogin(db: Db, login: string) {
  const lowered = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${lowered}`, sql`lower(${users.username}) = ${lowered}`));
  return row;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function recordFailedSignin(db: Db, userId: number, maxFailures: number, lockMinutes: number): Promise<void> {
  await db
    .update(users)
    .set({
      failedSignins: sql`${users.failedSignins} + 1`,
      lockedUntil: sql`CASE WHEN ${users.failedSignins} + 1 >= ${maxFailures} THEN now() + make_interval(mins => ${lockMinutes}) ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, userId));
}

export async function clearFailedSignins(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ failedSignins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** Stores a new password hash and ends every earlier session of the user. */
export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, failedSignins: 0, lockedUntil: null, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function insertPasswordReset(db: Db, userId: number, tokenHash: string, validMinutes: number): Promise<void> {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt: sql`now() + make_interval(mins => ${validMinutes})` });
}

/** The unused, unexpired reset for this token and user, if any. */
export async function findLiveReset(db: Db, userId: number, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)));
  return row;
}

/** Marks a reset used; false when another request used it first. */
export async function consumeReset(db: Db, resetId: number): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}
