import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passwordResets, users } from '../../db/schema/accounts';
import { revokedSessions } from '../../db/schema/security';

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

/** Stores a new password hash, ends every earlier session of the user and every reset token still outstanding. */
export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, failedSignins: 0, lockedUntil: null, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  await db.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Ends one session token before its expiry (a logout); the row goes once the token would have expired. */
export async function revokeToken(db: Db, userId: number, tokenId: string, expiresAt: Date): Promise<void> {
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, sql`now()`));
  await db.insert(revokedSessions).values({ tokenId, userId, expiresAt }).onConflictDoNothing();
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
