import { fromPromise } from 'xstate';
import { auditEndpoints } from '../../../contract/audit.endpoints';
import type { AuditQuery } from '../../../contract/audit.schemas';
import { getAccountList } from '../../services/account.api';
import { call } from '../../services/http';
import type { AuditPageOutcome, AuditPageRequest, SitesOutcome } from './audit-log.types';

/** The query of one page: filters that are not set are left out. */
export function auditQueryOf({ filter, page, limit }: AuditPageRequest): Partial<AuditQuery> {
  const query: Partial<AuditQuery> = { page, limit };
  if (filter.action) query.action = filter.action;
  if (filter.userId !== null) query.userId = filter.userId;
  if (filter.target.trim()) query.target = filter.target.trim();
  if (filter.startDate) query.startDate = filter.startDate;
  if (filter.endDate) query.endDate = filter.endDate;
  if (filter.selectedSite !== null) query.selectedSite = filter.selectedSite;
  return query;
}

/** The audit log's I/O; tests replace them with `.provide({ actors })`. */
export const auditLogActors = {
  loadSites: fromPromise<SitesOutcome>(({ signal }) => getAccountList(signal)),
  /** One page of GET backoffice/audit/getAuditLog, newest first. */
  loadPage: fromPromise<AuditPageOutcome, AuditPageRequest>(({ input, signal }) =>
    call(auditEndpoints.getAuditLog, { query: auditQueryOf(input) }, { signal }),
  ),
};
