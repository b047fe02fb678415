import { z } from 'zod';
import type { AppContext } from '../../context';
import { readSettings } from '../../shared/module-settings';

/**
 * Settings of the coverage-gap map (docs/decisions.md "Coverage-gap map"), environment variables or
 * a test's config overrides: COVERAGE_CELL_METRES (200), COVERAGE_TARGET_MINUTES within which an
 * AED should arrive (8), COVERAGE_REFRESH_HOURS after which a cached map is computed again (24) and
 * COVERAGE_MAX_CELLS, past which the cells of a very large area grow to keep that many (1,000,000).
 */
const settingsSchema = z.object({
  COVERAGE_CELL_METRES: z.coerce.number().int().min(50).max(5000).default(200),
  COVERAGE_TARGET_MINUTES: z.coerce.number().positive().max(60).default(8),
  COVERAGE_REFRESH_HOURS: z.coerce.number().positive().default(24),
  COVERAGE_MAX_CELLS: z.coerce.number().int().min(100).default(1_000_000),
});

export type CoverageSettings = z.infer<typeof settingsSchema>;

/** The settings of a context: its config overrides first, then the environment, then the defaults. */
export const coverageSettings = (ctx: Pick<AppContext, 'config'>): CoverageSettings => readSettings(settingsSchema, ctx);
