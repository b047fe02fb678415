import { z } from 'zod';

/** Wraps a response payload as every successful call returns it: `{ data }`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ data });

/** The failure body, for OpenAPI. */
export const errorBody = z.object({ error: z.literal(true), msg: z.string(), details: z.unknown().optional() });

/**
 * A yes/no flag as a query string or a body carries it: true or false, 'true' or 'false', '1' or
 * '0', 1 or 0. Empty or absent takes the default; any other value is a validation error, not a
 * silent "no".
 */
export const flag = (fallback: boolean) =>
  z.preprocess((value) => {
    if (value === '' || value === undefined || value === null) return undefined;
    if (value === true || value === 'true' || value === '1' || value === 1) return true;
    if (value === false || value === 'false' || value === '0' || value === 0) return false;
    return value;
  }, z.boolean().default(fallback));
