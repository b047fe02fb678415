import { createServer, type ServerResponse } from 'node:http';
import { SignJWT, decodeJwt, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnFreePort, startOidcProvider, type OidcProvider, type ProviderUser } from '../fixtures/oidc-provider';
import { startTestServer, type TestServer } from './harness';

/**
 * Third-party sign-in against a real OpenID Connect provider (oidc-provider with its development
 * login and consent pages) over real HTTP: the browser is played by a cookie jar that follows
 * redirects and submits the provider's forms.
 */

const clientId = 'vigil-back-office';
const clientSecret = 'a client secret long enough for HS256 & form-encoding!';
const providerUsers: Record<string, ProviderUser> = {
  'admin@vigil.test': { email: 'admin@vigil.test', email_verified: true },
  'user@vigil.test': { email: 'user@vigil.test', email_verified: true },
  'outsider@other.example': { email: 'outsider@other.example', email_verified: true },
  'unverified@vigil.test': { email: 'admin@vigil.test', email_verified: false },
};

let provider: OidcProvider;
let issuer: string;
let vigil: TestServer;
let vigilUrl: string;
const calls: string[] = []; // provider paths in order, to see what Vigil asked for
let signingKey: CryptoKey; // the provider's own key, to re-sign an id_token it issued
/** While set, the id_token of the token endpoint's answer is replaced by what this returns. */
let forgeIdToken: ((claims: JWTPayload) => Promise<string>) | undefined;

/** Rewrites the id_token of one token-endpoint answer before it leaves (headers are not sent yet). */
function replaceIdToken(response: ServerResponse, forge: (claims: JWTPayload) => Promise<string>) {
  const end = response.end.bind(response) as (body: string) => ServerResponse;
  response.end = ((body: Buffer | string) => {
    void (async () => {
      const answer = JSON.parse(body.toString());
      if (answer.id_token) answer.id_token = await forge(decodeJwt(answer.id_token));
      const text = JSON.stringify(answer);
      response.setHeader('content-length', Buffer.byteLength(text));
      end(text);
    })();
    return response;
  }) as typeof response.end;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listenOnFreePort(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  const vigilPort = await freePort();
  vigilUrl = `http://127.0.0.1:${vigilPort}`;

  provider = await startOidcProvider({
    clientId,
    clientSecret,
    redirectUri: `${vigilUrl}/services/backOffice/signin/oidc/callback`,
    users: providerUsers,
    onRequest(request, response) {
      calls.push(request.url ?? '');
      if (forgeIdToken && request.url === '/token') replaceIdToken(response, forgeIdToken);
    },
  });
  issuer = provider.issuer;
  signingKey = provider.signingKey;

  vigil = await startTestServer({
    PUBLIC_URL: vigilUrl,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
    OIDC_ALLOWED_DOMAINS: 'vigil.test, example.org',
  });
  await vigil.app.listen({ port: vigilPort, host: '127.0.0.1' });
});

afterAll(async () => {
  await vigil?.close();
  await provider?.close();
});

/** A browser in miniature: cookies per origin, manual redirects, the provider's forms submitted. */
class Browser {
  private jar = new Map<string, Map<string, string>>();

  async request(url: string, init: { method?: string; body?: URLSearchParams } = {}): Promise<Response> {
    const target = new URL(url);
    const cookies = this.jar.get(target.origin) ?? new Map<string, string>();
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { method: init.method ?? 'GET', body: init.body, redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired) cookies.delete(name);
      else cookies.set(name, pair.slice(at + 1).trim());
    }
    this.jar.set(target.origin, cookies);
    return response;
  }

  cookieNames(origin: string): string[] {
    return [...(this.jar.get(origin)?.keys() ?? [])];
  }

  /**
   * Follows redirects and submits forms (login as `login`, then consent) from `url` until a
   * redirect leaves for an address `stop` accepts; returns that address.
   */
  async browse(url: string, login: string, stop: (location: string) => boolean): Promise<string> {
    let next: { url: string; method?: string; body?: URLSearchParams } = { url };
    for (let step = 0; step < 20; step++) {
      const response = await this.request(next.url, next);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const resolved = new URL(location, next.url).href;
        if (stop(resolved)) return resolved;
        next = { url: resolved };
        continue;
      }
      const html = await response.text();
      const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
      if (response.status !== 200 || !form) throw new Error(`stuck at ${next.url} (${response.status}): ${html.slice(0, 300)}`);
      const body = new URLSearchParams();
      for (const input of form[2].matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
        const value = /value="([^"]*)"/.exec(input[0])?.[1];
        body.set(input[1], input[1] === 'login' ? login : input[1] === 'password' ? 'any password' : (value ?? ''));
      }
      next = { url: new URL(form[1].replaceAll('&amp;', '&'), next.url).href, method: 'POST', body };
    }
    throw new Error('too many steps');
  }
}

