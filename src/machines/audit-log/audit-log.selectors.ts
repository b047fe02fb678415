import type { SnapshotFrom } from 'xstate';
import type { auditLogMachine } from './audit-log.machine';

export type AuditLogSnapshot = SnapshotFrom<typeof auditLogMachine>;

export type AuditLogPhase = 'loading' | 'ready' | 'failed';

/** What the screen shows: loading (typing counts), the page, or the failure with its retry. */
export function auditPhaseOf(snapshot: AuditLogSnapshot): AuditLogPhase {
  if (snapshot.hasTag('loading')) return 'loading';
  return snapshot.matches('failed') ? 'failed' : 'ready';
}

export const auditListOf = (snapshot: AuditLogSnapshot) => snapshot.context.list;
export const auditCountOf = (snapshot: AuditLogSnapshot) => snapshot.context.count;
export const auditFilterOf = (snapshot: AuditLogSnapshot) => snapshot.context.filter;
export const auditPageOf = (snapshot: AuditLogSnapshot) => snapshot.context.page;
export const auditLimitOf = (snapshot: AuditLogSnapshot) => snapshot.context.limit;
export const auditSitesOf = (snapshot: AuditLogSnapshot) => snapshot.context.sites;
/** The key of the failed load, only while failed. */
export const auditErrorOf = (snapshot: AuditLogSnapshot) => (snapshot.matches('failed') ? snapshot.context.errorKey : null);

/** First entry shown, one-based (0 when the log is empty). */
export const auditEntriesStartOf = (snapshot: AuditLogSnapshot) => (snapshot.context.count === 0 ? 0 : (snapshot.context.page - 1) * snapshot.context.limit + 1);
/** Last entry shown. */
export const auditEntriesEndOf = (snapshot: AuditLogSnapshot) => Math.min(snapshot.context.count, snapshot.context.page * snapshot.context.limit);
