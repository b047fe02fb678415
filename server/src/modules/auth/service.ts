import { createHash, randomBytes } from 'node:crypto';
import type { SignedInUser } from '../../../../contract/auth.schemas';
import { errorKeys } from '../../../../contract/errors';
import { groups } from '../../../../contract/groups';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { findAccount, hasThirdAccess } from '../accounts/face';
import { recordAuthEvent, type CallOrigin } from './events';
import { lockoutMail, renewalMail } from './mails';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';

/** Wrong passwords from one address on one account before that address is paused on it. */
const maxFailures = 5;
const lockMinutes = 15;
const resetValidMinutes = 60;
// Verified against when the login is unknown or paused, so that such a sign-in costs the time of a wrong password.
const decoyHash = hashPassword('decoy password that matches nothing');

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** The throttle key of one account's wrong passwords from one address. */
const failuresKey = (userId: number, ip: string) => `signin|${userId}|${ip}`;

/** The group a session acts as: 100001 while the password must change, 100002 for a group with no route set. */
function effectiveGroup(user: repo.UserRow): number {
  if (user.mustChangePassword) return groups.updatePassword;
  return [1, 5, 6, 7, 8, 9].includes(user.idGroup) ? user.idGroup : groups.noRights;
}

/** Builds the signed-in user the SPA stores, with a fresh token for the given account. */
async function issueSession(ctx: AppContext, user: repo.UserRow, siteId: number, rememberMe = false): Promise<SignedInUser & { accountConfigured: boolean }> {
  const account = await findAccount(ctx.database.db, siteId);
  if (!account) throw forbidden(errorKeys.accountNotAllowed);
  const expiresIn = Math.round(rememberMe ? ctx.config.REMEMBER_ME_DAYS * 86_400 : ctx.config.SESSION_HOURS * 3_600);
  const idGroup = effectiveGroup(user);
  const token = await ctx.tokens.sign({ userId: user.id, idGroup, siteId, tokenVersion: user.tokenVersion, accountConfigured: account.configured }, expiresIn);
  return {
    token,
    expiresIn,
    id: user.id,
    idGroup,
    siteId,
    accountName: account.name,
    accountLogo: account.logo,
    accountConfigured: account.configured,
    defaultLanguage: user.defaultLanguage,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
  };
}

const auditUser = (user: repo.UserRow) => ({ id: user.id, email: user.email, idGroup: user.idGroup, siteId: user.siteId });

/**
 * Checks a password. Five wrong ones from one address pause that address on that account for 15
 * minutes (the holder is told by mail); the holder can still sign in from elsewhere, so an outsider
 * cannot keep a dispatcher out. Unknown, inactive and paused answer exactly as a wrong password.
 */
export async function signIn(ctx: AppContext, input: { username: string; password: string; rememberMe?: boolean }, origin: CallOrigin) {
  const db = ctx.database.db;
  const user = await repo.findUserByLogin(db, input.username);
  const key = user ? failuresKey(user.id, origin.ip) : undefined;
  const paused = key !== undefined && (await ctx.throttle.hits(key)) >= maxFailures;
  if (!user || !user.passwordHash || !user.active || paused) {
    await verifyPassword(await decoyHash, input.password).catch(() => false);
    const reason = !user ? 'unknown' : paused ? 'paused' : 'inactive';
    await recordAuthEvent(ctx, origin, { action: 'account.signInFailed', status: 401, user: user && auditUser(user), details: { reason } });
    throw unauthorized(errorKeys.incorrectPassword);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const { hits } = await ctx.throttle.hit(key!, lockMinutes * 60_000);
    await recordAuthEvent(ctx, origin, { action: 'account.signInFailed', status: 401, user: auditUser(user), details: { reason: 'password', failures: hits } });
    if (hits === maxFailures) await lockedOut(ctx, user, origin);
    throw unauthorized(errorKeys.incorrectPassword);
  }
  await ctx.throttle.clear(key!);
  const session = await issueSession(ctx, user, user.siteId, input.rememberMe);
  await recordAuthEvent(ctx, origin, { action: 'account.signIn', status: 200, user: auditUser(user), details: { rememberMe: Boolean(input.rememberMe) } });
  return session;
}

/** The fifth wrong password from one address: audited, and the holder is told by mail. */
async function lockedOut(ctx: AppContext, user: repo.UserRow, origin: CallOrigin) {
  await recordAuthEvent(ctx, origin, { action: 'account.lockout', status: 401, user: auditUser(user), details: { minutes: lockMinutes } });
  const link = `${new URL(ctx.config.PUBLIC_URL).origin}/authentication/reset-password`;
  ctx.mail.send(lockoutMail(user.email, origin.ip, lockMinutes, link, user.defaultLanguage)).catch((error: unknown) => ctx.log.error({ err: error }, 'lockout mail failed'));
}

