import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Helmet's response headers for a fixed configuration, computed once by running @fastify/helmet
 * on a probe instance: registered on the app, it builds the helmet middleware again, Content-
 * Security-Policy parsing included, for every request. Our configuration has no per-request part
 * (no CSP nonces), so every response gets the same headers.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string | number | string[]][]> {
  const probe = Fastify();
  await probe.register(helmet, options);
  // What helmet set on the raw response (names as written), before Fastify adds its own at send time.
  probe.get('/', async (_request, reply) => {
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    return raw.getRawHeaderNames().map((name) => [name, raw.getHeader(name)]);
  });
  const answer = await probe.inject('/');
  await probe.close();
  return answer.json() as [string, string | number | string[]][];
}

/** Sets helmet's headers on every response, as @fastify/helmet does, from one computation. */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    reply.raw.removeHeader('X-Powered-By');
    done();
  });
}
