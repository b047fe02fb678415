import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SignJWT, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { errorKeys } from '../../../../contract/errors';
import { errorBody } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { resolveJwtSecret } from '../../plugins/tokens';
import { typed } from '../../routing';
import { signInByEmail } from './service';

const basePath = '/services/backOffice/signin/oidc';
const timeoutMs = 6000; // spec §9
const flowSeconds = 600; // time a user has at the provider before the flow cookie expires
const discoveryTtlMs = 3_600_000;
const cookiePrefix = 'vigil_oidc_';
const stateAudience = 'vigil-oidc-flow';
const asymmetricAlgs = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

/** A failed step of the flow: the key the sign-in page shows, and the reason the log keeps. */
class FlowError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(reason);
  }
}
const invalid = (reason: string) => new FlowError(errorKeys.invalidToken, reason);
const unavailable = (reason: string) => new FlowError(errorKeys.thirdPartyOff, reason);

const discoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});
type Discovery = z.infer<typeof discoverySchema>;

const tokenResponse = z.object({ id_token: z.string().min(1), access_token: z.string().optional() });
const userInfo = z.object({ sub: z.string(), email: z.string().optional(), email_verified: z.union([z.boolean(), z.string()]).optional() });

interface Provider {
  discovery: Discovery;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

/** What the browser carries between start and callback, in a signed cookie (several instances share no memory). */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
}

const random = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const formEncode = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);
const withoutSlash = (url: string) => url.replace(/\/+$/, '');

/** `fetch` with the time-out of spec §9; a network failure or time-out means the provider is unavailable. */
async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw unavailable(`${new URL(url).origin} unreachable: ${(error as Error).message}`);
  }
}

/**
 * Third-party sign-in through OpenID Connect (off unless OIDC_ISSUER and OIDC_CLIENT_ID are set):
 * authorization code flow with state, nonce and PKCE (S256), the id_token checked against the
 * provider's keys, then the user matched by e-mail within OIDC_ALLOWED_DOMAINS (none when empty).
 * The SPA receives the signed-in user in the fragment of its sign-in page, or an error key.
 */
