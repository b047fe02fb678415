import type { FastifyInstance } from 'fastify';
import { dashboardEndpoints as endpoints } from '../../../../contract/dashboard.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import * as service from './service';

/** getStatsReferentDashboard (spec §7) and the admin tab's account statistics (contract/dashboard.endpoints.ts). */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.getStatsReferentDashboard, async (request) => ({ data: await service.referentStats(ctx, sessionOf(request), request.query) }));

  route(app, ctx, endpoints.getAccountStats, async (request) => ({ data: await service.accountStats(ctx, sessionOf(request), request.query.selectedSite) }));
}
