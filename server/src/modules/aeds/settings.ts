import { join } from 'node:path';
import { z } from 'zod';
import { defaultVigilanceDays, programmeDay } from '../../../../contract/aed-vigilance';
import type { AppContext } from '../../context';

/**
 * Settings of the AED register read from the environment (documented in docs/api-aed.md):
 * AED_VIGILANCE_DAYS — days before an expiry that count as "soon" (default 60);
 * AED_EXPORT_BUDGET_MS — time an export may take before it is cut with an error (default 30000).
 */
const settingsSchema = z.object({
  AED_VIGILANCE_DAYS: z.coerce.number().int().min(0).max(365).default(defaultVigilanceDays),
  AED_EXPORT_BUDGET_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
});

export const aedSettings = settingsSchema.parse(Object.fromEntries(Object.entries(process.env).filter(([key, value]) => key.startsWith('AED_') && value !== '')));

/** Maximum size of one picture (spec §9). */
export const maxPictureBytes = 5 * 1024 * 1024;

/** Display time zone of the programme (spec §9): "today" for vigilance and confirmation bands. */
export const displayZone = 'Europe/Paris';

/** Today as "YYYY-MM-DD" in the display time zone. */
export function today(): string {
  return programmeDay(new Date());
}

/** Folder of AED pictures. */
export function picturesFolder(ctx: AppContext): string {
  return join(ctx.config.DATA_DIR, 'files', 'aed');
}
