import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/src/app';
import { startTestServer, type TestServer } from './harness';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
}

let server: TestServer;
let operator: string;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  operator = await server.signIn('operator@vigil.test');
});
afterAll(async () => server?.close());

/** An app on the test server's context whose log lines (from debug up) are collected. */
async function loggedApp(slowMs: number): Promise<{ app: FastifyInstance; lines: () => Line[]; raw: string[] }> {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      done();
    },
  });
  const log = pino({ level: 'debug' }, stream) as FastifyBaseLogger;
  const app = await buildApp({ ...server.ctx, log, config: { ...server.ctx.config, SLOW_REQUEST_MS: slowMs } });
  app.get('/services/test/boom', async () => {
    throw new Error('boom');
  });
  return { app, lines: () => raw.map((line) => JSON.parse(line) as Line), raw };
}

describe('request logs', () => {
  it('writes one line per request at debug, with the route pattern and without anything personal', async () => {
    const { app, lines, raw } = await loggedApp(60_000);

    const secretEmail = 'someone.private@example.org';
    const response = await app.inject({
      url: `/services/backOffice/aed/geoCoding?address=${encodeURIComponent('12 rue Privée, Riom')}&email=${secretEmail}`,
      headers: { authorization: operator, cookie: 'session=secret-cookie' },
    });
    const signIn = await app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: secretEmail, password: 'a secret password' } });
    expect(signIn.statusCode).toBe(401);
    const requestLines = lines().filter((line) => line.msg === 'request');
    expect(requestLines.map(({ level, method, route, status }) => ({ level, method, route, status }))).toEqual([
      { level: 20, method: 'GET', route: '/services/backOffice/aed/geoCoding', status: response.statusCode },
      { level: 20, method: 'POST', route: '/services/backOffice/signin/', status: 401 },
    ]);
    expect(requestLines.every((line) => typeof line.reqId === 'string' && typeof line.ms === 'number')).toBe(true);
    // Fastify's own "incoming request" and "request completed" lines at info are gone.
    expect(lines().filter((line) => line.level >= 30)).toEqual([]);
    const everything = raw.join('');
    for (const personal of [secretEmail, 'Privée', 'Riom', operator.slice(4), 'secret-cookie', 'a secret password', '127.0.0.1']) expect(everything).not.toContain(personal);
    await app.close();
  });

  it('logs a server error at warn, and a request slower than SLOW_REQUEST_MS at warn', async () => {
    const quick = await loggedApp(60_000);
    expect((await quick.app.inject({ url: '/services/test/boom' })).statusCode).toBe(500);
    expect(quick.lines().filter((line) => line.route === '/services/test/boom').map(({ level, msg, status }) => ({ level, msg, status }))).toEqual([{ level: 40, msg: 'request failed', status: 500 }]);
    await quick.app.close();

    const slow = await loggedApp(0);
    expect((await slow.app.inject({ url: '/health' })).statusCode).toBe(200);
    expect(slow.lines().filter((line) => line.route === '/health').map(({ level, msg }) => ({ level, msg }))).toEqual([{ level: 40, msg: 'slow request' }]);
    await slow.app.close();
  });
});
