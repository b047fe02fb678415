import type { AnyMachineSnapshot } from 'xstate';
import { auditLogMachine } from '../../src/machines/audit-log/audit-log.machine';
import type { AuditLogContext } from '../../src/machines/audit-log/audit-log.types';
import { auditPageSample, auditSites, failure, ok } from './audit-log.fixtures';
import { definePathModel, type EventSamples } from './kit';

/**
 * Model of the audit log machine for `npm run test:paths` and audit-log.model.test.ts: every event
 * with its payloads (an existing and a missing page, picked and typed filters) and every answer
 * each call may give.
 */
export const auditLogEvents = {
  'filter.change': [
    { type: 'filter.change', changes: { action: 'aed.reportProblem', selectedSite: 4 } },
    { type: 'filter.change', changes: { startDate: '2026-11-01', endDate: '2026-11-20' } },
  ],
  'filter.type': [
    { type: 'filter.type', changes: { target: '4120' } },
    { type: 'filter.type', changes: { userId: 2 } },
  ],
  'page.change': [
    { type: 'page.change', page: 2 },
    // Beyond the last page (120 entries make 3): never asked.
    { type: 'page.change', page: 9 },
  ],
  'audit.refresh': [{ type: 'audit.refresh' }],
} satisfies EventSamples<typeof auditLogMachine>;

/** Only what guards read: the state, and how many pages there are. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as AuditLogContext;
  return JSON.stringify({ value: snapshot.value, pages: Math.ceil(context.count / context.limit), page: context.page });
}

export const pathModel = definePathModel({
  machine: auditLogMachine,
  events: auditLogEvents,
  actors: {
    loadSites: { done: [ok(auditSites), failure('error.network')] },
    loadPage: { done: [ok(auditPageSample(120)), failure('error.account.not-allowed', 403)], error: [new Error('boom')] },
  },
  serializeState,
});
