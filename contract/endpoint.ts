import type { z } from 'zod';
import type { Capability } from './access';

/**
 * One HTTP endpoint, declared once in `contract/<area>.endpoints.ts`: the server registers its
 * route from it (server/src/routing.ts), the SPA calls it with input and output types inferred
 * from its schemas (src/services/http.ts), and the permission matrix, the audit list, the caches
 * that forget on writes and docs/permissions.md read the same entry.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How the audit hook records a successful call: its action, and where it reads the target and details. */
export interface AuditedCall {
  action: string;
  /** Where the target is read: `params.x`, `body.x` or `query.x`. */
  target?: string;
  /** Request fields copied into the row's details (identifiers and choices only, never free text). */
  details?: readonly string[];
  /**
   * On PostgreSQL the row commits without waiting for the disk, like the change it records: a
   * preview's draft (server/src/modules/alerts/writes.ts). A crash of the PostgreSQL server in the
   * next fraction of a second may lose the latest draft and its row, a crash of Vigil nothing; never
   * a launch, which commits synchronously. The embedded engine commits such rows synchronously.
   */
  relaxedCommit?: true;
}

/** Who may call an endpoint: anyone, any signed-in staff session, a responder device, or a capability. */
export type Access = 'public' | 'signedIn' | 'responder' | 'indicators' | Capability;

/** The permission matrix's cells of an endpoint (contract/permissions.matrix.ts). */
export interface MatrixCells {
  /** Groups allowed when the service narrows the capability further (overrides `access` for staff groups). */
  groups?: readonly number[];
  /** Status for a caller that may call it, on its own account (or with no account target). */
  own: number;
  /** Status on a resource or scope of another account; absent when the call has no account target. */
  other?: number;
  /** What the own and other requests of the test do, when it is not obvious. */
  note?: string;
}

export interface Endpoint {
  method: Method;
  /** The route as Fastify declares it (`:param`). */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  tags: readonly string[];
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A multipart upload (the file in the field `file`): the handler reads the stream itself, the
   * SPA sends a FormData. Such an endpoint has no body schema.
   */
  upload?: true;
  /**
   * An upload that also takes a plain JSON body instead (the handler tells them apart and validates
   * it): that body's schema, for the SPA's input type. Neither the route nor the document reads it.
   */
  json?: z.ZodType;
  /** The `data` of a 200 answer; absent when the answer is a file. */
  response?: z.ZodType;
  /** Error statuses the endpoint documents besides 200. */
  errors: readonly number[];
  /** Whether a call may change data: a write makes the instance forget its kept answers. */
  writes: boolean;
  /** The audit log's action of a write (contract/audit.actions.ts); a write without one says why in `notAudited`. */
  audit?: AuditedCall;
  /** Why a write is not audited. */
  notAudited?: string;
  matrix: MatrixCells;
}

/** Declares an endpoint, keeping its literal types for the SPA's inferred input and output. */
export function endpoint<const E extends Endpoint>(declared: E): E {
  return declared;
}

type Part<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType ? { [P in K]: z.input<E[K]> } : { [P in K]?: never };

type Json<E extends Endpoint> = E['json'] extends z.ZodType ? z.input<E['json']> : never;

type Body<E extends Endpoint> = E['upload'] extends true ? { body: FormData | Json<E> } : Part<E, 'body'>;

/** What a caller gives: the endpoint's path parameters, query and body, each typed by its schema (an upload's body is a FormData, or the JSON it also takes). */
export type EndpointInput<E extends Endpoint> = Part<E, 'params'> & Part<E, 'query'> & Body<E>;

/** The `data` of the endpoint's 200 answer. */
export type EndpointData<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : Blob;

/** The route key the audit hook and the permission matrix use: `METHOD /path`. */
export const routeKey = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

/** The path with its `:param` parts filled in (each value URI-encoded). */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_whole, name: string) => {
    if (params[name] === undefined || params[name] === null) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
}
