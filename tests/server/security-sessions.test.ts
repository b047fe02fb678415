import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../server/src/db/seed/accounts';
import { newestMail, startTestServer, startTwoInstances, type TestServer } from './harness';
import { Client, connect as connectSocket } from './ws-client';

/**
 * Sessions end when they should (issue 20: rights outlive their removal, logout, reset tokens,
 * revoked sockets, waiting accounts, tokens without expiry) and authentication is audited.
 */
const probe = '/services/backOffice/account/thirdAccess';
const statusOf = async (server: TestServer, authorization: string, url = probe) => (await server.app.inject({ url, headers: { authorization } })).statusCode;
/**
 * A change ends sessions once the instances have heard it announced: the poll waits for that, and
 * its time-out only stops a hang (the suite's room for slow machines), it measures nothing.
 */
const untilAnnounced = { timeout: 100_000, interval: 50 };
const clients: Client[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => server?.close());

const userId = async (email: string) => (await server.ctx.database.query<{ id: number; site_id: number }>('SELECT id, site_id FROM users WHERE email = $1', [email]))[0];
const auditRows = (action: string, user: number) =>
  server.ctx.database.query<{ ip: string; site_id: number; details: Record<string, unknown> }>('SELECT ip, site_id, details FROM audit_log WHERE action = $1 AND user_id = $2 ORDER BY id', [action, user]);

describe('rights outlive their removal no longer', () => {
  it('ends a session when its user changes group, account or activation', async () => {
    for (const change of ['id_group = 6', 'site_id = (SELECT id FROM accounts WHERE name LIKE $$SDIS 03%$$)', 'active = false']) {
      const token = await server.signIn('referent@vigil.test');
      expect(await statusOf(server, token)).toBe(200);
      const { id } = await userId('referent@vigil.test');
      await server.ctx.database.query(`UPDATE users SET ${change} WHERE id = $1`, [id]);
      await expect.poll(() => statusOf(server, token), untilAnnounced).toBe(401);
      await server.ctx.database.query("UPDATE users SET id_group = 7, site_id = (SELECT id FROM accounts WHERE name LIKE 'SDIS 63%'), active = true WHERE id = $1", [id]);
    }
  });

  it('ends the sessions a removed third-party grant opened', async () => {
    const admin = await server.signIn('admin@vigil.test');
    const list = (await server.app.inject({ url: probe, headers: { authorization: admin } })).json().data.accountList as { id: number; name: string }[];
    const allier = list.find((account) => account.name.startsWith('SDIS 03'))!;
    const switched = await server.app.inject({ url: `${probe}/switch?idAccount=${allier.id}`, headers: { authorization: admin } });
    const onAllier = `JWT ${switched.json().data.token}`;
    expect(await statusOf(server, onAllier)).toBe(200);
    const { id } = await userId('admin@vigil.test');
    expect((await auditRows('account.switch', id)).at(-1)).toMatchObject({ ip: '127.0.0.1' });
    const [grant] = await server.ctx.database.query<{ account_id: number }>('DELETE FROM user_accounts WHERE user_id = $1 AND account_id = $2 RETURNING account_id', [id, allier.id]);
    expect(grant).toBeDefined();
    await expect.poll(() => statusOf(server, onAllier), untilAnnounced).toBe(401);
    await server.ctx.database.query('INSERT INTO user_accounts (user_id, account_id) VALUES ($1, $2)', [id, allier.id]);
  });
});

