import { z } from 'zod';

/**
 * The additional targeting filter of a notification: a list of conditions (all must hold) on a
 * whitelist of responder and device fields, each with the operators that make sense for it. The
 * server compiles it to parameterised SQL; no SQL ever comes from the browser.
 */

const text = z.string().trim().min(1).max(100);
const dateValue = z.iso.datetime({ offset: true }).or(z.iso.date());

/** Operators, by the kind of value they compare. */
export const filterOperators = {
  equality: ['eq', 'neq'],
  set: ['in', 'notIn'],
  order: ['lt', 'lte', 'gt', 'gte'],
  text: ['contains', 'startsWith', 'endsWith'],
} as const;

const equalityOrSet = <T extends z.ZodType>(value: T) => [
  z.object({ operator: z.enum(filterOperators.equality), value }),
  z.object({ operator: z.enum(filterOperators.set), value: z.array(value).min(1).max(50) }),
];

/** Each filterable field with its operators and value type. */
const fieldConditions: Record<string, z.ZodObject<{ operator: z.ZodEnum; value: z.ZodType }>[]> = {
  trainedStatus: equalityOrSet(z.enum(['trained', 'untrained', 'trainedWithoutDiploma'])),
  gender: equalityOrSet(z.enum(['female', 'male', 'other', 'undisclosed'])),
  language: equalityOrSet(z.string().regex(/^[a-z]{2}$/)),
  os: equalityOrSet(z.enum(['ios', 'android', 'web'])),
  carriesAed: [z.object({ operator: z.enum(['eq']), value: z.boolean() })],
  certificated: [z.object({ operator: z.enum(['eq']), value: z.boolean() })],
  age: [z.object({ operator: z.enum([...filterOperators.equality, ...filterOperators.order]), value: z.number().int().min(0).max(150) })],
  interventionsCount: [z.object({ operator: z.enum([...filterOperators.equality, ...filterOperators.order]), value: z.number().int().min(0).max(1_000_000) })],
  /** Numeric app build of the device (e.g. 816). */
  buildVersion: [z.object({ operator: z.enum([...filterOperators.equality, ...filterOperators.order]), value: z.number().int().min(0).max(1_000_000_000) })],
  registeredAt: [z.object({ operator: z.enum(filterOperators.order), value: dateValue })],
  lastSeenAt: [z.object({ operator: z.enum(filterOperators.order), value: dateValue })],
  skill: [z.object({ operator: z.enum([...filterOperators.equality, ...filterOperators.text]), value: text })],
  email: [z.object({ operator: z.enum(filterOperators.text), value: text })],
  phone: [z.object({ operator: z.enum(['startsWith']), value: z.string().regex(/^\+?[0-9 ]{1,15}$/) })],
} satisfies Record<FilterField, unknown>;

export const filterFields = [
  'trainedStatus', 'gender', 'language', 'os', 'carriesAed', 'certificated', 'age', 'interventionsCount',
  'buildVersion', 'registeredAt', 'lastSeenAt', 'skill', 'email', 'phone',
] as const;
export type FilterField = (typeof filterFields)[number];

/** One condition: `{ field, operator, value }`, with the operator and value its field allows. */
export const filterCondition = z.union(
  Object.entries(fieldConditions).flatMap(([field, variants]) => variants.map((variant) => variant.extend({ field: z.literal(field) }).strict())),
);

export interface FilterCondition {
  field: FilterField;
  operator: 'eq' | 'neq' | 'in' | 'notIn' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'startsWith' | 'endsWith';
  value: string | number | boolean | (string | number)[];
}

/** At most 20 conditions, all of which must hold. */
export const targetingFilter = z.array(filterCondition).max(20) as unknown as z.ZodType<FilterCondition[]>;

/** What the SPA needs to build the filter editor: the fields and their operators. */
export const filterCatalogue: Record<FilterField, string[]> = Object.fromEntries(
  Object.entries(fieldConditions).map(([field, variants]) => [field, variants.flatMap((variant) => variant.shape.operator.options as string[])]),
) as Record<FilterField, string[]>;

/** Why a condition was refused: its shape, an unknown field, an operator its field does not take, or its value. */
export interface FilterProblem {
  index: number;
  problem: 'shape' | 'field' | 'operator' | 'value' | 'tooMany';
}

/** Explains, condition by condition, why a filter does not parse (for the 400 details). */
export function explainFilter(input: unknown): FilterProblem[] {
  if (!Array.isArray(input)) return [{ index: -1, problem: 'shape' }];
  if (input.length > 20) return [{ index: 20, problem: 'tooMany' }];
  const problems: FilterProblem[] = [];
  input.forEach((condition, index) => {
    if (filterCondition.safeParse(condition).success) return;
    const { field, operator } = (condition ?? {}) as { field?: unknown; operator?: unknown };
    const keys = condition && typeof condition === 'object' ? Object.keys(condition) : [];
    if (keys.some((key) => !['field', 'operator', 'value'].includes(key)) || typeof condition !== 'object') problems.push({ index, problem: 'shape' });
    else if (typeof field !== 'string' || !(filterFields as readonly string[]).includes(field)) problems.push({ index, problem: 'field' });
    else if (typeof operator !== 'string' || !filterCatalogue[field as FilterField].includes(operator)) problems.push({ index, problem: 'operator' });
    else problems.push({ index, problem: 'value' });
  });
  return problems;
}
