import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authEndpoints } from '../../../../contract/auth.endpoints';
import * as schemas from '../../../../contract/auth.schemas';
import { ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { authenticate, sessionOf } from '../../plugins/authenticate';
import type { CallOrigin } from './events';
import { route, typed } from '../../routing';
import { basemapOf } from '../tiles/service';
import { oidcRoutes } from './oidc';
import * as service from './service';

const signedIn = schemas.signedInUser.extend({ accountConfigured: z.boolean() });

/** The client address (as TRUST_PROXY lets Fastify read it) and the call, for the audit log. */
const originOf = (request: FastifyRequest): CallOrigin => ({ ip: request.ip, method: request.method, url: request.url });

/** Sign-in, password and extra-info calls of spec §7 (paths under /services/). */
export async function authRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const rateLimit = { max: ctx.config.SIGNIN_RATE_PER_MINUTE, timeWindow: '1 minute' };

  app.post('/services/backOffice/signin/', {
    config: { rateLimit },
    schema: { tags: ['auth'], body: schemas.signInBody, response: { 200: ok(signedIn) } },
    handler: async (request) => ({ data: await service.signIn(ctx, request.body, originOf(request)) }),
  });

  app.get('/services/backOffice/signin/getExtraInfos', {
    schema: { tags: ['auth'], querystring: schemas.extraInfosQuery, response: { 200: ok(schemas.extraInfos) } },
    handler: async () => ({
      data: {
        thirdParty: {
          enabled: Boolean(ctx.config.OIDC_ISSUER),
          label: ctx.config.OIDC_LABEL,
          url: ctx.config.OIDC_ISSUER ? '/services/backOffice/signin/oidc/start' : null,
        },
        env: ctx.config.VIGIL_ENV,
        basemap: await basemapOf(ctx),
        analyticsUrl: ctx.config.ANALYTICS_URL,
        errorReportingUrl: ctx.config.ERROR_REPORTING_URL,
        wsPath: ctx.config.WS_PATH,
      },
    }),
  });

  app.post('/services/backoffice/user/updtPwd', {
    preHandler: authenticate(ctx),
    schema: { tags: ['auth'], body: schemas.updatePasswordBody, response: { 200: ok(signedIn) } },
    handler: async (request) => ({ data: await service.updatePassword(ctx, sessionOf(request), request.body, originOf(request)) }),
  });

  route(fastify, ctx, authEndpoints.logout, async (request) => {
    await service.logout(ctx, sessionOf(request));
    return { data: { loggedOut: true } };
  });

  app.post('/services/backoffice/password/forgot', {
    config: { rateLimit },
    schema: { tags: ['auth'], body: schemas.forgotBody, response: { 200: ok(z.object({ sent: z.boolean() })) } },
    handler: async (request) => {
      service.forgotPassword(ctx, request.body, String(request.headers['accept-language'] ?? 'en'));
      return { data: { sent: true } };
    },
  });

  app.post('/services/backoffice/password/verifyToken', {
    config: { rateLimit },
    schema: { tags: ['auth'], body: schemas.verifyTokenBody, response: { 200: ok(z.object({ valid: z.boolean() })) } },
    handler: async (request) => {
      await service.verifyResetToken(ctx, request.body.token, request.body.idUser);
      return { data: { valid: true } };
    },
  });

  app.post('/services/backoffice/password/renew', {
    config: { rateLimit },
    schema: { tags: ['auth'], body: schemas.renewBody, response: { 200: ok(z.object({ renewed: z.boolean() })) } },
    handler: async (request) => {
      await service.renewPassword(ctx, request.body);
      return { data: { renewed: true } };
    },
  });

  await oidcRoutes(fastify, ctx);
}