/** Signs in a user already identified by the third-party provider (no password). */
export async function signInByEmail(ctx: AppContext, email: string) {
  const user = await repo.findUserByLogin(ctx.database.db, email);
  if (!user || !user.active) throw unauthorized(errorKeys.userNotFound);
  return issueSession(ctx, user, user.siteId);
}

/**
 * Forced or voluntary password update; answers a new session with the real group. Outside the
 * forced update the current password is asked (a session left open must not be enough), and wrong
 * ones count towards the pause of sign-ins from that address.
 */
export async function updatePassword(ctx: AppContext, session: Session, input: { password: string; currentPassword?: string }, origin: CallOrigin) {
  const db = ctx.database.db;
  const current = await repo.findUserById(db, session.userId);
  if (!current) throw unauthorized(errorKeys.userNotFound);
  if (session.idGroup !== groups.updatePassword) {
    const key = failuresKey(current.id, origin.ip);
    if ((await ctx.throttle.hits(key)) >= maxFailures) throw new AppError(429, errorKeys.tooManyRequests);
    const matches = Boolean(input.currentPassword && current.passwordHash) && (await verifyPassword(current.passwordHash!, input.currentPassword!));
    if (!matches) {
      await ctx.throttle.hit(key, lockMinutes * 60_000);
      throw badRequest(errorKeys.currentPasswordWrong, [{ field: 'currentPassword', message: errorKeys.currentPasswordWrong }]);
    }
  }
  await repo.setPassword(db, session.userId, await hashPassword(input.password));
  ctx.identities.forget(session.userId);
  const user = await repo.findUserById(db, session.userId);
  if (!user) throw unauthorized(errorKeys.userNotFound);
  return issueSession(ctx, user, session.siteId);
}

/** Ends the session's token at once, on every instance (and its WebSocket). */
export async function logout(ctx: AppContext, session: Session) {
  await repo.revokeToken(ctx.database.db, session.userId, session.tokenId, new Date(session.expiresAt));
  ctx.identities.forget(session.userId);
}

/** The address links in mails point to: the configured public URL, or a baseUrl on the same origin. */
function linkBase(ctx: AppContext, baseUrl: string | undefined): string {
  const allowed = new URL(ctx.config.PUBLIC_URL).origin;
  if (!baseUrl) return allowed;
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    throw badRequest(errorKeys.baseUrlNotAllowed);
  }
  if (origin !== allowed) throw badRequest(errorKeys.baseUrlNotAllowed);
  return origin;
}

/**
 * Mails a renewal link when the address belongs to an active user; answers the same either way.
 * The answer leaves before the address is even looked up: neither its status nor its delay can
 * tell that the address exists (the look-up, the stored token and the mail follow in the background).
 */
export function forgotPassword(ctx: AppContext, input: { email: string; baseUrl?: string }, lang: string): void {
  const base = linkBase(ctx, input.baseUrl);
  const work = async () => {
    const user = await repo.findUserByLogin(ctx.database.db, input.email);
    if (!user || !user.active) return;
    const token = randomBytes(32).toString('hex');
    await repo.insertPasswordReset(ctx.database.db, user.id, sha256(token), resetValidMinutes);
    const link = `${base}/authentication/renew-password?token=${token}&id=${user.id}`;
    await ctx.mail.send(renewalMail(user.email, link, lang));
  };
  work().catch((error: unknown) => ctx.log.error({ err: error }, 'renewal mail failed'));
}

/** Throws token-not-found unless the token is live for this user. */
export async function verifyResetToken(ctx: AppContext, token: string, idUser: number) {
  const reset = await repo.findLiveReset(ctx.database.db, idUser, sha256(token));
  if (!reset) throw badRequest(errorKeys.tokenNotFound);
  return reset;
}

/** Sets a new password with a renewal token; the token works once, and every other outstanding one of the user ends with it. */
export async function renewPassword(ctx: AppContext, input: { token: string; idUser: number; password: string }) {
  const reset = await verifyResetToken(ctx, input.token, input.idUser);
  const passwordHash = await hashPassword(input.password);
  await ctx.database.db.transaction(async (tx) => {
    if (!(await repo.consumeReset(tx, reset.id))) throw badRequest(errorKeys.tokenNotFound);
    await repo.setPassword(tx, input.idUser, passwordHash);
  });
  ctx.identities.forget(input.idUser);
}

/** A new session on another account the user has third-party access to. */
export async function switchAccount(ctx: AppContext, userId: number, idAccount: number) {
  const user = await repo.findUserById(ctx.database.db, userId);
  if (!user) throw unauthorized(errorKeys.userNotFound);
  if (idAccount !== user.siteId && !(await hasThirdAccess(ctx.database.db, userId, idAccount))) throw forbidden(errorKeys.accountNotAllowed);
  return issueSession(ctx, user, idAccount);
}

/** The account a user belongs to (the one a switch can always return to). */
export async function ownSiteOf(ctx: AppContext, userId: number): Promise<number> {
  const user = await repo.findUserById(ctx.database.db, userId);
  if (!user) throw unauthorized(errorKeys.userNotFound);
  return user.siteId;
}
