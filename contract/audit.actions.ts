/**
 * The audit log's actions: each staff call that changes data, keyed `METHOD /route` as Fastify
 * declares it, with the request field that names what was acted on. The server's audit hook
 * writes one row per successful call listed here; tests/server/audit.test.ts fails when a call
 * that changes data is neither listed nor exempted below. Each endpoint says it in its table
 * (contract/<area>.endpoints.ts), in `audit` or `notAudited`.
 */
import { routeKey, type AuditedCall } from './endpoint';
import { allEndpoints } from './endpoints';

export const auditedCalls: Record<string, AuditedCall> = {
  ...Object.fromEntries(allEndpoints.flatMap((entry) => (entry.audit ? [[routeKey(entry), entry.audit]] : []))),
};

/**
 * Calls that are not GET yet change nothing a staff member owns, or are not staff actions: the
 * audit test accepts these without an action. Each says why.
 */
export const notAudited: Record<string, string> = {
  ...Object.fromEntries(allEndpoints.flatMap((entry) => (entry.notAudited ? [[routeKey(entry), entry.notAudited]] : []))),
};

/**
 * Actions the authentication code writes itself, with the outcome (the hook sees successful calls
 * only): a sign-in, a failed one (unknown login, wrong password, paused address), and the fifth
 * wrong password from one address that pauses it (server/src/modules/auth/events.ts).
 */
export const authActions = ['account.signIn', 'account.signInFailed', 'account.lockout'] as const;

/** Every action name, for the audit screen's filter. */
export const auditActions: readonly string[] = [...new Set([...Object.values(auditedCalls).map((call) => call.action), ...authActions])].sort();
