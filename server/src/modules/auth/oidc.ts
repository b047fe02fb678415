import { hkdfSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { errorKeys } from '../../../../contract/errors';
import { errorBody } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { resolveJwtSecret } from '../../plugins/tokens';
import { typed } from '../../routing';
import { FlowError, createOidcClient, invalid, unavailable, type Flow, type SignedInClaims } from './oidc-client';
import { signInByEmail } from './service';

const basePath = '/services/backOffice/signin/oidc';
const flowSeconds = 600; // time a user has at the provider before the flow cookie expires
const cookiePrefix = 'vigil_oidc_';
const stateAudience = 'vigil-oidc-flow';
const withoutSlash = (url: string) => url.replace(/\/+$/, '');

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

  const oidc = enabled ? createOidcClient({ issuer: issuer!, clientId: clientId!, clientSecret: config.OIDC_CLIENT_SECRET || undefined, redirectUri }) : undefined;

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

  /** The user's e-mail, if verified and within the allowed domains. */
  function emailOf(claims: SignedInClaims): string {
    const { email, email_verified: verified } = claims;
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
        const { flow, url } = await oidc!.start();
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
      const { state } = request.query;
      try {
        if (!enabled) throw unavailable('third-party sign-in is off');
        if (!state || !/^[\w-]+$/.test(state)) throw invalid('no state');
        // The cookie is spent whatever happens next: one callback per start.
        reply.header('set-cookie', flowCookie(state, '', 0));
        const flow = await openFlow(readCookie(request.headers.cookie, `${cookiePrefix}${state}`), state);
        // openid-client checks the answer (state, issuer, error, code), then the tokens it trades the code for.
        const claims = await oidc!.finish(new URL(request.url, redirectUri).search, flow);
        const email = emailOf(claims);
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
