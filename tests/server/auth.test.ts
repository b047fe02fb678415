import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestMail, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const signIn = (username: string, password: string, extra: object = {}) =>
  server.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username, password, ...extra } });

/** The renewal link of the newest renewal mail, once the background send has written it. */
async function lastMailLink(): Promise<{ token: string; id: string }> {
  const mail = JSON.parse(await newestMail(server.dataDir, (text) => text.includes('renew-password?token='))) as { text: string };
  const url = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  return { token: url.searchParams.get('token')!, id: url.searchParams.get('id')! };
}

describe('sign-in', () => {
  it('returns the signed-in user with a token and expiresIn', async () => {
    const response = await signIn('operator@vigil.test', 'Vigil-Demo-2026!');
    expect(response.statusCode).toBe(200);
    const user = response.json().data;
    expect(user).toMatchObject({ idGroup: 5, email: 'operator@vigil.test', accountName: 'SDIS 63 — Puy-de-Dôme', expiresIn: 12 * 3600 });
    expect(user.token).toMatch(/^ey/);
  });

  it('gives a longer session with remember me', async () => {
    const response = await signIn('operator@vigil.test', 'Vigil-Demo-2026!', { rememberMe: true });
    expect(response.json().data.expiresIn).toBe(7 * 86400);
  });

  it('answers the same key for a wrong password and an unknown user', async () => {
    const wrong = await signIn('referent@vigil.test', 'not the password');
    const unknown = await signIn('nobody@vigil.test', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: true, msg: 'error.auth.incorrect-password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names missing fields', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('error.auth.missing-fields');
    expect(response.json().details[0].field).toBe('password');
  });

  it('hands out the forced-update group and the error group', async () => {
    expect((await signIn('newcomer@vigil.test', 'Vigil-Demo-2026!')).json().data.idGroup).toBe(100001);
    expect((await signIn('norights@vigil.test', 'Vigil-Demo-2026!')).json().data.idGroup).toBe(100002);
    expect((await signIn('waiting@vigil.test', 'Vigil-Demo-2026!')).json().data.accountConfigured).toBe(false);
  });

  it('pauses one address on an account after five wrong passwords, answering as for an unknown user, and tells the holder', async () => {
    const from = (remoteAddress: string) => (password: string) =>
      server.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'aed-editor@vigil.test', password }, remoteAddress });
    const attacker = from('203.0.113.66');
    for (let attempt = 0; attempt < 5; attempt++) expect((await attacker('wrong')).statusCode).toBe(401);
    const paused = await attacker('Vigil-Demo-2026!');
    const unknown = await signIn('nobody@vigil.test', 'Vigil-Demo-2026!');
    expect(paused.statusCode).toBe(401);
    expect(paused.json()).toEqual(unknown.json());
    // The holder still signs in from their own workstation: an outsider cannot keep them out.
    expect((await from('198.51.100.7')('Vigil-Demo-2026!')).statusCode).toBe(200);
    const mail = JSON.parse(await newestMail(server.dataDir, (text) => text.includes('203.0.113.66'))) as { to: string; text: string };
    expect(mail.to).toBe('aed-editor@vigil.test');
  });
});

describe('tokens', () => {
  it('refuses a missing, forged or malformed token with 401', async () => {
    const url = '/services/backOffice/account/thirdAccess';
    expect((await server.app.inject({ url })).statusCode).toBe(401);
    const forged = 'JWT eyJhbGciOiJIUzI1NiJ9.eyJncnAiOjEsInNpdGUiOjEsInZlciI6MCwic3ViIjoiMSJ9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const response = await server.app.inject({ url, headers: { authorization: forged } });
    expect(response.statusCode).toBe(401);
    expect(response.json().msg).toBe('error.auth.invalid-token');
  });

  it('refuses an expired token', async () => {
    const token = await server.ctx.tokens.sign({ userId: 1, idGroup: 1, siteId: 1, tokenVersion: 0 }, -10);
    const response = await server.app.inject({ url: '/services/backOffice/account/thirdAccess', headers: { authorization: `JWT ${token}` } });
    expect(response.statusCode).toBe(401);
  });
});

