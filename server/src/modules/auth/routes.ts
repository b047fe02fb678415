import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authEndpoints as endpoints } from '../../../../contract/auth.endpoints';
import { passwordEndpoints } from '../../../../contract/password.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import type { CallOrigin } from './events';
import { basemapOf } from '../tiles/face';
import { oidcRoutes } from './oidc';
import * as service from './service';

/** The client address (as TRUST_PROXY lets Fastify read it) and the call, for the audit log. */
const originOf = (request: FastifyRequest): CallOrigin => ({ ip: request.ip, method: request.method, url: request.url });

/** Sign-in, password and extra-info calls of spec §7 (contract/auth.endpoints.ts), and the third-party sign-in. */
export async function authRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const perAddress = { rateLimit: { max: ctx.config.SIGNIN_RATE_PER_MINUTE, timeWindow: '1 minute' } };

  route(fastify, ctx, endpoints.signIn, async (request) => ({ data: await service.signIn(ctx, request.body, originOf(request as FastifyRequest)) }), { config: perAddress });

  route(fastify, ctx, endpoints.getExtraInfos, async () => ({
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
  }));

  route(fastify, ctx, endpoints.updatePassword, async (request) => ({ data: await service.updatePassword(ctx, sessionOf(request), request.body, originOf(request as FastifyRequest)) }));

  route(fastify, ctx, endpoints.logout, async (request) => {
    await service.logout(ctx, sessionOf(request));
    return { data: { loggedOut: true } };
  });

  route(
    fastify,
    ctx,
    passwordEndpoints.forgotPassword,
    async (request) => {
      service.forgotPassword(ctx, request.body, String(request.headers['accept-language'] ?? 'en'));
      return { data: { sent: true } };
    },
    { config: perAddress },
  );

  route(
    fastify,
    ctx,
    passwordEndpoints.verifyResetToken,
    async (request) => {
      await service.verifyResetToken(ctx, request.body.token, request.body.idUser);
      return { data: { valid: true } };
    },
    { config: perAddress },
  );

  route(
    fastify,
    ctx,
    passwordEndpoints.renewPassword,
    async (request) => {
      await service.renewPassword(ctx, request.body);
      return { data: { renewed: true } };
    },
    { config: perAddress },
  );

  await oidcRoutes(fastify, ctx);
}
