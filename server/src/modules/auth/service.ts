import { createHash, randomBytes } from 'node:crypto';
import type { SignedInUser } from '../../../../contract/auth.schemas';
import { errorKeys } from '../../../../contract/errors';
import { groups } from '../../../../contract/groups';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors';
import { findAccount, hasThirdAccess } from '../accounts/repo';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';

const maxFailures = 5;
const lockMinutes = 15;
const resetValidMinutes = 60;
// Verified against when the login is unknown, so an unknown e-mail costs the same time as a wrong password.
const decoyHash = hashPassword('decoy password that matches nothing');

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

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
  const token = await ctx.tokens.sign({ userId: user.id, idGroup, siteId, tokenVersion: user.tokenVersion }, expiresIn);
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

/** Checks a password; locks the account for 15 minutes after 5 failures in a row. */
export async function signIn(ctx: AppContext, input: { username: string; password: string; rememberMe?: boolean }) {
  const db = ctx.database.db;
  const user = await repo.findUserByLogin(db, input.username);
  if (!user || !user.passwordHash || !user.active) {
    await verifyPassword(await decoyHash, input.password).catch(() => false);
    throw unauthorized(errorKeys.incorrectPassword);
  }
  if (user.lockedUntil && user.lockedUntil > new Date()) throw new AppError(429, errorKeys.accountLocked);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await repo.recordFailedSignin(db, user.id, maxFailures, lockMinutes);
    throw unauthorized(errorKeys.incorrectPassword);
  }
  await repo.clearFailedSignins(db, user.id);
  return issueSession(ctx, user, user.siteId, input.rememberMe);
}

/** Signs in a user already identified by the third-party provider (no password). */
export async function signInByEmail(ctx: AppContext, email: string) {
  const user = await repo.findUserByLogin(ctx.database.db, email);
  if (!user || !user.active) throw unauthorized(errorKeys.userNotFound);
  return issueSession(ctx, user, user.siteId);
}

/** Forced or voluntary password update; answers a new session with the real group. */
export async function updatePassword(ctx: AppContext, userId: number, siteId: number, password: string) {
  const db = ctx.database.db;
  await repo.setPassword(db, userId, await hashPassword(password));
  ctx.identities.forget(userId);
  const user = await repo.findUserById(db, userId);
  if (!user) throw unauthorized(errorKeys.userNotFound);
  return issueSession(ctx, user, siteId);
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

/** Mails a renewal link when the address belongs to an active user; answers the same either way. */
export async function forgotPassword(ctx: AppContext, input: { email: string; baseUrl?: string }, lang: string) {
  const base = linkBase(ctx, input.baseUrl);
  const user = await repo.findUserByLogin(ctx.database.db, input.email);
  if (!user || !user.active) return;
  const token = randomBytes(32).toString('hex');
  await repo.insertPasswordReset(ctx.database.db, user.id, sha256(token), resetValidMinutes);
  const link = `${base}/authentication/renew-password?token=${token}&id=${user.id}`;
  // Sent in the background: the answer must not tell, by its status or its delay, that the address exists.
  ctx.mail.send(renewalMail(user.email, link, lang)).catch((error: unknown) => ctx.log.error({ err: error }, 'renewal mail failed'));
}

function renewalMail(to: string, link: string, lang: string) {
  const texts: Record<string, { subject: string; body: string }> = {
    fr: { subject: 'Vigil : renouvellement de votre mot de passe', body: 'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure) :' },
    de: { subject: 'Vigil: Erneuerung Ihres Passworts', body: 'Um ein neues Passwort zu wählen, öffnen Sie diesen Link (eine Stunde gültig):' },
    en: { subject: 'Vigil: renew your password', body: 'To choose a new password, open this link (valid for one hour):' },
  };
  const text = texts[lang.slice(0, 2)] ?? texts.en;
  return { to, subject: text.subject, text: `${text.body}\n\n${link}\n`, html: `<p>${text.body}</p><p><a href="${link}">${link}</a></p>` };
}

/** Throws token-not-found unless the token is live for this user. */
export async function verifyResetToken(ctx: AppContext, token: string, idUser: number) {
  const reset = await repo.findLiveReset(ctx.database.db, idUser, sha256(token));
  if (!reset) throw badRequest(errorKeys.tokenNotFound);
  return reset;
}

/** Sets a new password with a renewal token; the token works once. */
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