describe('forced password update', () => {
  it('checks the rules, then answers a session with the real group and ends the old one', async () => {
    const first = await signIn('newcomer@vigil.test', 'Vigil-Demo-2026!');
    const authorization = `JWT ${first.json().data.token}`;
    const weak = await server.app.inject({ method: 'POST', url: '/services/backoffice/user/updtPwd', headers: { authorization }, payload: { password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].message).toBe('error.auth.password-rules');

    const updated = await server.app.inject({ method: 'POST', url: '/services/backoffice/user/updtPwd', headers: { authorization }, payload: { password: 'A-much-better-passw0rd' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.idGroup).toBe(5);
    const stale = await server.app.inject({ url: '/services/backOffice/account/thirdAccess', headers: { authorization } });
    expect(stale.statusCode).toBe(401);
    expect((await signIn('newcomer@vigil.test', 'A-much-better-passw0rd')).statusCode).toBe(200);
  });
});

describe('forgot and renew password', () => {
  it('mails a link whose token renews the password once', async () => {
    const forgot = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/forgot', payload: { email: 'referent@vigil.test', baseUrl: 'http://localhost:3000/x', idSite: 1 } });
    expect(forgot.json()).toEqual({ data: { sent: true } });
    const { token, id } = await lastMailLink();

    const verify = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/verifyToken', payload: { token, idUser: id } });
    expect(verify.json()).toEqual({ data: { valid: true } });
    const wrongUser = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/verifyToken', payload: { token, idUser: 1 } });
    expect(wrongUser.json().msg).toBe('error.auth.token-not-found');

    const renew = { token, idUser: id, password: 'Renewed-Passw0rd-2026', idSite: 1 };
    expect((await server.app.inject({ method: 'POST', url: '/services/backoffice/password/renew', payload: renew })).statusCode).toBe(200);
    expect((await signIn('referent@vigil.test', 'Renewed-Passw0rd-2026')).statusCode).toBe(200);
    expect((await signIn('referent@vigil.test', 'Vigil-Demo-2026!')).statusCode).toBe(401);

    const replay = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/renew', payload: { ...renew, password: 'Another-Passw0rd-2026' } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe('error.auth.token-not-found');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/forgot', payload: { email: 'nobody@vigil.test' } });
    expect(response.json()).toEqual({ data: { sent: true } });
    // A known address sent next: once its mail is written, the unknown one's work is over too.
    await server.app.inject({ method: 'POST', url: '/services/backoffice/password/forgot', payload: { email: 'operator@vigil.test' } });
    await newestMail(server.dataDir, (text) => (JSON.parse(text) as { to: string }).to === 'operator@vigil.test');
    const mails = readdirSync(join(server.dataDir, 'mail')).filter((name) => name.endsWith('.json'));
    expect(mails.map((name) => readFileSync(join(server.dataDir, 'mail', name), 'utf8')).filter((text) => text.includes('nobody@vigil.test'))).toEqual([]);
  });

  it('refuses a link base on another origin and an invalid email', async () => {
    const phishing = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/forgot', payload: { email: 'referent@vigil.test', baseUrl: 'https://evil.example' } });
    expect(phishing.json().msg).toBe('error.auth.base-url-not-allowed');
    const invalid = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/forgot', payload: { email: 'not-an-email' } });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('third-party access', () => {
  it('lists the accounts and switches to one with a new token', async () => {
    const authorization = await server.signIn('admin@vigil.test');
    const list = await server.app.inject({ url: '/services/backOffice/account/thirdAccess', headers: { authorization } });
    expect(list.json().data.accountList.map((account: { name: string }) => account.name)).toEqual(
      expect.arrayContaining(['SDIS 03 — Allier', 'CGDIS — Luxembourg', 'SDIS 63 — Puy-de-Dôme']),
    );
    const luxembourg = list.json().data.accountList.find((account: { name: string }) => account.name.includes('Luxembourg'));
    const switched = await server.app.inject({ url: `/services/backOffice/account/thirdAccess/switch?idAccount=${luxembourg.id}`, headers: { authorization } });
    expect(switched.json().data).toMatchObject({ siteId: luxembourg.id, accountName: 'CGDIS — Luxembourg', idGroup: 1 });
  });

  it('refuses a switch to an account without access', async () => {
    const authorization = await server.signIn('operator@vigil.test');
    const response = await server.app.inject({ url: '/services/backOffice/account/thirdAccess/switch?idAccount=3', headers: { authorization } });
    expect(response.statusCode).toBe(403);
    expect(response.json().msg).toBe('error.account.not-allowed');
  });

  it('lists the account tree of the session', async () => {
    const authorization = await server.signIn('operator@vigil.test');
    const response = await server.app.inject({ url: '/services/backOffice/account/accountList/getAccountList', headers: { authorization } });
    const names = response.json().data.map((account: { name: string }) => account.name);
    expect(names).toContain('CODIS 63 — Clermont-Ferrand');
    expect(names).not.toContain('SDIS 03 — Allier');
  });
});

describe('extra infos and health', () => {
  it('tells the sign-in page whether third-party sign-in is on', async () => {
    const response = await server.app.inject({ url: '/services/backOffice/signin/getExtraInfos?origin=http://localhost:3000' });
    expect(response.json().data.thirdParty).toEqual({ enabled: false, label: 'Single sign-on', url: null });
  });
  it('reports health', async () => {
    expect((await server.app.inject({ url: '/health' })).json().status).toBe('ok');
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ SIGNIN_RATE_PER_MINUTE: 3 }, { background: false });
  });
  afterAll(async () => limited?.close());

  it('answers 429 with a key past the sign-in rate', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await limited.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'x@vigil.test', password: 'y' } });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().msg).toBe('error.too-many-requests');
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
