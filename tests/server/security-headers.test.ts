import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderOptions } from '../../server/src/app';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
});
afterAll(async () => server?.close());

/** Headers Fastify itself writes, whoever sets the others. */
const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'cache-control', 'accept-ranges', 'last-modified', 'etag', 'vary']);
const securityHeaders = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !ownHeaders.has(name)));

describe('security headers', () => {
  it('are those @fastify/helmet sets with the same options, on answers of every kind', async () => {
    const reference = Fastify();
    await reference.register(helmet, securityHeaderOptions(server.ctx));
    reference.get('/', async () => ({ ok: true }));
    const expected = securityHeaders((await reference.inject('/')).headers);
    await reference.close();
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");

    const token = await server.signIn('operator@vigil.test');
    const answers = [
      await server.app.inject('/health'),
      await server.app.inject({ url: '/services/emergency/v2/alerts?close=0&status=2', headers: { authorization: token } }),
      await server.app.inject('/services/emergency/v2/alerts'),
      await server.app.inject({ url: '/services/emergency/v2/alerts?status=9', headers: { authorization: token } }),
      await server.app.inject('/services/nothing-here'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 400, 404]);
    for (const answer of answers) expect(securityHeaders(answer.headers), answer.raw.req.url).toEqual(expected);
  });
});
