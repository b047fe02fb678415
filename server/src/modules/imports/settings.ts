import { z } from 'zod';
import { importLimits } from '../../../../contract/import.schemas';

/**
 * Tuning of the import, read from the environment when the routes are registered (documented in
 * docs/api-import.md): IMPORT_BATCH_ROWS rows per transaction (default 500), IMPORT_SLICE_MS time
 * one job runs before handing over to a follow-up job (default 120000), IMPORT_LEASE_SECONDS how
 * long an instance holds a run without renewing (default 60), IMPORT_SWEEP_MS how often an
 * instance looks for runs nobody holds (default 30000), IMPORT_PARSE_TIMEOUT_MS and
 * IMPORT_PARSE_HEAP_MB the limits of a parse worker.
 */
const schema = z.object({
  IMPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(5000).default(500),
  IMPORT_SLICE_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  IMPORT_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  IMPORT_SWEEP_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  IMPORT_PARSE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(importLimits.parseTimeoutMs),
  IMPORT_PARSE_HEAP_MB: z.coerce.number().int().min(64).max(8192).default(1024),
});

export type ImportSettings = z.infer<typeof schema>;

export function readImportSettings(env: NodeJS.ProcessEnv = process.env): ImportSettings {
  return schema.parse(Object.fromEntries(Object.entries(env).filter(([key, value]) => key.startsWith('IMPORT_') && value !== '')));
}
