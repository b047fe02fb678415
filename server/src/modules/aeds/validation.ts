import type { z } from 'zod';
import { errorKeys } from '../../../../contract/errors';
import { badRequest } from '../../errors';

/**
 * Parses a body that did not go through the route schema (multipart patchAed); failures answer
 * like the route schemas do: 400 error.validation (or error.auth.missing-fields, or the key a rule
 * names) with the fields.
 */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  const missing = result.error.issues.some((issue) => issue.code === 'invalid_type' && issue.message.includes('received undefined'));
  // A rule of the contract names its own key (error.aed.hours-order…): answer with it.
  const ruleKey = result.error.issues.find((issue) => issue.message.startsWith('error.'))?.message;
  throw badRequest(ruleKey ?? (missing ? errorKeys.missingFields : errorKeys.validation), details);
}