describe('logout', () => {
  it('ends the token at once, closes its WebSocket with 4401, keeps the other sessions, and is audited', async () => {
    const { id, site_id } = await userId('operator@vigil.test');
    const first = await server.signIn('operator@vigil.test');
    const second = await server.signIn('operator@vigil.test');
    const socket = await connectSocket(server.app, first.replace('JWT ', ''), site_id, clients);
    const out = await server.app.inject({ method: 'POST', url: '/services/backoffice/user/logout', headers: { authorization: first } });
    expect(out.json()).toEqual({ data: { loggedOut: true } });
    expect(await statusOf(server, first)).toBe(401);
    expect(await statusOf(server, second)).toBe(200);
    expect((await socket.closed).code).toBe(4401);
    expect((await auditRows('account.logout', id)).at(-1)).toMatchObject({ site_id });
  });

  it('closes the socket of a session ended by a password change', async () => {
    const { site_id } = await userId('administrator@vigil.test');
    const token = await server.signIn('administrator@vigil.test');
    const socket = await connectSocket(server.app, token.replace('JWT ', ''), site_id, clients);
    const other = await server.signIn('administrator@vigil.test');
    const changed = await server.app.inject({ method: 'POST', url: '/services/backoffice/user/updtPwd', headers: { authorization: other }, payload: { password: demoPassword, currentPassword: demoPassword } });
    expect(changed.statusCode).toBe(200);
    expect((await socket.closed).code).toBe(4401);
  });

  it('closes a socket that does not authenticate within 10 seconds, not before', async (context) => {
    const started = performance.now();
    const client = new Client(`ws://127.0.0.1:${(server.app.server.address() as { port: number }).port}/services/ws`);
    clients.push(client);
    await client.opened();
    expect((await client.closed).code).toBe(4401);
    const waited = performance.now() - started;
    context.annotate(`closed after ${Math.round(waited)} ms`);
    expect(waited).toBeGreaterThanOrEqual(10_000);
  });
});

