import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorKeys } from '../../../contract/errors';
import type { AppContext } from '../context';

const prometheusText = 'text/plain; version=0.0.4; charset=utf-8';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics on the public listener, only with METRICS_TOKEN (`Authorization: Bearer <token>`);
 * without a token configured the route does not exist there (use METRICS_PORT).
 */
export function metricsRoute(app: FastifyInstance, ctx: AppContext): void {
  const token = ctx.config.METRICS_TOKEN;
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ error: true, msg: errorKeys.invalidToken });
    return reply.type(prometheusText).send(await ctx.metrics.render());
  });
}

/**
 * A listener of its own for GET /metrics (METRICS_PORT, on METRICS_HOST): a port the load balancer
 * does not publish, so no token is asked. Resolves to the server, for closing.
 */
export async function listenForMetrics(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/metrics', async (_request, reply) => reply.type(prometheusText).send(await ctx.metrics.render()));
  await app.listen({ port: ctx.config.METRICS_PORT!, host: ctx.config.METRICS_HOST });
  return app;
}
