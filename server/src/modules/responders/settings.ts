import { z } from 'zod';
import type { AppContext } from '../../context';

/**
 * Settings of the position history (docs/decisions.md "Position samples"), environment variables
 * or a test's config overrides: RESPONDER_SAMPLE_MINUTES between two samples (default 15) and
 * RESPONDER_SAMPLE_WEEKS kept (default 8).
 */
const settingsSchema = z.object({
  RESPONDER_SAMPLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  RESPONDER_SAMPLE_WEEKS: z.coerce.number().int().min(1).max(104).default(8),
});

export type SampleSettings = z.infer<typeof settingsSchema>;

/** The settings of a context: its config overrides first, then the environment, then the defaults. */
export function sampleSettings(ctx: Pick<AppContext, 'config'>): SampleSettings {
  const config = ctx.config as Record<string, unknown>;
  const pick = (key: keyof SampleSettings) => config[key] ?? (process.env[key] || undefined);
  return settingsSchema.parse({ RESPONDER_SAMPLE_MINUTES: pick('RESPONDER_SAMPLE_MINUTES'), RESPONDER_SAMPLE_WEEKS: pick('RESPONDER_SAMPLE_WEEKS') });
}
