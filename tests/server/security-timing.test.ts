import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/**
 * Sign-in and forgot-password cost the same for known and unknown addresses (issue 20): what the
 * server does is observed, not timed. Every sign-in refused verifies one password hash (a decoy for
 * an unknown, inactive or paused login), and the forgot-password answer leaves before the address
 * is looked up.
 */
const seen = vi.hoisted(() => ({ verified: 0, lookups: [] as string[], gate: undefined as Promise<void> | undefined }));

vi.mock('../../server/src/modules/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/src/modules/auth/passwords')>();
  return {
    ...real,
    verifyPassword: (hashed: string, password: string) => {
      seen.verified += 1;
      return real.verifyPassword(hashed, password);
    },
  };
});

vi.mock('../../server/src/modules/auth/repo', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/src/modules/auth/repo')>();
  return {
    ...real,
    findUserByLogin: async (...args: Parameters<typeof real.findUserByLogin>) => {
      seen.lookups.push(args[1]);
      if (seen.gate) await seen.gate;
      return real.findUserByLogin(...args);
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { background: false });
});
afterAll(async () => server?.close());

const signIn = (username: string, password: string, remoteAddress = '192.0.2.60') =>
  server.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username, password }, remoteAddress });

describe('the same work for known and unknown addresses', () => {
  it('verifies one password hash for every refused sign-in: wrong password, unknown, inactive or paused login', async () => {
    const refusedWith = async (username: string, password: string, remoteAddress?: string) => {
      const before = seen.verified;
      const response = await signIn(username, password, remoteAddress);
      expect(response.statusCode, username).toBe(401);
      expect(response.json().msg).toBe('error.auth.incorrect-password');
      return seen.verified - before;
    };
    expect(await refusedWith('operator@vigil.test', 'not the password')).toBe(1);
    expect(await refusedWith('nobody-at-all@vigil.test', 'not the password')).toBe(1);
    await server.ctx.database.query("UPDATE users SET active = false WHERE email = 'referent@vigil.test'");
    try {
      expect(await refusedWith('referent@vigil.test', 'not the password')).toBe(1);
    } finally {
      await server.ctx.database.query("UPDATE users SET active = true WHERE email = 'referent@vigil.test'");
    }
    for (let attempt = 0; attempt < 5; attempt++) await signIn('aed-manager@vigil.test', 'wrong', '192.0.2.61');
    expect(await refusedWith('aed-manager@vigil.test', 'Vigil-Demo-2026!', '192.0.2.61')).toBe(1); // paused from that address
  });

  it('answers a forgotten password before the address is even looked up', async () => {
    let release = () => undefined as void;
    seen.gate = new Promise<void>((resolve) => (release = resolve));
    try {
      const lookupsBefore = seen.lookups.length;
      const answer = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/forgot', payload: { email: 'operator@vigil.test' } });
      expect(answer.json()).toEqual({ data: { sent: true } });
      // The look-up started, and it is still held: the answer did not wait for it.
      expect(seen.lookups.slice(lookupsBefore)).toEqual(['operator@vigil.test']);
    } finally {
      seen.gate = undefined;
      release();
    }
  });
});
