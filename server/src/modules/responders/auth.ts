import { hash, randomBytes } from 'node:crypto';
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

/** The SHA-256 of a token, in hex (one call: a report hashes its token every time). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * preHandler of the responder API: `Authorization: Responder <device token>`. Responders never
 * use staff JWTs, and a staff JWT never opens this API (it is not a device token).
 */
export function requireResponder(ctx: AppContext) {
  // Not async: a token kept in memory (every report of a phone but its first in a minute) is
  // checked without a promise, and the hook goes on at once.
  return callerCheck((request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const match = /^Responder (rdt_[A-Za-z0-9_-]{20,})$/.exec(request.headers.authorization ?? '');
    if (!match) return done(unauthorized(responderErrorKeys.invalidToken));
    const tokenHash = hashToken(match[1]);
    const kept = ctx.deviceTokens.identifyKept(tokenHash);
    if (kept) {
      request.responder = kept;
      return done();
    }
    ctx.deviceTokens.identify(tokenHash).then(
      (identity) => {
        if (!identity) return done(unauthorized(responderErrorKeys.invalidToken));
        request.responder = identity;
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}

/** The responder of a request that went through requireResponder. */
export function responderOf(request: FastifyRequest): ResponderIdentity {
  if (!request.responder) throw unauthorized(responderErrorKeys.invalidToken);
  return request.responder;
}
