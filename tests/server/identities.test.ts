import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../server/src/db/seed/accounts';
import { createTokens } from '../../server/src/plugins/tokens';
import { startTestServer, startTwoInstances, type TestServer } from './harness';

/**
 * Session checks keep user rows in memory while the instance listens for their changes: a change
 * made anywhere (the API, another instance, plain SQL) must still end the sessions it ends.
 */
const probe = '/services/backOffice/account/thirdAccess';
const statusOf = async (server: TestServer, authorization: string) => (await server.app.inject({ url: probe, headers: { authorization } })).statusCode;

describe('kept identities', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('refuses a kept session once its user is deactivated or its sessions are ended in the database', async () => {
    const operator = await server.signIn('operator@vigil.test');
    expect(await statusOf(server, operator)).toBe(200);
    expect(await statusOf(server, operator)).toBe(200); // now kept
    await server.ctx.database.query("UPDATE users SET active = false WHERE email = 'operator@vigil.test'");
    await expect.poll(() => statusOf(server, operator), { timeout: 3000 }).toBe(401);
    await server.ctx.database.query("UPDATE users SET active = true WHERE email = 'operator@vigil.test'");
    // Reactivated, the user signs in anew; the session the deactivation ended stays ended.
    const again = await server.signIn('operator@vigil.test');
    await expect.poll(() => statusOf(server, again), { timeout: 3000 }).toBe(200);
    expect(await statusOf(server, operator)).toBe(401);

    const referent = await server.signIn('referent@vigil.test');
    expect(await statusOf(server, referent)).toBe(200);
    await server.ctx.database.query("UPDATE users SET token_version = token_version + 1 WHERE email = 'referent@vigil.test'");
    await expect.poll(() => statusOf(server, referent), { timeout: 3000 }).toBe(401);
  });

  it('keeps a row it read, but not one read while a change was announced', async () => {
    const [{ id }] = await server.ctx.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'administrator@vigil.test'");
    const identities = server.ctx.identities;
    // Silence the announcements to see what is kept.
    const announce = async (on: boolean) => server.ctx.database.query(`ALTER TABLE users ${on ? 'ENABLE' : 'DISABLE'} TRIGGER users_standing_changed`);
    try {
      await identities.lookup(id);
      await announce(false);
      await server.ctx.database.query('UPDATE users SET active = false WHERE id = $1', [id]);
      expect((await identities.lookup(id))?.active).toBe(true); // kept
      identities.forget(id);
      expect((await identities.lookup(id))?.active).toBe(false);

      await server.ctx.database.query('UPDATE users SET active = true WHERE id = $1', [id]);
      identities.forget(id);
      const reading = identities.lookup(id);
      identities.forget(id); // a change announced while the row is read
      expect((await reading)?.active).toBe(true);
      await server.ctx.database.query('UPDATE users SET active = false WHERE id = $1', [id]);
      expect((await identities.lookup(id))?.active).toBe(false); // the raced read was not kept
    } finally {
      await server.ctx.database.query('UPDATE users SET active = true WHERE id = $1', [id]);
      await announce(true);
      identities.forget(id);
    }
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('kept identities across instances (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let first: TestServer;
  let second: TestServer;
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ first, second, close } = await startTwoInstances());
  });
  afterAll(async () => close());

  it('ends on instance B the sessions a password change on instance A ends', async () => {
    const token = await first.signIn('operator@vigil.test');
    expect(await statusOf(second, token)).toBe(200);
    expect(await statusOf(second, token)).toBe(200); // kept on B
    const changed = await first.app.inject({ method: 'POST', url: '/services/backoffice/user/updtPwd', headers: { authorization: token }, payload: { password: 'An-other-passw0rd-for-B', currentPassword: demoPassword } });
    expect(changed.statusCode).toBe(200);
    expect(await statusOf(first, token)).toBe(401);
    await expect.poll(() => statusOf(second, token), { timeout: 3000 }).toBe(401);
    expect(await statusOf(second, `JWT ${changed.json().data.token}`)).toBe(200);
  });
});

describe('verified tokens', () => {
  it('remembers a good signature only until the token expires, and never for an altered token', async () => {
    const tokens = createTokens('a secret for the verified-token test, long enough');
    const claims = { userId: 7, idGroup: 5, siteId: 3, tokenVersion: 2 };
    // Expiry is a whole second: a ttl of 2 keeps the token good for 1 to 2 seconds.
    const token = await tokens.sign(claims, 2);
    // The verified token carries its claims, its id (what a logout revokes) and its expiry.
    const verified = { ...claims, accountConfigured: true, tokenId: expect.any(String), expiresAt: expect.any(Number) };
    expect(await tokens.verify(token)).toEqual(verified);
    expect(await tokens.verify(token)).toEqual(verified); // remembered
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(payload, 'base64url').toString().replace('"grp":5', '"grp":1');
    expect(await tokens.verify(`${header}.${Buffer.from(forged).toString('base64url')}.${signature}`)).toBeUndefined();
    expect(await tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await tokens.verify(token)).toBeUndefined();
  });
});
