import type { AuditEntry, AuditPage } from '../../contract/audit.schemas';
import type { AccountSummary } from '../../contract/auth.schemas';

/** Answers of the audit log calls, shaped like the server's (contract/audit.schemas.ts). */

export const ok = <T>(data: T) => ({ ok: true as const, data });
export const failure = (key: string, status?: number) => ({ ok: false as const, key, ...(status === undefined ? {} : { status }) });

export const auditSites: AccountSummary[] = [
  { id: 1, name: 'SDIS 63 — Puy-de-Dôme', kind: 'internal', tag: null, logo: null, country: 'FR', parentId: null },
  { id: 4, name: 'Clermont Auvergne Métropole', kind: 'internal', tag: null, logo: null, country: 'FR', parentId: 1 },
];

export function auditEntrySample(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-20T09:15:30.000Z',
    userId: 2,
    userEmail: 'operator@vigil.test',
    idGroup: 5,
    siteId: 1,
    action: 'alert.launch',
    target: String(4000 + id),
    method: 'POST',
    url: '/services/emergency/v2/alertLaunch',
    status: 200,
    details: { alertType: 1, idSite: 1, debugMode: 0 },
    ip: '192.0.2.10',
    ...overrides,
  };
}

/** Page `page` (one-based) of 50 out of `count`. */
export function auditPageSample(count = 120, page = 1): AuditPage {
  const size = Math.min(50, Math.max(count - (page - 1) * 50, 0));
  return { list: Array.from({ length: size }, (_, index) => auditEntrySample(count - (page - 1) * 50 - index)), count, page, limit: 50 };
}
