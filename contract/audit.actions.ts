/**
 * The audit log's actions: each staff call that changes data, keyed `METHOD /route` as Fastify
 * declares it, with the request field that names what was acted on. The server's audit hook
 * writes one row per successful call listed here; tests/server/audit.test.ts fails when a call
 * that changes data is neither listed nor exempted below. An endpoint declared in an endpoint
 * table (contract/<area>.endpoints.ts) says it there, in `audit` or `notAudited`.
 */
import { routeKey, type AuditedCall } from './endpoint';
import { allEndpoints } from './endpoints';

const sa = '/services/backOffice';

export const auditedCalls: Record<string, AuditedCall> = {
  ...Object.fromEntries(allEndpoints.flatMap((entry) => (entry.audit ? [[routeKey(entry), entry.audit]] : []))),
  [`PATCH ${sa}/aed/patchAed/:udid`]: { action: 'aed.save', target: 'params.udid' },
  [`PATCH ${sa}/aed/softDelete`]: { action: 'aed.softDelete', target: 'body.udid' },
  [`PATCH ${sa}/aed/restoreAed`]: { action: 'aed.restore', target: 'body.udid' },
  [`DELETE ${sa}/aed/contact/:id`]: { action: 'aed.deleteContact', target: 'params.id' },
  [`PATCH ${sa}/file/rotatePicture/:fileName`]: { action: 'aed.rotatePicture', target: 'params.fileName', details: ['degrees'] },
  [`DELETE ${sa}/aed/pictures/:a/:b`]: { action: 'aed.deletePicture', target: 'params.b' },
  [`POST ${sa}/aed/reportProblem`]: { action: 'aed.reportProblem', target: 'body.idData', details: ['problem'] },
  [`DELETE ${sa}/aed/reportDone/:id`]: { action: 'aed.reportDone', target: 'params.id' },
  [`DELETE ${sa}/aed/onGoingReport/:id`]: { action: 'aed.reportDelete', target: 'params.id' },
  [`PATCH ${sa}/aed/onGoingReport/resolve/:id`]: { action: 'aed.reportResolve', target: 'params.id', details: ['sendEmail'] },
  [`PATCH ${sa}/aed/onGoingReport/soluble/:id`]: { action: 'aed.reportSoluble', target: 'params.id' },
  [`POST ${sa}/email/sendMailForReportAed`]: { action: 'aed.reportMail', target: 'body.idReport' },
  [`PATCH ${sa}/aed/linkGeoDaeToSA`]: { action: 'aed.linkGeoDae', target: 'body.udid', details: ['geoDaeUdid'] },
  [`PATCH ${sa}/aed/aedMerge`]: { action: 'aed.merge', target: 'body.preferredUdid', details: ['mergedUdids', 'confirmEmpty'] },

};

/**
 * Calls that are not GET yet change nothing a staff member owns, or are not staff actions: the
 * audit test accepts these without an action. Each says why.
 */
export const notAudited: Record<string, string> = {
  ...Object.fromEntries(allEndpoints.flatMap((entry) => (entry.notAudited ? [[routeKey(entry), entry.notAudited]] : []))),
  [`POST ${sa}/aed/getAllList`]: 'a read sent as POST',
  [`POST ${sa}/aed/getAedsMap`]: 'a read sent as POST',
  [`POST ${sa}/aed/export`]: 'a read sent as POST (an export file)',
};

/**
 * Actions the authentication code writes itself, with the outcome (the hook sees successful calls
 * only): a sign-in, a failed one (unknown login, wrong password, paused address), and the fifth
 * wrong password from one address that pauses it (server/src/modules/auth/events.ts).
 */
export const authActions = ['account.signIn', 'account.signInFailed', 'account.lockout'] as const;

/** Every action name, for the audit screen's filter. */
export const auditActions: readonly string[] = [...new Set([...Object.values(auditedCalls).map((call) => call.action), ...authActions])].sort();
