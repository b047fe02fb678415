import type { FastifyInstance } from 'fastify';
import { indicatorEndpoints as endpoints } from '../../../../contract/indicator.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import * as service from './service';

/** The indicators (contract/indicator.endpoints.ts): dashboard.view or alert.reporting. */
export async function indicatorRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.aedsHeatmap, async (request) => ({ data: await service.aedsHeatmap(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.respondersHeatmap, async (request) => ({ data: await service.respondersHeatmap(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.alertsGrowth, async (request) => ({ data: await service.alertsGrowth(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.respondersGrowth, async (request) => ({ data: await service.respondersGrowth(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.alertsRateRanking, async (request) => ({ data: await service.alertsRateRanking(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.respondersRateRanking, async (request) => ({ data: await service.respondersRateRanking(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.alertsType, async (request) => ({ data: await service.alertsType(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.respondersSkills, async (request) => ({ data: await service.respondersSkills(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.lookLast24, async (request) => ({ data: await service.lookLast24(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.alertsSummary, async (request) => ({ data: await service.alertsSummary(ctx, sessionOf(request), request.query) }));
}
