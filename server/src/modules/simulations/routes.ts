import type { FastifyInstance } from 'fastify';
import { simulationEndpoints as endpoints } from '../../../../contract/simulation.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import * as service from './service';

/** The alert-policy simulator (contract/simulation.endpoints.ts): alert.simulation. */
export async function simulationRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.start, async (request) => ({ data: await service.startRun(ctx, sessionOf(request), request.body) }));
  route(app, ctx, endpoints.list, async (request) => ({ data: await service.listRuns(ctx, sessionOf(request), request.query.limit) }));
  route(app, ctx, endpoints.get, async (request) => ({ data: await service.getRun(ctx, sessionOf(request), request.params.runId) }));
}
