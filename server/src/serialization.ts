import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * Marks a response schema to be written by fast-json-stringify, compiled from the schema's JSON
 * Schema, instead of zod's encode and JSON.stringify. The answer is the same text (same keys in
 * the schema's order, unknown keys dropped, same escaping and numbers; a test compares them), but
 * the answer is no longer checked against the schema on its way out, so only the most frequent
 * reads use it: there zod's check cost as much as the rest of the request's JavaScript.
 */
export function fastResponse<T extends z.ZodType>(schema: T): T {
  compiled.set(schema, fastJson(simplified(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as JsonSchema) as never));
  return schema;
}

/** The writer fastResponse compiled for a schema, for answers written once and kept (aeds/list-pages.ts). */
export function writerOf(schema: z.ZodType): (data: unknown) => string {
  const write = compiled.get(schema);
  if (!write) throw new Error('writerOf: the schema was not marked with fastResponse');
  return write;
}

/**
 * zod writes a nullable value as `anyOf: [X, { type: 'null' }]`, which fast-json-stringify
 * resolves per value with a validator; `type: [X, 'null']` says the same and is written directly.
 */
function simplified(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (Array.isArray(value)) out[key] = value.map((item) => (item && typeof item === 'object' ? simplified(item as JsonSchema) : item));
    else if (value && typeof value === 'object') out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value).map(([name, property]) => [name, simplified(property as JsonSchema)])) : simplified(value as JsonSchema);
    else out[key] = value;
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && Object.keys(out).length === 1) {
    const [value, nothing] = anyOf;
    if (nothing.type === 'null' && Object.keys(nothing).length === 1 && typeof value.type === 'string' && !('anyOf' in value)) {
      return { ...value, type: [value.type, 'null'] };
    }
  }
  return out;
}

/** Fastify's serializer compiler: fast-json-stringify for the schemas of fastResponse, zod for the others. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> = (route) => {
  const schema = route.schema;
  const fast = schema instanceof z.ZodType ? compiled.get(schema) : undefined;
  return fast ?? zodSerializerCompiler(route as never);
};
