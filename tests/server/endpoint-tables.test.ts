import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeKey } from '../../contract/endpoint';
import { allEndpoints } from '../../contract/endpoints';
import { startTestServer, type TestServer } from './harness';

/**
 * Every route the running app serves is an entry of an endpoint table (contract/<area>.endpoints.ts,
 * registered by route()) or one of the infrastructure routes below, and every table entry has its
 * route (issue 21, part 1). The routes are read as Fastify registers them: an `onRoute` hook on
 * the app of this test build (Fastify's printRoutes drops wildcard routes that share a prefix).
 */

/** The routes registered on each Fastify instance the build creates (the app, and e.g. the security headers' probe). */
const registered = vi.hoisted(() => new Map<unknown, string[]>());

vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const create = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const build = ((...args: unknown[]) => {
    const app = create(...args);
    const routes: string[] = [];
    registered.set(app, routes);
    app.addHook('onRoute', (options: RouteOptions) => {
      for (const method of [options.method].flat()) routes.push(`${method} ${options.url}`);
    });
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: build, fastify: build };
});

const sa = '/services/backOffice';

/** Routes that are not API calls of an area, each with why it stays outside the tables. */
const infrastructure: Record<string, string> = {
  // Operations: probes and the Prometheus text, for load balancers and monitoring, not the SPA.
  'GET /health': 'liveness probe',
  'GET /ready': 'readiness probe (database reachable, not shutting down)',
  'GET /metrics': 'Prometheus metrics on the public listener, only with METRICS_TOKEN',
  // The real-time channel: an HTTP upgrade, whose messages the socket checks itself (setName).
  'GET /services/ws': 'the WebSocket path',
  // The OpenAPI document and its viewer (@fastify/swagger-ui), rendered from the tables.
  'GET /api/docs': 'documentation viewer',
  'GET /api/docs/static/index.html': 'documentation viewer',
  'GET /api/docs/static/swagger-initializer.js': 'documentation viewer',
  'GET /api/docs/json': 'the OpenAPI document',
  'GET /api/docs/yaml': 'the OpenAPI document',
  'GET /api/docs/static/*': 'documentation viewer assets',
  // Map tiles: files and GeoJSON for the map library, not JSON calls in { data }.
  'GET /tiles/basemap.pmtiles': 'the offline basemap archive (Range requests)',
  'GET /tiles/outlines.json': 'country and département outlines',
  'GET /tiles/communes.json': 'commune names of a box',
  'GET /tiles/*': 'any other tile path: a 404',
  // OpenID Connect: browser redirects to and from the identity provider, not calls of the SPA.
  [`GET ${sa}/signin/oidc/start`]: 'redirect to the identity provider',
  [`GET ${sa}/signin/oidc/callback`]: 'redirect back from the identity provider',
};

/** The built SPA's files, one route each when dist/ exists (@fastify/static, wildcard off; `/` is index.html). */
const spaFolder = fileURLToPath(new URL('../../dist', import.meta.url));
const isSpaFile = (key: string) => {
  const [method, url] = key.split(' ');
  const file = `${spaFolder}${url === '/' ? '/index.html' : decodeURIComponent(url)}`;
  return method === 'GET' && existsSync(file) && statSync(file).isFile();
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: 'a token for the metrics route, long enough' }, { background: false });
  await server.app.ready();
});
afterAll(async () => server?.close());

describe('the endpoint tables', () => {
  it('declare every route the app serves but the infrastructure ones, and every entry is served', () => {
    const served = [...new Set((registered.get(server.app) ?? []).filter((key) => !key.startsWith('HEAD ')))].sort();
    const declared = allEndpoints.map(routeKey);
    expect(new Set(declared).size, 'an endpoint declared twice').toBe(declared.length);
    expect(
      served.filter((key) => !declared.includes(key) && !(key in infrastructure) && !isSpaFile(key)),
      'routes in no endpoint table (contract/<area>.endpoints.ts) nor in the infrastructure list',
    ).toEqual([]);
    expect(
      declared.filter((key) => !served.includes(key)),
      'table entries without a route',
    ).toEqual([]);
    expect(
      Object.keys(infrastructure).filter((key) => !served.includes(key)),
      'infrastructure routes the app no longer serves',
    ).toEqual([]);
  });
});
