import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics';

/** The route pattern of a request (`/services/backOffice/alerts/:alertId`), never its URL: ids and query strings stay out of logs and labels. */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * One log line per request, at debug, with what an operator needs and nothing personal: method,
 * route pattern, status, duration and the request id (no URL, query string, body, header or
 * address). A server error or a request slower than `slowMs` is logged at warn. Each request is
 * also observed in the duration histogram.
 */
export function registerRequestLog(app: FastifyInstance, metrics: Metrics, slowMs: number): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(status) }, ms / 1000);
    const line = { method: request.method, route, status, ms: Math.round(ms * 10) / 10 };
    if (status >= 500) request.log.warn(line, 'request failed');
    else if (ms >= slowMs) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request');
  });
}