describe('passwords', () => {
  it('asks the current password outside the forced update', async () => {
    const token = await server.signIn('aed-manager@vigil.test');
    const update = (payload: object) => server.app.inject({ method: 'POST', url: '/services/backoffice/user/updtPwd', headers: { authorization: token }, payload });
    const without = await update({ password: 'A-brand-new-passw0rd!' });
    expect(without.statusCode).toBe(400);
    expect(without.json().msg).toBe('error.auth.current-password');
    expect((await update({ password: 'A-brand-new-passw0rd!', currentPassword: 'not it' })).json().msg).toBe('error.auth.current-password');
    expect((await update({ password: 'A-brand-new-passw0rd!', currentPassword: demoPassword })).statusCode).toBe(200);
    const { id } = await userId('aed-manager@vigil.test');
    expect((await auditRows('account.password', id)).length).toBe(1);
  });

  it('ends every outstanding reset token once one renews the password', async () => {
    const forgot = () => server.app.inject({ method: 'POST', url: '/services/backoffice/password/forgot', payload: { email: 'norights@vigil.test' } });
    const links: { token: string; idUser: string }[] = [];
    for (let index = 0; index < 2; index++) {
      await forgot();
      const seen = new Set(links.map((link) => link.token));
      const mail = await newestMail(server.dataDir, (text) => text.includes('norights@vigil.test') && text.includes('token=') && ![...seen].some((token) => text.includes(token)));
      const url = new URL(/https?:\/\/[^\s"\\]+/.exec(JSON.parse(mail).text as string)![0]);
      links.push({ token: url.searchParams.get('token')!, idUser: url.searchParams.get('id')! });
    }
    const renew = (link: { token: string; idUser: string }, password: string) =>
      server.app.inject({ method: 'POST', url: '/services/backoffice/password/renew', payload: { ...link, password } });
    expect((await renew(links[0], 'First-renewal-passw0rd!')).statusCode).toBe(200);
    const verify = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/verifyToken', payload: links[1] });
    expect(verify.json().msg).toBe('error.auth.token-not-found');
    expect((await renew(links[1], 'Second-renewal-passw0rd!')).json().msg).toBe('error.auth.token-not-found');
  });

  it('ends the outstanding reset tokens when the password is changed from the profile', async () => {
    await server.app.inject({ method: 'POST', url: '/services/backoffice/password/forgot', payload: { email: 'referent@vigil.test' } });
    const mail = await newestMail(server.dataDir, (text) => text.includes('referent@vigil.test') && text.includes('token='));
    const url = new URL(/https?:\/\/[^\s"\\]+/.exec(JSON.parse(mail).text as string)![0]);
    const link = { token: url.searchParams.get('token')!, idUser: url.searchParams.get('id')! };
    const verify = () => server.app.inject({ method: 'POST', url: '/services/backoffice/password/verifyToken', payload: link });
    expect((await verify()).statusCode).toBe(200);
    const token = await server.signIn('referent@vigil.test');
    const changed = await server.app.inject({ method: 'POST', url: '/services/backoffice/user/updtPwd', headers: { authorization: token }, payload: { password: 'Changed-from-profile-2026!', currentPassword: demoPassword } });
    expect(changed.statusCode).toBe(200);
    expect((await verify()).json().msg).toBe('error.auth.token-not-found');
  });
});

describe('tokens and accounts being configured', () => {
  it('refuses a token without an expiry', async () => {
    const { id, site_id } = await userId('admin@vigil.test');
    const [{ token_version }] = await server.ctx.database.query<{ token_version: number }>('SELECT token_version FROM users WHERE id = $1', [id]);
    const secret = new TextEncoder().encode((await import('node:fs')).readFileSync(`${server.dataDir}/jwt-secret`, 'utf8').trim());
    const forever = await new SignJWT({ grp: 1, site: site_id, ver: token_version, cfg: true }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(id)).setJti('forever').sign(secret);
    expect(await statusOf(server, `JWT ${forever}`)).toBe(401);
  });

  it('keeps a session of an account being configured on the waiting page: no alert, no AED write', async () => {
    const token = await server.signIn('waiting@vigil.test');
    const launch = await server.app.inject({ method: 'POST', url: '/services/emergency/v2/alertLaunch', headers: { authorization: token }, payload: { lat: 45.78, lon: 3.08, address: 'Place de Jaude', alertType: 1 } });
    expect(launch.statusCode).toBe(403);
    expect(launch.json().msg).toBe('error.account.being-configured');
    const write = await server.app.inject({ method: 'PATCH', url: '/services/backOffice/aed/patchAed/new', headers: { authorization: token }, payload: { name: 'x', lat: 45.78, lon: 3.08 } });
    expect(write.json().msg).toBe('error.account.being-configured');
    expect(await statusOf(server, token)).toBe(200); // listing its accounts (and switching) stays open
  });
});

describe('sign-in audit', () => {
  it('records success, failure and the pause with the user, the account and the connection address', async () => {
    const { id, site_id } = await userId('aed-editor@vigil.test');
    const from = (password: string) => server.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'aed-editor@vigil.test', password }, remoteAddress: '192.0.2.44', headers: { 'x-forwarded-for': '10.9.9.9' } });
    expect((await from(demoPassword)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++) await from('wrong');
    expect((await auditRows('account.signIn', id)).at(-1)).toMatchObject({ ip: '192.0.2.44', site_id });
    expect((await auditRows('account.signInFailed', id)).map((row) => row.ip)).toEqual(Array(5).fill('192.0.2.44'));
    expect(await auditRows('account.lockout', id)).toHaveLength(1);
    const admin = await server.signIn('admin@vigil.test');
    const page = await server.app.inject({ url: `/services/backoffice/audit/getAuditLog?action=account.lockout&userId=${id}`, headers: { authorization: admin } });
    expect(page.json().data.list[0]).toMatchObject({ action: 'account.lockout', userEmail: 'aed-editor@vigil.test', ip: '192.0.2.44' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('end a logged-out or demoted session on both', async () => {
    const pair = await startTwoInstances();
    try {
      const token = await pair.first.signIn('operator@vigil.test');
      expect(await statusOf(pair.second, token)).toBe(200);
      await pair.first.app.inject({ method: 'POST', url: '/services/backoffice/user/logout', headers: { authorization: token } });
      await expect.poll(() => statusOf(pair.second, token), untilAnnounced).toBe(401);
      const demoted = await pair.second.signIn('referent@vigil.test');
      expect(await statusOf(pair.first, demoted)).toBe(200);
      await pair.second.ctx.database.query("UPDATE users SET id_group = 8 WHERE email = 'referent@vigil.test'");
      await expect.poll(() => statusOf(pair.first, demoted), untilAnnounced).toBe(401);
    } finally {
      await pair.close();
    }
  });
});
