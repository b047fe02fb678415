import type { FastifyReply, FastifyRequest } from 'fastify';
import { can, type Capability } from '../../../contract/access';
import { errorKeys } from '../../../contract/errors';
import { groups } from '../../../contract/groups';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../errors';
import { callerCheck } from './request-guards';

/** The caller, as the server trusts it after checking the token against the database. */
export interface Session {
  userId: number;
  idGroup: number;
  siteId: number;
  email: string;
  /** The token's id (what a logout revokes) and its expiry, ms since the epoch. */
  tokenId: string;
  expiresAt: number;
  /** False while the session's account is still being configured (the waiting page). */
  accountConfigured: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
  }
}

/** Reads `Authorization: JWT <token>` and checks it against the user row. */
export async function sessionFromHeader(ctx: AppContext, header: string | undefined): Promise<Session | undefined> {
  const match = /^(?:JWT|Bearer) (.+)$/.exec(header ?? '');
  if (!match) return undefined;
  return sessionFromToken(ctx, match[1]);
}

export async function sessionFromToken(ctx: AppContext, token: string): Promise<Session | undefined> {
  const claims = await ctx.tokens.verify(token);
  if (!claims) return undefined;
  const user = await ctx.identities.lookup(claims.userId);
  if (!user || !user.active || user.tokenVersion !== claims.tokenVersion || user.revoked.includes(claims.tokenId)) return undefined;
  return {
    userId: claims.userId,
    idGroup: claims.idGroup,
    siteId: claims.siteId,
    email: user.email,
    tokenId: claims.tokenId,
    expiresAt: claims.expiresAt,
    accountConfigured: claims.accountConfigured,
  };
}

/** What a session on an account still being configured may do: list its accounts and switch (the waiting page). */
const whileWaiting: Capability[] = ['account.read'];

/** preHandler: 401 without a valid session (run before validation, see request-guards.ts). */
export function authenticate(ctx: AppContext) {
  return callerCheck(async (request: FastifyRequest, _reply: FastifyReply) => {
    const session = await sessionFromHeader(ctx, request.headers.authorization);
    if (!session) throw unauthorized();
    request.session = session;
  });
}

/**
 * preHandler: 401 without a session, 403 when the caller's group lacks the capability (every one of
 * them, for a list), or when its account is still being configured (the server keeps the waiting
 * page, not only the browser).
 */
export function requireCapability(ctx: AppContext, capability: Capability | readonly Capability[]) {
  const check = authenticate(ctx);
  const anyOf: readonly Capability[] = typeof capability === 'string' ? [capability] : capability;
  return callerCheck(async (request: FastifyRequest, reply: FastifyReply) => {
    await check(request, reply);
    const session = request.session!;
    if (!anyOf.some((one) => can(session.idGroup, one))) throw forbidden(errorKeys.necessaryRights);
    if (!session.accountConfigured && !anyOf.some((one) => whileWaiting.includes(one))) throw forbidden(errorKeys.accountBeingConfigured);
  });
}

/** preHandler: any signed-in staff user, including the forced-password-update pseudo-group. */
export function requireSignedIn(ctx: AppContext) {
  return authenticate(ctx);
}

/** The session of a request that went through one of the preHandlers above. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** Whether a group is a real staff group (not a pseudo-group). */
export function isStaff(idGroup: number): boolean {
  return idGroup !== groups.updatePassword && idGroup !== groups.noRights && idGroup !== groups.signedOut;
}
