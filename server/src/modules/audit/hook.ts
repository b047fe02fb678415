import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditedCalls } from '../../../../contract/audit.actions';
import type { AuditedCall } from '../../../../contract/endpoint';
import type { AppContext } from '../../context';
import { insertAudit } from './repo';

/** Reads `params.x`, `body.x` or `query.x` of a request. */
function pick(request: FastifyRequest, path: string): unknown {
  const [part, field] = path.split('.') as ['params' | 'body' | 'query', string];
  const source = request[part] as Record<string, unknown> | undefined;
  return source && typeof source === 'object' ? source[field] : undefined;
}

function detailsOf(request: FastifyRequest, call: AuditedCall): Record<string, unknown> {
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const query = (request.query && typeof request.query === 'object' ? request.query : {}) as Record<string, unknown>;
  const details: Record<string, unknown> = {};
  for (const field of call.details ?? []) {
    const value = body[field] ?? query[field];
    if (value !== undefined) details[field] = value;
  }
  return details;
}

/** The id the response names for a created thing (an alert's alertId, a notification's id), when the request had none. */
function targetFromReply(payload: unknown, call: AuditedCall): string | undefined {
  if (!call.target || typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    const data = (JSON.parse(payload) as { data?: Record<string, unknown> }).data;
    const value = data?.[call.target.split('.')[1]] ?? data?.id;
    return value === undefined || value === null ? undefined : String(value);
  } catch {
    return undefined;
  }
}

async function userSession(ctx: AppContext, id: unknown) {
  if (typeof id !== 'number') return undefined;
  const [user] = await ctx.database.query<{ id_group: number; site_id: number; email: string }>('SELECT id_group, site_id, email FROM users WHERE id = $1', [id]);
  return user ? { userId: id, idGroup: user.id_group, siteId: user.site_id, email: user.email } : undefined;
}

/**
 * Writes an audit row for every successful call of contract/audit.actions.ts, before the answer
 * leaves: the change has committed, and the caller does not hear of it before the log has it.
 * A failure to write is logged and does not undo the change.
 */
export function registerAuditHook(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    const call = auditedCalls[`${request.method} ${request.routeOptions.url}`];
    if (!call) return payload;
    // A call without a session (a password renewal) is logged as its user's, on the user's account.
    const session = request.session ?? (call.target === 'body.idUser' ? await userSession(ctx, pick(request, call.target)) : undefined);
    const named = call.target ? pick(request, call.target) : undefined;
    const target = named !== undefined && named !== null && named !== '' ? String(named) : targetFromReply(payload, call);
    try {
      await insertAudit(ctx.database.db, {
        userId: session?.userId ?? null,
        userEmail: session?.email ?? null,
        idGroup: session?.idGroup ?? null,
        siteId: session?.siteId ?? null,
        action: call.action,
        target: target?.slice(0, 120) ?? null,
        method: request.method,
        url: request.url.split('?')[0].slice(0, 2000),
        status: reply.statusCode,
        details: detailsOf(request, call),
        ip: request.ip?.slice(0, 64) ?? null,
      }, call.relaxedCommit);
    } catch (error) {
      request.log.error({ err: error, action: call.action }, 'audit row not written');
    }
    return payload;
  });
}
