import type { AuditPage } from '../../../contract/audit.schemas';
import type { AccountSummary } from '../../../contract/auth.schemas';
import type { Result } from '../../services/http';

/** The filters of the audit log (contract/audit.schemas.ts auditQuery); '' and null mean "not set". */
export interface AuditFilter {
  /** An action of contract/audit.actions.ts. */
  action: string | null;
  userId: number | null;
  /** What was acted on, matched exactly (an alert id, an AED udid...). */
  target: string;
  /** Inclusive days, YYYY-MM-DD, Europe/Paris. */
  startDate: string;
  endDate: string;
  /** One account of the user's subtree; null is all of it. */
  selectedSite: number | null;
}

export interface AuditLogContext {
  /** The accounts the account filter offers (the user's account and its descendants). */
  sites: AccountSummary[];
  filter: AuditFilter;
  /** One-based, as the server reads it. */
  page: number;
  limit: number;
  list: AuditPage['list'];
  count: number;
  /** Message key of the last failed load; the list shown is the previous one. */
  errorKey: string | null;
}

export type AuditLogEvent =
  /** Filters picked (action, account, period): loaded at once, from page 1. */
  | { type: 'filter.change'; changes: Partial<AuditFilter> }
  /** Typing in the user id or target field: loaded once the typing pauses, from page 1. */
  | { type: 'filter.type'; changes: Partial<Pick<AuditFilter, 'userId' | 'target'>> }
  | { type: 'page.change'; page: number }
  /** Loads the page again: a refresh, or a retry after a failure. */
  | { type: 'audit.refresh' };

export type AuditPageOutcome = Result<AuditPage>;
export type SitesOutcome = Result<AccountSummary[]>;

/** What the list call needs. */
export interface AuditPageRequest {
  filter: AuditFilter;
  page: number;
  limit: number;
}
