import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableError } from '../../server/src/errors';
import { startTestServer, type TestServer } from './harness';

/**
 * What the logs keep (issue 20): at the most talkative level, a request's personal values (a
 * name, a phone, an e-mail, a password, a token) appear in no line, whether the request succeeds,
 * is refused, or fails in the database.
 */
let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({ LOG_LEVEL: 'debug' }, { log: pino({ level: 'debug' }, sink) as FastifyBaseLogger, background: false });
});
afterAll(async () => server?.close());

describe('logs', () => {
  it('carry no personal value of a request, at debug level, answered, refused or failed', async () => {
    const personal = { name: 'Pharmacie Zéphyrine Quartz', phone: '+33698765432', email: 'zephyrine.quartz@example.org', password: 'Zephyrine-Secret-2026!' };
    const admin = await server.signIn('admin@vigil.test');
    const token = admin.replace(/^JWT /, '');
    const before = lines.length;
    const requests = [
      { method: 'POST', url: '/services/backOffice/signin/', payload: { username: personal.email, password: personal.password } },
      { method: 'POST', url: '/services/backoffice/password/forgot', payload: { email: personal.email } },
      { method: 'PATCH', url: '/services/backOffice/aed/patchAed/new', headers: { authorization: admin }, payload: { name: personal.name, lat: 45.78, lon: 3.08 } },
      // Refused: a field the form does not have, and a NUL byte in a string.
      { method: 'PATCH', url: '/services/backOffice/aed/patchAed/new', headers: { authorization: admin }, payload: { name: personal.name, lat: 45.78, lon: 3.08, phone: personal.phone } },
      { method: 'PATCH', url: '/services/backOffice/aed/patchAed/new', headers: { authorization: admin }, payload: { name: `${personal.name}\u0000`, lat: 45.78, lon: 3.08 } },
      { method: 'GET', url: `/services/backOffice/tester/search?filter=${encodeURIComponent(personal.name)}`, headers: { authorization: admin } },
    ] as const;
    const statuses: number[] = [];
    for (const request of requests) statuses.push((await server.app.inject(request)).statusCode);
    expect(statuses).toEqual([401, 200, 200, 400, 400, 200]);
    const written = lines.slice(before).join('');
    expect(written).toContain('"route"'); // the request lines were written: debug is on
    for (const value of [...Object.values(personal), token]) expect(written, value).not.toContain(value);
  });

  it('keep a failed query without its parameters, which carry the request values', () => {
    const failed = new Error(`Failed query: insert into "aeds" ("name", "phone") values ($1, $2)\nparams: Pharmacie Zéphyrine Quartz,+33698765432`);
    failed.stack = `${failed.message}\n    at insert (repo.ts:1:1)`;
    const kept = JSON.stringify(loggableError(new Error('query failed', { cause: failed })));
    expect(kept).toContain('Failed query: insert into');
    expect(kept).not.toContain('Zéphyrine');
    expect(kept).not.toContain('+33698765432');
  });
});