export async function oidcRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const config = ctx.config;
  const issuer = config.OIDC_ISSUER ? withoutSlash(config.OIDC_ISSUER) : undefined;
  const clientId = config.OIDC_CLIENT_ID;
  const enabled = Boolean(issuer && clientId);
  if (issuer && !clientId) ctx.log.warn('OIDC_ISSUER is set without OIDC_CLIENT_ID: third-party sign-in stays off');
  const publicBase = withoutSlash(config.PUBLIC_URL);
  const redirectUri = `${publicBase}${basePath}/callback`;
  const signInPage = `${publicBase}/authentication/sign-in`;
  const secureCookie = publicBase.startsWith('https:');
  const allowedDomains = config.OIDC_ALLOWED_DOMAINS.split(',')
    .map((domain) => domain.trim().replace(/^@/, '').toLowerCase())
    .filter(Boolean);
  if (enabled && allowedDomains.length === 0) ctx.log.warn('OIDC_ALLOWED_DOMAINS is empty: every third-party sign-in is refused');
  // Derived from the session-token secret, so every instance sharing JWT_SECRET can open the cookie.
  const flowKey = new Uint8Array(hkdfSync('sha256', resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR), 'vigil', 'oidc flow cookie', 32));

  let cached: { at: number; provider: Promise<Provider> } | undefined;
  /** The provider's discovery document and key set, kept an hour (a failure is retried on the next call). */
  function provider(): Promise<Provider> {
    if (cached && Date.now() - cached.at < discoveryTtlMs) return cached.provider;
    const loading = discover(issuer!);
    cached = { at: Date.now(), provider: loading };
    loading.catch(() => {
      if (cached?.provider === loading) cached = undefined;
    });
    return loading;
  }

  async function discover(expectedIssuer: string): Promise<Provider> {
    const response = await call(`${expectedIssuer}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } });
    if (!response.ok) throw unavailable(`discovery answered ${response.status}`);
    const parsed = discoverySchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw unavailable('discovery document is incomplete');
    if (withoutSlash(parsed.data.issuer) !== expectedIssuer) throw unavailable(`discovery names issuer ${parsed.data.issuer}`);
    const jwks = createRemoteJWKSet(new URL(parsed.data.jwks_uri), { timeoutDuration: timeoutMs });
    return { discovery: parsed.data, jwks };
  }

  function flowCookie(state: string, value: string, maxAge: number): string {
    return `${cookiePrefix}${state}=${value}; Path=${basePath}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`;
  }

  async function sealFlow(flow: Flow): Promise<string> {
    return new SignJWT({ n: flow.nonce, v: flow.verifier })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(flow.state)
      .setAudience(stateAudience)
      .setIssuedAt()
      .setExpirationTime(`${flowSeconds}s`)
      .sign(flowKey);
  }

  async function openFlow(sealed: string | undefined, state: string): Promise<Flow> {
    if (!sealed) throw invalid('no flow cookie for this state');
    try {
      const { payload } = await jwtVerify(sealed, flowKey, { algorithms: ['HS256'], audience: stateAudience, subject: state });
      if (typeof payload.n !== 'string' || typeof payload.v !== 'string') throw new Error('incomplete flow');
      return { state, nonce: payload.n, verifier: payload.v };
    } catch (error) {
      throw invalid(`flow cookie refused: ${(error as Error).message}`);
    }
  }

  /** Trades the code for tokens, authenticating as the discovery document allows (basic first). */
  async function exchange({ discovery }: Provider, code: string, verifier: string) {
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const methods = discovery.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const secret = config.OIDC_CLIENT_SECRET;
    if (!secret) body.set('client_id', clientId!);
    else if (methods.includes('client_secret_basic')) headers.authorization = `Basic ${Buffer.from(`${formEncode(clientId!)}:${formEncode(secret)}`).toString('base64')}`;
    else if (methods.includes('client_secret_post')) {
      body.set('client_id', clientId!);
      body.set('client_secret', secret);
    } else throw unavailable(`no supported client authentication among ${methods.join(', ')}`);
    const response = await call(discovery.token_endpoint, { method: 'POST', headers, body });
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw invalid(`token endpoint answered ${response.status} ${(json as { error?: string } | undefined)?.error ?? ''}`);
    const parsed = tokenResponse.safeParse(json);
    if (!parsed.success) throw invalid('token response has no id_token');
    return parsed.data;
  }

  async function verifyIdToken({ discovery, jwks }: Provider, idToken: string, nonce: string): Promise<JWTPayload> {
    const offered = discovery.id_token_signing_alg_values_supported ?? ['RS256'];
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: discovery.issuer,
        audience: clientId,
        algorithms: asymmetricAlgs.filter((alg) => offered.includes(alg)),
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 60,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout) throw unavailable('key set timed out');
      throw invalid(`id_token refused: ${(error as Error).message}`);
    }
    if (payload.nonce !== nonce) throw invalid('id_token nonce does not match');
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) throw invalid('id_token azp is not this client');
    return payload;
  }

  /** The e-mail from the id_token, or from the userinfo endpoint when the id_token carries none. */
  async function emailOf({ discovery }: Provider, claims: JWTPayload, accessToken: string | undefined): Promise<string> {
    let email = claims.email;
    let verified = claims.email_verified;
    if (typeof email !== 'string' && discovery.userinfo_endpoint && accessToken) {
      const response = await call(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
      const parsed = userInfo.safeParse(response.ok ? await response.json().catch(() => undefined) : undefined);
      if (!parsed.success) throw invalid(`userinfo answered ${response.status}`);
      if (parsed.data.sub !== claims.sub) throw invalid('userinfo is about another subject');
      ({ email, email_verified: verified } = parsed.data);
    }
    if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new FlowError(errorKeys.userNotFound, 'the provider gave no e-mail');
    if (verified === false || verified === 'false') throw invalid('the provider says the e-mail is not verified');
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    if (!allowedDomains.includes(domain)) throw new FlowError(errorKeys.domainNotAllowed, `domain ${domain} is not allowed`);
    return email;
  }

  function fail(reply: FastifyReply, error: unknown) {
    let key: string = errorKeys.serverError;
    if (error instanceof FlowError || error instanceof AppError) {
      key = error.key;
      reply.log.warn({ reason: error.message }, 'third-party sign-in refused');
    } else reply.log.error({ err: error }, 'third-party sign-in failed');
    return reply.header('cache-control', 'no-store').redirect(`${signInPage}#thirdPartyError=${encodeURIComponent(key)}`, 302);
  }

  const rateLimit = { max: config.SIGNIN_RATE_PER_MINUTE, timeWindow: '1 minute' };

  app.get(`${basePath}/start`, {
    config: { rateLimit },
    schema: { tags: ['auth'], summary: 'Redirects to the OpenID Connect provider', response: { 404: errorBody } },
    handler: async (_request, reply) => {
      if (!enabled) throw notFound(errorKeys.thirdPartyOff);
      try {
        const { discovery } = await provider();
        const flow: Flow = { state: random(), nonce: random(), verifier: random() };
        const url = new URL(discovery.authorization_endpoint);
        const params = {
          response_type: 'code',
          client_id: clientId!,
          redirect_uri: redirectUri,
          scope: 'openid email',
          state: flow.state,
          nonce: flow.nonce,
          code_challenge: sha256(flow.verifier),
          code_challenge_method: 'S256',
        };
        for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
        reply.header('set-cookie', flowCookie(flow.state, await sealFlow(flow), flowSeconds));
        return reply.header('cache-control', 'no-store').redirect(url.href, 302);
      } catch (error) {
        return fail(reply, error);
      }
    },
  });

  const callbackQuery = z.object({
    code: z.string().max(4096).optional(),
    state: z.string().max(256).optional(),
    iss: z.string().max(2048).optional(),
    error: z.string().max(256).optional(),
  });

  app.get(`${basePath}/callback`, {
    config: { rateLimit },
    schema: { tags: ['auth'], summary: 'Return from the OpenID Connect provider', querystring: callbackQuery },
    handler: async (request, reply) => {
      const { code, state, iss, error } = request.query;
      try {
        if (!enabled) throw unavailable('third-party sign-in is off');
        if (!state || !/^[\w-]+$/.test(state)) throw invalid('no state');
        // The cookie is spent whatever happens next: one callback per start.
        reply.header('set-cookie', flowCookie(state, '', 0));
        const flow = await openFlow(readCookie(request.headers.cookie, `${cookiePrefix}${state}`), state);
        if (error) throw invalid(`the provider answered ${error}`);
        if (!code) throw invalid('no code');
        const op = await provider();
        if (iss !== undefined && withoutSlash(iss) !== withoutSlash(op.discovery.issuer)) throw invalid(`response from issuer ${iss}`);
        const tokens = await exchange(op, code, flow.verifier);
        const claims = await verifyIdToken(op, tokens.id_token, flow.nonce);
        const email = await emailOf(op, claims, tokens.access_token);
        const user = await signInByEmail(ctx, email);
        request.log.info({ userId: user.id }, 'third-party sign-in');
        const fragment = Buffer.from(JSON.stringify(user)).toString('base64url');
        return reply.header('cache-control', 'no-store').redirect(`${signInPage}#thirdParty=${fragment}`, 302);
      } catch (failure) {
        return fail(reply, failure);
      }
    },
  });
}

/** One cookie's value from a Cookie header. */
function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
