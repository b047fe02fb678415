import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/**
 * What a request may carry and what an answer says (issue 20): client addresses a client cannot
 * choose, limits shared by instances, hostile strings, authentication before validation, headers,
 * the report mail relay, DATA_DIR, and responder activation.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIGNIN_RATE_PER_MINUTE: 5 }, { background: false });
});
afterAll(async () => server?.close());

const signInFrom = (target: TestServer, forwarded: string, remoteAddress = '192.0.2.1') =>
  target.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'nobody@vigil.test', password: 'x' }, remoteAddress, headers: { 'x-forwarded-for': forwarded } });

describe('client address and rate limits', () => {
  it('limits one host whatever X-Forwarded-For it forges', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) statuses.push((await signInFrom(server, `198.51.100.${attempt}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('believes X-Forwarded-For only from a configured proxy (TRUST_PROXY)', async () => {
    const proxied = await startTestServer({ SIGNIN_RATE_PER_MINUTE: 2, TRUST_PROXY: '192.0.2.250' }, { background: false });
    try {
      // Through the proxy, two clients are two addresses; from elsewhere, the header is not believed.
      for (const client of ['203.0.113.1', '203.0.113.2']) for (let attempt = 0; attempt < 2; attempt++) expect((await signInFrom(proxied, client, '192.0.2.250')).statusCode).toBe(401);
      expect((await signInFrom(proxied, '203.0.113.1', '192.0.2.250')).statusCode).toBe(429);
      expect((await signInFrom(proxied, '203.0.113.3', '192.0.2.9')).statusCode).toBe(401);
      expect((await signInFrom(proxied, '203.0.113.4', '192.0.2.9')).statusCode).toBe(401);
      expect((await signInFrom(proxied, '203.0.113.5', '192.0.2.9')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('shares the limit between two instances on one PostgreSQL', async () => {
    const first = await startTestServer({ SIGNIN_RATE_PER_MINUTE: 4, JWT_SECRET: 'a shared secret of two instances, long enough' }, { background: false });
    const second = await startTestServer({ SIGNIN_RATE_PER_MINUTE: 4, JWT_SECRET: 'a shared secret of two instances, long enough', DATABASE_URL: first.ctx.config.DATABASE_URL }, { background: false });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) statuses.push((await signInFrom(attempt % 2 ? second : first, '', '192.0.2.77')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('hostile strings and anonymous callers', () => {
  it('answers 400 error.validation to NUL bytes and lone surrogates in any string, and writes nothing', async () => {
    const admin = await server.signIn('admin@vigil.test');
    const [{ count: before }] = await server.ctx.database.query<{ count: number }>('SELECT count(*)::int AS count FROM aeds');
    for (const bad of ['Mairie\u0000', 'Mairie \ud800', '\udc00']) {
      const response = await server.app.inject({ method: 'PATCH', url: '/services/backOffice/aed/patchAed/new', headers: { authorization: admin }, payload: { name: bad, lat: 45.78, lon: 3.08 } });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toMatchObject({ error: true, msg: 'error.validation', details: [{ field: 'name' }] });
      const query = await server.app.inject({ url: `/services/backOffice/tester/search?filter=${encodeURIComponent('ab\u0000')}`, headers: { authorization: admin } });
      expect(query.statusCode).toBe(400);
    }
    const [{ count: after }] = await server.ctx.database.query<{ count: number }>('SELECT count(*)::int AS count FROM aeds');
    expect(after).toBe(before);
  });

  it('authenticates before it validates: an anonymous bad request is a 401 without schema details', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/services/emergency/v2/alertLaunch', payload: { alertType: 'not a type' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: true, msg: 'error.auth.invalid-token' });
  });

  it('takes no boolean for an id', async () => {
    const admin = await server.signIn('admin@vigil.test');
    const response = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/verifyToken', headers: { authorization: admin }, payload: { token: 'a'.repeat(64), idUser: true } });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('error.validation');
  });
});

describe('answers', () => {
  it('are not stored, frame nowhere, and open sockets only to Vigil', async () => {
    const operator = await server.signIn('operator@vigil.test');
    const answer = await server.app.inject({ url: '/services/backOffice/account/thirdAccess', headers: { authorization: operator } });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    const connect = /connect-src ([^;]+)/.exec(String(answer.headers['content-security-policy']))![1].split(' ');
    expect(connect).toEqual(["'self'", 'ws://localhost:3000']);
  });
});

describe('report mails', () => {
  it('go only to the report’s own address, with checked text, within a rate', async () => {
    const editor = await server.signIn('aed-editor@vigil.test');
    const [aed] = await server.ctx.database.query<{ udid: string }>("SELECT udid FROM aeds WHERE id_site = (SELECT site_id FROM users WHERE email = 'aed-editor@vigil.test') LIMIT 1");
    const report = (payload: object) => server.app.inject({ method: 'POST', url: '/services/backOffice/aed/reportProblem', headers: { authorization: editor }, payload: { idData: aed.udid, problem: 2, ...payload } });
    const outside = await report({ email: 'victim@example.net' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().msg).toBe('error.aed.report-email-not-own');
    const own = await report({});
    expect(own.json().data.email).toBe('aed-editor@vigil.test');
    const mail = (text: string) => server.app.inject({ method: 'POST', url: '/services/backOffice/email/sendMailForReportAed', headers: { authorization: editor }, payload: { idReport: own.json().data.id, subject: 'Hello', text } });
    for (const text of ['Claim your prize at https://evil.example/win', '<a href="x">click</a>']) expect((await mail(text)).json().msg).toBe('error.aed.report-mail-text');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await mail(`Thank you, see http://localhost:3000/aed/list (${attempt})`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

/** How `npm start` ends with DATA_DIR at `dataDir`: its exit code and what it printed on stderr. */
async function startFailure(dataDir: string): Promise<{ code: number; stderr: string } | undefined> {
  return promisify(execFile)('npx', ['tsx', 'server/src/main.ts'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' } }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr.trim() }),
  );
}

/** Whether this process may mount a tmpfs (root with the right capability). */
const canMount = (() => {
  const probe = mkdtempSync(join(tmpdir(), 'vigil-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  }
})();

describe('DATA_DIR and defaults', () => {
  it('is created owner-only, and so are the files in it', () => {
    expect(statSync(server.dataDir).mode & 0o777).toBe(0o700);
    const mailFolder = join(server.dataDir, 'mail');
    for (const name of ['jwt-secret', ...readdirSync(mailFolder).map((file) => join('mail', file))]) expect(statSync(join(server.dataDir, name)).mode & 0o077, name).toBe(0);
  });

  it('stops the start with one line naming DATA_DIR and the cause when a file is in its path', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vigil-datadir-'));
    writeFileSync(join(folder, 'blocked'), 'a file, not a folder');
    const dataDir = join(folder, 'blocked', 'data');
    expect(await startFailure(dataDir)).toEqual({ code: 2, stderr: `DATA_DIR (${dataDir}) cannot be used: a file stands where a folder of its path should be` });
  });

  // A read-only and a full file system are real ones: small tmpfs mounts (root may mount here; elsewhere these two do not run).
  it.runIf(canMount)('stops the start with one line naming DATA_DIR when its file system is read-only or full', async () => {
    for (const [options, cause] of [['ro,size=1m', 'the file system is read-only'], ['size=16k', 'no space left on the device']] as const) {
      const mountPoint = mkdtempSync(join(tmpdir(), 'vigil-datadir-mount-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', mountPoint]);
      try {
        const dataDir = options.startsWith('ro') ? join(mountPoint, 'data') : mountPoint;
        expect(await startFailure(dataDir), options).toEqual({ code: 2, stderr: `DATA_DIR (${dataDir}) cannot be used: ${cause}` });
      } finally {
        execFileSync('umount', [mountPoint]);
      }
    }
  });

  it('leaves a newly registered responder waiting for validation, demo data or not', async () => {
    expect(server.ctx.config.DEMO_DATA).toBe(true);
    const registered = await server.app.inject({
      method: 'POST',
      url: '/services/responder/v1/register',
      payload: { responder: { firstName: 'New', lastName: 'Comer', email: 'new.comer@example.org', phone: '+33610009999' }, device: { os: 'android', udid: 'udid-security-test' } },
    });
    expect(registered.json().data.accountStatus).toBe('waiting');
  });
});
