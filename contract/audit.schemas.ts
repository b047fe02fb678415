import { z } from 'zod';

/** GET /services/backoffice/audit/getAuditLog: the audit log, newest first, one page at a time. */
export const auditPageSize = 50;

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const date = z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional());

export const auditQuery = z.object({
  /** One-based page (spec §9: zero-based page plus 1). */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(auditPageSize),
  action: z.preprocess(blank, z.string().max(60).optional()),
  userId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
  target: z.preprocess(blank, z.string().max(120).optional()),
  /** Inclusive days, Europe/Paris. */
  startDate: date,
  endDate: date,
  /** One account of the caller's subtree; all of it by default. */
  selectedSite: z.preprocess(blank, z.coerce.number().int().positive().optional()),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  idGroup: z.number().int().nullable(),
  siteId: z.number().int().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  method: z.string(),
  url: z.string(),
  status: z.number().int(),
  details: z.record(z.string(), z.unknown()),
  /** The client address, as the server trusts it (TRUST_PROXY). */
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({ list: z.array(auditEntry), count: z.number().int(), page: z.number().int(), limit: z.number().int() });
export type AuditPage = z.infer<typeof auditPage>;
