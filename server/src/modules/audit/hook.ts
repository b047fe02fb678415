import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditedCalls } from '../../../../contract/audit.actions';
import type { AuditedCall } from '../../../../contract/endpoint';
import type { AppContext } from '../../context';
import { insertAudit, type NewAuditRow } from './repo';

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

/** The row of a successful call: who, what, on which target, with which choices. */
function rowOf(request: FastifyRequest, call: AuditedCall, session: AuditSession | undefined, target: string | undefined, status: number): NewAuditRow {
  return {
    userId: session?.userId ?? null,
    userEmail: session?.email ?? null,
    idGroup: session?.idGroup ?? null,
    siteId: session?.siteId ?? null,
    action: call.action,
    target: target?.slice(0, 120) ?? null,
    method: request.method,
    url: request.url.split('?')[0].slice(0, 2000),
    status,
    details: detailsOf(request, call),
    ip: request.ip?.slice(0, 64) ?? null,
  };
}

type AuditSession = { userId: number; idGroup: number; siteId: number; email: string };

const named = (request: FastifyRequest, call: AuditedCall) => {
  const value = call.target ? pick(request, call.target) : undefined;
  return value !== undefined && value !== null && value !== '' ? String(value) : undefined;
};

/** Requests whose change wrote their audit row in its own statement: the hook writes none. */
const writtenWithTheChange = new WeakSet<FastifyRequest>();

/** An audit row written by the change's own statement, before the answer; its target defaults to the id the statement gives. */
export interface AuditWithChange {
  row: NewAuditRow;
  /** Says the row is written (the statement wrote the change): the hook then writes no other. */
  written(): void;
}

/**
 * The audit row of a successful call of a signed-in session, for a service that writes it with the
 * change, in one statement, one round trip (alertSettingUp). When the service ends without writing
 * it (a refusal), the hook writes the row as for any call.
 */
export function auditWithChange(request: FastifyRequest): AuditWithChange {
  const call = auditedCalls[`${request.method} ${request.routeOptions.url}`];
  if (!call || !request.session) throw new Error(`auditWithChange: ${request.method} ${request.routeOptions.url} is not an audited call of a session`);
  return { row: rowOf(request, call, request.session, named(request, call), 200), written: () => writtenWithTheChange.add(request) };
}

/**
 * Writes an audit row for every successful call of contract/audit.actions.ts, before the answer
 * leaves: the change has committed, and the caller does not hear of it before the log has it.
 * A failure to write is logged and does not undo the change.
 */
export function registerAuditHook(app: FastifyInstance, ctx: AppContext): void {
  // The embedded engine has no WAL writer: a relaxed commit would stay in this process's memory
  // until the next synchronous one, and a crash after the answer would lose the row.
  const relaxedCommitAllowed = ctx.database.kind === 'postgres';
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || writtenWithTheChange.has(request)) return payload;
    const call = auditedCalls[`${request.method} ${request.routeOptions.url}`];
    if (!call) return payload;
    // A call without a session (a password renewal) is logged as its user's, on the user's account.
    const session = request.session ?? (call.target === 'body.idUser' ? await userSession(ctx, pick(request, call.target)) : undefined);
    const target = named(request, call) ?? targetFromReply(payload, call);
    try {
      await insertAudit(ctx.database.db, rowOf(request, call, session, target, reply.statusCode), call.relaxedCommit && relaxedCommitAllowed);
    } catch (error) {
      request.log.error({ err: error, action: call.action }, 'audit row not written');
    }
    return payload;
  });
}
