import type { FastifyInstance } from 'fastify';
import * as schemas from '../../../../contract/dashboard.schemas';
import { errorBody, ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import * as service from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** getStatsReferentDashboard (spec §7) and the admin tab's account statistics, capability dashboard.view. */
export async function dashboardRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const preHandler = requireCapability(ctx, 'dashboard.view');
  const tags = ['dashboard'];

  app.get('/services/backoffice/alert/getStatsReferentDashboard', {
    preHandler,
    schema: { tags, summary: 'Personal statistics and departures of the month and in total', querystring: schemas.referentStatsQuery, response: { 200: ok(schemas.referentStats), ...errors } },
    handler: async (request) => ({ data: await service.referentStats(ctx, sessionOf(request), request.query) }),
  });

  app.get('/services/backoffice/dashboard/getAccountStats', {
    preHandler,
    schema: { tags, summary: 'Account statistics of the admin tab (super administrators)', querystring: schemas.accountStatsQuery, response: { 200: ok(schemas.accountStats), ...errors } },
    handler: async (request) => ({ data: await service.accountStats(ctx, sessionOf(request), request.query.selectedSite) }),
  });
}
