import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { responderErrorKeys } from '../../../../contract/alert.errors';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import { unauthorized } from '../../errors';
import { callerCheck } from '../../plugins/request-guards';

/** The responder behind a device token. */
export interface ResponderIdentity {
  responderId: number;
  deviceId: number;
  isBot: boolean;
}

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
    const [row] = await rowsOf<{ device_id: number; responder_id: number; is_bot: boolean }>(
      ctx.database.db,
      sql`UPDATE responder_devices d SET last_seen_at = now() FROM responders r
           WHERE d.token_hash = ${hashToken(match[1])} AND d.active AND r.id = d.responder_id AND r.account_status <> 'refused'
           RETURNING d.id AS device_id, d.responder_id, r.is_bot`,
    );
    if (!row) throw unauthorized(responderErrorKeys.invalidToken);
    request.responder = { responderId: row.responder_id, deviceId: row.device_id, isBot: row.is_bot };
  });
}

/** The responder of a request that went through requireResponder. */
export function responderOf(request: FastifyRequest): ResponderIdentity {
  if (!request.responder) throw unauthorized(responderErrorKeys.invalidToken);
  return request.responder;
}
