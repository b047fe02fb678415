import type { AppContext } from '../../context';
import { insertAudit } from '../audit/face';

/** Where an authentication call came from: the client address Fastify trusts (TRUST_PROXY) and the call. */
export interface CallOrigin {
  ip: string;
  method: string;
  url: string;
}

/** The user an event is about, when the login named a known one. */
interface EventUser {
  id: number;
  email: string;
  idGroup: number;
  siteId: number;
}

/**
 * Writes an authentication event the audit hook cannot see (it logs successful calls only): a
 * sign-in, its failure, a lockout. A failure to write is logged and does not change the answer.
 */
export async function recordAuthEvent(ctx: AppContext, origin: CallOrigin, event: { action: string; status: number; user?: EventUser; details?: Record<string, unknown> }) {
  try {
    await insertAudit(ctx.database.db, {
      userId: event.user?.id ?? null,
      userEmail: event.user?.email ?? null,
      idGroup: event.user?.idGroup ?? null,
      siteId: event.user?.siteId ?? null,
      action: event.action,
      target: event.user ? String(event.user.id) : null,
      method: origin.method,
      url: origin.url.split('?')[0].slice(0, 2000),
      status: event.status,
      details: event.details ?? {},
      ip: origin.ip.slice(0, 64),
    });
  } catch (error) {
    ctx.log.error({ err: error, action: event.action }, 'audit row not written');
  }
}
