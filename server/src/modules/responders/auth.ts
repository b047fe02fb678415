import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { responderErrorKeys } from '../../../../contract/alert.errors';
import type { AppContext } from '../../context';
import type { ResponderIdentity } from './device-tokens';
import { unauthorized } from '../../errors';
import { callerCheck } from '../../plugins/request-guards';

export type { ResponderIdentity } from './device-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    responder?: ResponderIdentity;
  }
}

/** A new device token (shown once) and the hash that is stored. */
export function newDeviceToken(): { token: string; hash: string } {
  const token = `rdt_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * preHandler of the responder API: `Authorization: Responder <device token>`. Responders never
 * use staff JWTs, and a staff JWT never opens this API (it is not a device token).
 */
export function requireResponder(ctx: AppContext) {
  return callerCheck(async (request: FastifyRequest, _reply: FastifyReply) => {
    const match = /^Responder (rdt_[A-Za-z0-9_-]{20,})$/.exec(request.headers.authorization ?? '');
    if (!match) throw unauthorized(responderErrorKeys.invalidToken);
    const identity = await ctx.deviceTokens.identify(hashToken(match[1]));
    if (!identity) throw unauthorized(responderErrorKeys.invalidToken);
    request.responder = identity;
  });
}

/** The responder of a request that went through requireResponder. */
export function responderOf(request: FastifyRequest): ResponderIdentity {
  if (!request.responder) throw unauthorized(responderErrorKeys.invalidToken);
  return request.responder;
}
