import { existsSync } from 'node:fs';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { errorKeys } from '../../contract/errors';
import { trustProxyOption } from './config';
import type { AppContext } from './context';
import { registerErrorHandling } from './errors';
import { projectFile } from './project-files';
import { serializerCompiler } from './serialization';
import { sessionFromToken } from './plugins/authenticate';
import { forgetOnWrites } from './plugins/kept-answers';
import { registerRequestGuards } from './plugins/request-guards';
import { registerSecurityHeaders } from './plugins/security-headers';
import { metricsRoute } from './observability/metrics-route';
import { readinessRoutes } from './observability/readiness';
import { registerRequestLog } from './observability/request-log';
import { rateLimitStore } from './plugins/throttle';
import { accountRoutes } from './modules/accounts/routes';
import { auditRoutes } from './modules/audit/routes';
import { alertRoutes } from './modules/alerts/routes';
import { authRoutes } from './modules/auth/routes';
import { allEndpoints } from '../../contract/endpoints';
import { aedRoutes } from './modules/aeds/routes';
import { geoRoutes } from './modules/geo/routes';
import { importRoutes } from './modules/imports/routes';
import { responderRoutes } from './modules/responders/routes';
import { newsRoutes } from './modules/news/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { testerRoutes } from './modules/testers/routes';
import { validationRoutes } from './modules/validation/routes';
import { historyRoutes } from './modules/history/routes';
import { callbackRoutes } from './modules/callbacks/routes';
import { interviewRoutes } from './modules/interviews/routes';
import { dashboardRoutes } from './modules/dashboards/routes';
import { indicatorRoutes } from './modules/indicators/routes';
import { simulationRoutes } from './modules/simulations/routes';
import { inspectionRoutes } from './modules/inspection/routes';
import { tileSource } from './modules/tiles/online';
import { tileRoutes } from './modules/tiles/routes';

const spaFolder = projectFile('dist');

/** Vigil's own WebSocket origin (ws: or wss: on PUBLIC_URL's host): the only socket a page may open. */
function ownWebSocketOrigin(ctx: AppContext): string {
  const url = new URL(ctx.config.PUBLIC_URL);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** Content-Security-Policy the SPA runs under: only our origin, the online map tiles' origin (TILE_URL) and data: images. */
function contentSecurityPolicy(ctx: AppContext) {
  const tileOrigin = tileSource(ctx.config.TILE_URL);
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"], // PrimeReact and Leaflet set inline styles
      imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
      connectSrc: ["'self'", ownWebSocketOrigin(ctx)],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
    },
  };
}

/** The options of helmet's security headers (@fastify/helmet's options). */
export function securityHeaderOptions(ctx: AppContext) {
  // X-Frame-Options for browsers without CSP frame-ancestors: DENY, as 'none' says.
  return { contentSecurityPolicy: contentSecurityPolicy(ctx), crossOriginEmbedderPolicy: false, frameguard: { action: 'deny' as const } };
}

/** Calls sent as POST that only read, as their endpoint tables declare them (`writes: false`). */
const readOnlyPosts: ReadonlySet<string> = new Set([...allEndpoints.filter((entry) => entry.method !== 'GET' && !entry.writes).map((entry) => entry.path)]);

/** Builds the HTTP and WebSocket server on a ready context. Tests call it and use `app.inject`. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  // Requests are logged by registerRequestLog (debug, warn when failed or slow), not Fastify's two info lines.
  // The client address is the connection's unless it came through a configured proxy (TRUST_PROXY):
  // rate limits, sign-in pauses and the audit log key on an address the client cannot choose.
  // (A hop count works too; Fastify's types omit it.)
  const trustProxy = trustProxyOption(ctx.config.TRUST_PROXY) as boolean | string[];
  const app = Fastify({ loggerInstance: ctx.log, logController: new LogController({ disableRequestLogging: true }), trustProxy, bodyLimit: 2 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  ctx.tracing?.traceRequests(app);
  registerRequestLog(app, ctx.metrics, ctx.config.SLOW_REQUEST_MS);

  await registerSecurityHeaders(app, securityHeaderOptions(ctx));
  forgetOnWrites(app, [ctx.subtrees, ctx.aedPages, ctx.alertViews], readOnlyPosts);
  registerRequestGuards(app);
  // Counted in the database, so that instances sharing it share the limits.
  await app.register(rateLimit, { global: false, store: rateLimitStore(ctx.throttle) });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Vigil API', version: '1' }, components: { securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization' } } } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  readinessRoutes(app, ctx);
  metricsRoute(app, ctx);

  ctx.realtime.route(app, ctx.config.WS_PATH, (token) => sessionFromToken(ctx, token));
  // A session ended anywhere (logout, password, rights) closes its sockets on this instance too.
  ctx.identities.onChange((userId) => void ctx.realtime.revalidate(userId).catch((error: unknown) => ctx.log.error({ err: error }, 'socket revalidation failed')));
  await auditRoutes(app, ctx);
  await authRoutes(app, ctx);
  await accountRoutes(app, ctx);
  await alertRoutes(app, ctx);
  await aedRoutes(app, ctx);
  await geoRoutes(app, ctx);
  await importRoutes(app, ctx);
  await responderRoutes(app, ctx);
  await notificationRoutes(app, ctx);
  await testerRoutes(app, ctx);
  await validationRoutes(app, ctx);
  await newsRoutes(app, ctx);
  await historyRoutes(app, ctx);
  await callbackRoutes(app, ctx);
  await interviewRoutes(app, ctx);
  await dashboardRoutes(app, ctx);
  await indicatorRoutes(app, ctx);
  await simulationRoutes(app, ctx);
  await inspectionRoutes(app, ctx);
  await tileRoutes(app, ctx);

  serveSpa(app, ctx.config.SERVE_SOURCEMAPS);
  return app;
}

/**
 * Serves the built SPA when there is one, with index.html for every unknown non-API GET (history
 * routing); everything else unknown is a 404 with a key. The build writes source maps beside the
 * scripts; they are served only with SERVE_SOURCEMAPS (they show the whole source).
 */
export function serveSpa(app: FastifyInstance, serveSourceMaps: boolean, folder = spaFolder): void {
  const hasSpa = existsSync(`${folder}/index.html`);
  if (hasSpa) void app.register(fastifyStatic, { root: folder, wildcard: false, allowedPath: (path) => serveSourceMaps || !path.endsWith('.map') });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path.startsWith('/services/') || path.startsWith('/api/') || path === '/metrics';
    const isSourceMap = path.endsWith('.map');
    if (hasSpa && request.method === 'GET' && !isApi && !isSourceMap) return reply.sendFile('index.html');
    return reply.status(404).send({ error: true, msg: errorKeys.notFound });
  });
}
