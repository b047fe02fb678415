import { sql, type SQL } from 'drizzle-orm';

/** `column = ANY('{1,2,3}'::int[])`. */
export function inIds(column: SQL, ids: readonly number[]): SQL {
  return sql`${column} = ANY(${`{${ids.join(',')}}`}::int[])`;
}

/** A timestamp parameter that both drivers read alike: ISO text cast to timestamptz (null stays null). */
export function ts(value: Date | null): SQL {
  return value === null ? sql`NULL::timestamptz` : sql`${value.toISOString()}::timestamptz`;
}

/** ISO string of a timestamp column value, or null. */
export const isoOf = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());
