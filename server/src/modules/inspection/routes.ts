import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inspectionEndpoints as endpoints } from '../../../../contract/inspection.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import * as service from './service';

/** The live inspector's calls (contract/inspection.endpoints.ts). */
export async function inspectionRoutes(app: FastifyInstance, ctx: AppContext) {
  const inspector = { check: async (request: FastifyRequest) => service.checkAllowed(ctx, sessionOf(request)) };

  route(app, ctx, endpoints.access, async (request) => ({ data: { allowed: service.allowed(ctx, sessionOf(request)) } }));

  route(app, ctx, endpoints.alerts, async (request) => ({ data: await service.openAlerts(ctx, sessionOf(request)) }), inspector);

  route(app, ctx, endpoints.alertCharts, async (request) => ({ data: await service.alertCharts(ctx, sessionOf(request), request.params.alertId) }), inspector);
}
