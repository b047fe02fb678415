import { assign, setup } from 'xstate';
import { auditPageSize } from '../../../contract/audit.schemas';
import { errorKeys } from '../../../contract/errors';
import { observe } from '../observations';
import { auditLogActors } from './audit-log.actors';
import type { AuditFilter, AuditLogContext, AuditLogEvent, AuditPageOutcome, AuditPageRequest, SitesOutcome } from './audit-log.types';

/** Typing in the user id or target field waits this long before asking the server. */
export const auditTypingDelayMs = 400;

/** No filter: the whole log of the user's accounts, newest first. */
export const blankAuditFilter: AuditFilter = { action: null, userId: null, target: '', startDate: '', endDate: '', selectedSite: null };

const keyOf = (outcome: { ok: boolean; key?: string }) => outcome.key ?? errorKeys.serverError;
const request = ({ context }: { context: AuditLogContext }): AuditPageRequest => ({ filter: context.filter, page: context.page, limit: context.limit });

/**
 * The audit log screen of super administrators: who did what and when, 50 entries a page, filtered
 * by action, user, target, period and account. Every filter change goes back to page 1; a load
 * that fails keeps the previous page on screen with the key, until a refresh.
 */
export const auditLogMachine = setup({
  types: {} as { context: AuditLogContext; events: AuditLogEvent },
  actors: auditLogActors,
  guards: {
    loaded: (_, params: { outcome: AuditPageOutcome }) => params.outcome.ok,
    sitesLoaded: (_, params: { outcome: SitesOutcome }) => params.outcome.ok,
    pageExists: ({ context }, params: { page: number }) => params.page >= 1 && (params.page - 1) * context.limit < Math.max(context.count, 1),
  },
  actions: {
    applyChanges: assign(({ context }, params: { changes: Partial<AuditFilter> }) => ({ filter: { ...context.filter, ...params.changes }, page: 1 })),
    keepSites: assign((_, params: { outcome: SitesOutcome }) => ({ sites: (params.outcome as Extract<SitesOutcome, { ok: true }>).data })),
    setPage: assign((_, params: { page: number }) => ({ page: params.page })),
    keepPage: assign((_, params: { outcome: AuditPageOutcome }) => {
      const page = (params.outcome as Extract<AuditPageOutcome, { ok: true }>).data;
      return { list: page.list, count: page.count, errorKey: null };
    }),
    keepError: assign((_, params: { key: string }) => ({ errorKey: params.key })),
  },
  delays: { typing: auditTypingDelayMs },
}).createMachine({
  id: 'auditLog',
  meta: observe({ shown: ['audit-log', 'audit-entries'], enabled: ['audit.refresh', 'audit.filter.clear'], calls: ['account.getAccountList'] }),
  context: { sites: [], filter: blankAuditFilter, page: 1, limit: auditPageSize, list: [], count: 0, errorKey: null },
  // The accounts of the account filter, loaded once; without them the filter offers "all my accounts" only.
  invoke: { src: 'loadSites', onDone: { guard: { type: 'sitesLoaded', params: ({ event }) => ({ outcome: event.output }) }, actions: { type: 'keepSites', params: ({ event }) => ({ outcome: event.output }) } } },
  initial: 'loading',
  on: {
    'filter.change': { target: '.loading', actions: { type: 'applyChanges', params: ({ event }) => ({ changes: event.changes }) } },
    'filter.type': { target: '.typing', actions: { type: 'applyChanges', params: ({ event }) => ({ changes: event.changes }) } },
    // From any state, loading included: the newest question replaces the one under way.
    'audit.refresh': '.loading',
  },
  states: {
    loading: {
      tags: ['loading'],
      meta: observe({ shown: ['audit-loading'], absent: ['audit-entries-error'], calls: ['audit.getAuditLog'] }),
      invoke: {
        src: 'loadPage',
        input: request,
        onDone: [
          { guard: { type: 'loaded', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready', actions: { type: 'keepPage', params: ({ event }) => ({ outcome: event.output }) } },
          { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ key: keyOf(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'keepError', params: { key: errorKeys.serverError } } },
      },
    },
    // A user id or target is being typed: asked once the typing pauses.
    typing: { tags: ['loading'], meta: observe({ shown: ['audit-loading'], absent: ['audit-entries-error'] }), after: { typing: 'loading' } },
    ready: {
      meta: observe({ absent: ['audit-loading', 'audit-entries-error'] }),
      on: { 'page.change': { guard: { type: 'pageExists', params: ({ event }) => ({ page: event.page }) }, target: 'loading', actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) } } },
    },
    failed: { meta: observe({ shown: ['audit-entries-error'], absent: ['audit-loading'], enabled: ['audit.retry'], messages: ['audit.load-failed'] }) },
  },
});
