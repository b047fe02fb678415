import type { z } from 'zod';
import type { AppContext } from '../context';

/** A module's settings: each key from the context's config overrides (tests, benches), else the environment, else its default. */
export function readSettings<S extends z.ZodObject>(schema: S, ctx: Pick<AppContext, 'config'>): z.output<S> {
  const config = ctx.config as Record<string, unknown>;
  return schema.parse(Object.fromEntries(Object.keys(schema.shape).map((key) => [key, config[key] ?? (process.env[key] || undefined)])));
}