const startUrl = () => `${vigilUrl}/services/backOffice/signin/oidc/start`;
const isCallback = (location: string) => location.startsWith(`${vigilUrl}/services/backOffice/signin/oidc/callback`);
const isSignInPage = (location: string) => location.startsWith(`${vigilUrl}/authentication/sign-in`);

function fragment(location: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));
}

async function signInAs(login: string): Promise<Record<string, string>> {
  const browser = new Browser();
  const landing = await browser.browse(startUrl(), login, isSignInPage);
  expect(landing.split('#')[0]).toBe(`${vigilUrl}/authentication/sign-in`);
  return fragment(landing);
}

describe('third-party sign-in (OpenID Connect)', () => {
  it('announces the provider in the extra sign-in infos', async () => {
    const response = await vigil.app.inject({ url: '/services/backOffice/signin/getExtraInfos' });
    expect(response.json().data.thirdParty).toEqual({ enabled: true, label: 'Single sign-on', url: '/services/backOffice/signin/oidc/start' });
  });

  it('sends the browser to the provider with state, nonce and PKCE, in a signed httpOnly cookie', async () => {
    const browser = new Browser();
    const response = await browser.request(startUrl());
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/auth`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({ response_type: 'code', client_id: clientId, redirect_uri: `${vigilUrl}/services/backOffice/signin/oidc/callback`, code_challenge_method: 'S256' });
    expect(params.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{43}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toContain(`vigil_oidc_${params.state}=ey`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=600/);
    // The verifier and nonce are not in the clear: the cookie is a signed token, not the values.
    expect(cookie).not.toContain(params.nonce);
    expect(calls).toContain('/.well-known/openid-configuration');
  });

  it('signs a known user in and hands the SPA a user whose token works', async () => {
    const result = await signInAs('admin@vigil.test');
    expect(result.thirdPartyError).toBeUndefined();
    const user = JSON.parse(Buffer.from(result.thirdParty, 'base64url').toString('utf8'));
    expect(user).toMatchObject({ email: 'admin@vigil.test', idGroup: 1, accountName: 'SDIS 63 — Puy-de-Dôme', expiresIn: 12 * 3600 });
    const call = await fetch(`${vigilUrl}/services/backOffice/account/thirdAccess`, { headers: { authorization: `JWT ${user.token}` } });
    expect(call.status).toBe(200);
    expect((await call.json()).data.selectedAccount).toBe(user.siteId);
    expect(calls.some((path) => path.startsWith('/me'))).toBe(true); // the e-mail came from userinfo
  });

  it('refuses a provider user with no Vigil account', async () => {
    expect(await signInAs('user@vigil.test')).toEqual({ thirdPartyError: 'error.auth.user-not-found' });
  });

  it('refuses an e-mail outside the allowed domains', async () => {
    expect(await signInAs('outsider@other.example')).toEqual({ thirdPartyError: 'error.auth.domain-not-allowed' });
  });

  it('refuses an e-mail the provider says is not verified', async () => {
    const before = calls.length;
    expect(await signInAs('unverified@vigil.test')).toEqual({ thirdPartyError: 'error.auth.invalid-token' });
    // Refused after the code exchange and userinfo, on the claim, not earlier.
    expect(calls.slice(before)).toEqual(expect.arrayContaining(['/token', '/me']));
  });

  it('refuses a code obtained in another flow (code injection)', async () => {
    const victim = new Browser();
    const stolen = new URL(await victim.browse(startUrl(), 'admin@vigil.test', isCallback));
    const attacker = new Browser();
    const own = new URL(await attacker.browse(startUrl(), 'admin@vigil.test', isCallback));
    own.searchParams.set('code', stolen.searchParams.get('code')!);
    const response = await attacker.request(own.href);
    expect(fragment(response.headers.get('location')!)).toEqual({ thirdPartyError: 'error.auth.invalid-token' });
  });

  it('refuses a tampered state, and a callback replayed after success', async () => {
    const browser = new Browser();
    const callback = new URL(await browser.browse(startUrl(), 'admin@vigil.test', isCallback));
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')!.slice(0, -1)}x`);
    const refused = await browser.request(tampered.href);
    expect(refused.status).toBe(302);
    expect(fragment(refused.headers.get('location')!)).toEqual({ thirdPartyError: 'error.auth.invalid-token' });

    const accepted = await browser.request(callback.href);
    expect(fragment(accepted.headers.get('location')!).thirdParty).toBeDefined();
    expect(browser.cookieNames(vigilUrl)).toEqual([]); // the flow cookie is spent
    const replayed = await browser.request(callback.href);
    expect(fragment(replayed.headers.get('location')!)).toEqual({ thirdPartyError: 'error.auth.invalid-token' });
  });

  it('refuses a callback from another browser (no flow cookie) and a forged flow cookie', async () => {
    const browser = new Browser();
    const callback = await browser.browse(startUrl(), 'admin@vigil.test', isCallback);
    const stranger = await new Browser().request(callback);
    expect(fragment(stranger.headers.get('location')!)).toEqual({ thirdPartyError: 'error.auth.invalid-token' });

    const state = new URL(callback).searchParams.get('state');
    const forged = await fetch(callback, { redirect: 'manual', headers: { cookie: `vigil_oidc_${state}=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.AAAA` } });
    expect(fragment(forged.headers.get('location')!)).toEqual({ thirdPartyError: 'error.auth.invalid-token' });
  });

  it('refuses an id_token signed with a key the provider does not publish, and one with another nonce', async () => {
    const { privateKey: strangerKey } = await generateKeyPair('RS256');
    const sign = (claims: JWTPayload, key: CryptoKey) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(key);
    const forgeries: Record<string, (claims: JWTPayload) => Promise<string>> = {
      'unknown key': (claims) => sign(claims, strangerKey),
      'other nonce': (claims) => sign({ ...claims, nonce: 'a nonce from another flow' }, signingKey),
      'as issued': (claims) => sign(claims, signingKey), // the control: re-signing alone changes nothing
    };
    const outcomes: Record<string, Record<string, string>> = {};
    try {
      for (const [name, forge] of Object.entries(forgeries)) {
        forgeIdToken = forge;
        const result = await signInAs('admin@vigil.test');
        outcomes[name] = result.thirdParty ? { signedIn: 'yes' } : result;
      }
    } finally {
      forgeIdToken = undefined;
    }
    expect(outcomes).toEqual({
      'unknown key': { thirdPartyError: 'error.auth.invalid-token' },
      'other nonce': { thirdPartyError: 'error.auth.invalid-token' },
      'as issued': { signedIn: 'yes' },
    });
  });

  it('turns a provider refusal into an error fragment', async () => {
    const browser = new Browser();
    const callback = new URL(await browser.browse(startUrl(), 'admin@vigil.test', isCallback));
    const refusal = new URL(callback.pathname, vigilUrl);
    refusal.searchParams.set('error', 'access_denied');
    refusal.searchParams.set('state', callback.searchParams.get('state')!);
    const response = await browser.request(refusal.href);
    expect(fragment(response.headers.get('location')!)).toEqual({ thirdPartyError: 'error.auth.invalid-token' });
  });
});

describe('third-party sign-in with an unreachable provider', () => {
  let unreachable: TestServer;
  beforeAll(async () => {
    unreachable = await startTestServer({ OIDC_ISSUER: `http://127.0.0.1:${await freePort()}`, OIDC_CLIENT_ID: clientId, OIDC_ALLOWED_DOMAINS: 'vigil.test' });
  });
  afterAll(async () => unreachable?.close());

  it('sends the browser back with third-party-off', async () => {
    const start = await unreachable.app.inject({ url: '/services/backOffice/signin/oidc/start' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('http://localhost:3000/authentication/sign-in#thirdPartyError=error.auth.third-party-off');
    expect(start.headers['set-cookie']).toBeUndefined();
  });
});

describe('third-party sign-in switched off', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => plain?.close());

  it('answers 404 third-party-off on start and sends the callback back with that key', async () => {
    const start = await plain.app.inject({ url: '/services/backOffice/signin/oidc/start' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({ error: true, msg: 'error.auth.third-party-off' });
    const callback = await plain.app.inject({ url: '/services/backOffice/signin/oidc/callback?code=x&state=y' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('http://localhost:3000/authentication/sign-in#thirdPartyError=error.auth.third-party-off');
  });
});
