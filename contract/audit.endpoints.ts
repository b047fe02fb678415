import { auditPage, auditQuery } from './audit.schemas';
import { endpoint } from './endpoint';

/** The audit log's read, capability audit.read (super administrators), scoped to their accounts. */
export const auditEndpoints = {
  getAuditLog: endpoint({
    method: 'GET',
    path: '/services/backoffice/audit/getAuditLog',
    summary: 'Who did what and when: staff actions that changed data, newest first (page is one-based)',
    tags: ['audit'],
    access: 'audit.read',
    query: auditQuery,
    response: auditPage,
    errors: [400, 401, 403],
    writes: false,
    matrix: { own: 200, other: 403, note: 'other: selectedSite of another account' },
  }),
};
