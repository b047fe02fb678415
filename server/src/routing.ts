import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { indicatorCapabilities } from '../../contract/access';
import type { Access, Endpoint, EndpointData } from '../../contract/endpoint';
import { errorBody, ok } from '../../contract/http';
import type { AppContext } from './context';
import { requireResponder } from './modules/responders/auth';
import { requireCapability, requireSignedIn } from './plugins/authenticate';

/** The same Fastify instance, typed for zod request and response schemas. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

type Parsed<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType ? z.output<E[K]> : undefined;

/** A request of an endpoint: its params, query and body as its schemas parse them. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & { params: Parsed<E, 'params'>; query: Parsed<E, 'query'>; body: Parsed<E, 'body'> };

/** What a handler answers: `{ data }` of the endpoint's response schema, or a reply it sent itself (a file, kept bytes). */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<E['response'] extends z.ZodType ? { data: EndpointData<E> } | FastifyReply : FastifyReply>;

/** The check an access level asks before the handler; public endpoints have none. */
function preHandlerOf(ctx: AppContext, access: Access): preHandlerAsyncHookHandler | preHandlerHookHandler | undefined {
  if (access === 'public') return undefined;
  if (access === 'signedIn') return requireSignedIn(ctx);
  if (access === 'indicators') return requireCapability(ctx, indicatorCapabilities);
  if (access === 'responder') return requireResponder(ctx);
  return requireCapability(ctx, access);
}

/** OpenAPI note on each responder call (the document's security schemes are the staff ones). */
const responderAuthorization = 'Authorization: Responder <device token from register>.';

/** What a module may add to a route besides its handler. */
export interface RouteOptions {
  /** A check after the access check, for a rule the access level does not say (e.g. groups the configuration adds). */
  check?: preHandlerAsyncHookHandler;
  /** The handler sees a failed validation (`request.validationError`) and chooses the answer, e.g. a more specific key first. */
  attachValidation?: true;
  /**
   * The 200 schema as the module built it from the endpoint's response, `fastResponse(ok(…))`, when
   * the module also writes kept answers with its compiled writer (serialization.ts).
   */
  okSchema?: z.ZodType;
  /** Fastify's route config, e.g. a rate limit of its own (`{ rateLimit: { max, timeWindow } }`). */
  config?: Record<string, unknown>;
}

/**
 * Registers the route of an endpoint declared in contract/<area>.endpoints.ts: its method and
 * path, its access check, and its schemas for validation, serialisation and the OpenAPI document.
 * The handler is the only thing the module adds.
 */
export function route<E extends Endpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, handler: EndpointHandler<E>, options: RouteOptions = {}): void {
  const preHandler = [preHandlerOf(ctx, endpoint.access), options.check].filter((check) => check !== undefined);
  typed(app).route({
    method: endpoint.method,
    url: endpoint.path,
    ...(preHandler.length ? { preHandler } : {}),
    ...(options.attachValidation ? { attachValidation: true } : {}),
    ...(options.config ? { config: options.config } : {}),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.access === 'responder' ? { description: responderAuthorization } : {}),
      ...(endpoint.upload ? { consumes: endpoint.json ? ['application/json', 'multipart/form-data'] : ['multipart/form-data'] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { ...(endpoint.response ? { 200: options.okSchema ?? ok(endpoint.response) } : {}), ...Object.fromEntries(endpoint.errors.map((status) => [status, errorBody])) },
    },
    handler: handler as never,
  });
}
