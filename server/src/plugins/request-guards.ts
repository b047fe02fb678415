import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { errorKeys } from '../../../contract/errors';
import { badRequest } from '../errors';

type Hook = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | ((request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void);

const checksCaller = Symbol('vigil.checksCaller');

/** Marks a preHandler that authenticates the caller, so that it runs before the request is validated. */
export function callerCheck<T extends Hook>(hook: T): T {
  Object.defineProperty(hook, checksCaller, { value: true });
  return hook;
}

/** A surrogate half without its other half (read code unit by code unit, without the u flag). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isCallerCheck = (hook: unknown) => typeof hook === 'function' && (hook as unknown as Record<symbol, unknown>)[checksCaller] === true;

/** Where a string carries a NUL byte or a lone surrogate (no column, log or mail can carry it), e.g. `body.name`. */
export function unsafeTextAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') || loneSurrogate.test(value) ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unsafeTextAt(key, `${path}.${key}`, depth + 1) ?? unsafeTextAt(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Names of identifier fields (id, idSite, alertId, ids…): a schema that coerces numbers would read `true` as 1. */
const idName = /^(id|ids|id[A-Z]\w*|\w+Ids?)$/;

/** Where a JSON body gives a boolean (or a list holding one) for an identifier, e.g. `body.idUser`. */
export function booleanIdAt(value: unknown, path: string, depth = 0): string | undefined {
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const isId = idName.test(key);
    if (isId && (typeof item === 'boolean' || (Array.isArray(item) && item.some((entry) => typeof entry === 'boolean')))) return `${path}.${key}`;
    const found = booleanIdAt(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

async function refuseUnsafeText(request: FastifyRequest): Promise<void> {
  const field = unsafeTextAt(request.params, 'params') ?? unsafeTextAt(request.query, 'query') ?? unsafeTextAt(request.body, 'body') ?? booleanIdAt(request.body, 'body');
  if (field) throw badRequest(errorKeys.validation, [{ field: field.replace(/^(params|query|body)\./, ''), message: errorKeys.validation }]);
}

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * Hooks every route gets (registered before the routes):
 * - the caller is authenticated before the request is validated, so that an anonymous caller learns
 *   nothing of a schema (401, not 400 with details);
 * - a NUL byte or a lone surrogate in any string answers 400 error.validation instead of failing in
 *   the database (whose error would carry the values into the log); so does a boolean given for an id;
 * - answers of the API are never stored by a browser or a shared cache (they carry personal data).
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const handlers = asList(route.preHandler as preHandlerHookHandler | preHandlerHookHandler[] | undefined);
    const checks = handlers.filter(isCallerCheck);
    route.preHandler = handlers.filter((hook) => !isCallerCheck(hook));
    route.preValidation = [...checks, ...asList(route.preValidation), refuseUnsafeText] as never;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/services/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
