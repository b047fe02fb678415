import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorKeys, type ErrorBody } from '../../contract/errors';
import { isDatabaseUnavailable } from './db/unavailable';

/** An expected failure: an HTTP status and a message key the SPA translates. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly details?: unknown,
  ) {
    super(key);
  }
}

export const badRequest = (key: string, details?: unknown) => new AppError(400, key, details);
export const unauthorized = (key: string = errorKeys.invalidToken) => new AppError(401, key);
export const forbidden = (key: string = errorKeys.necessaryRights) => new AppError(403, key);
export const notFound = (key: string = errorKeys.notFound) => new AppError(404, key);
export const conflict = (key: string, details?: unknown) => new AppError(409, key, details);

/**
 * An error as the log may keep it: the failed SQL without its parameters, and no database detail
 * (both carry the request's values, personal data among them).
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const plain = (value: unknown) => {
    const { name, message, code, stack } = (value ?? {}) as { name?: string; message?: string; code?: string; stack?: string };
    // Drizzle appends "params: …" to the message (and so to the stack, before its frames).
    const withoutParams = (text?: string) => text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '');
    return { type: name, code, message: withoutParams(message), stack: withoutParams(stack) };
  };
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return { ...plain(error), ...(cause ? { cause: plain(cause) } : {}) };
}

/** Turns every thrown error into `{ error: true, msg, details? }` with the right status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { error: true, msg: errorKeys.serverError };
    if (error instanceof AppError) {
      status = error.status;
      body = { error: true, msg: error.key, ...(error.details === undefined ? {} : { details: error.details }) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      // zod reports an absent field as "expected X, received undefined".
      const missing = error.validation.some((issue) => issue.message?.includes('received undefined'));
      body = {
        error: true,
        msg: missing ? errorKeys.missingFields : errorKeys.validation,
        details: error.validation.map((issue) => ({ field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'), message: issue.message })),
      };
    } else if (isDatabaseUnavailable(error)) {
      // PostgreSQL is down, restarting or refusing connections: the caller may try again shortly.
      status = 503;
      body = { error: true, msg: errorKeys.databaseUnavailable };
      void reply.header('Retry-After', '5');
    } else if (error.statusCode === 429) {
      status = 429;
      body = { error: true, msg: errorKeys.tooManyRequests };
    } else if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      body = { error: true, msg: errorKeys.payloadTooLarge };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: true, msg: errorKeys.validation };
    }
    if (status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    void reply.status(status).send(body);
  });
}
