import { z } from 'zod';

/** Wraps a response payload as every successful call returns it: `{ data }`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ data });

/** The failure body, for OpenAPI. */
export const errorBody = z.object({ error: z.literal(true), msg: z.string(), details: z.unknown().optional() });
