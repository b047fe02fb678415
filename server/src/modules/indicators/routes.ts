import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../../../contract/access';
import { errorKeys } from '../../../../contract/errors';
import { errorBody, ok } from '../../../../contract/http';
import * as schemas from '../../../../contract/indicator.schemas';
import type { AppContext } from '../../context';
import { forbidden } from '../../errors';
import { callerCheck } from '../../plugins/request-guards';
import { authenticate, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import * as service from './service';

const base = '/services/backoffice/indicators';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Indicators feed the dashboard view (dashboard.view) and the alert reporting page (alert.reporting). */
function requireIndicators(ctx: AppContext) {
  const check = authenticate(ctx);
  return callerCheck(async (request: FastifyRequest, reply: FastifyReply) => {
    await check(request, reply);
    const { idGroup, accountConfigured } = request.session!;
    if (!can(idGroup, 'dashboard.view') && !can(idGroup, 'alert.reporting')) throw forbidden(errorKeys.necessaryRights);
    if (!accountConfigured) throw forbidden(errorKeys.accountBeingConfigured);
  });
}

/** The indicators of spec §7 (GET, with an area query) and alertsSummary for the alert reporting page. */
export async function indicatorRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const preHandler = requireIndicators(ctx);
  const tags = ['indicators'];

  app.get(`${base}/aedsHeatmap`, {
    preHandler,
    schema: { tags, summary: 'AEDs per 1 km cell', querystring: schemas.heatmapQuery, response: { 200: ok(schemas.heatmap), ...errors } },
    handler: async (request) => ({ data: await service.aedsHeatmap(ctx, sessionOf(request), request.query) }),
  });
  app.get(`${base}/respondersHeatmap`, {
    preHandler,
    schema: { tags, summary: 'Activated responders’ last positions per 1 km cell', querystring: schemas.heatmapQuery, response: { 200: ok(schemas.heatmap), ...errors } },
    handler: async (request) => ({ data: await service.respondersHeatmap(ctx, sessionOf(request), request.query) }),
  });
  app.get(`${base}/alertsGrowth`, {
    preHandler,
    schema: { tags, summary: 'Launched alerts per day, week, month (default), year or century', querystring: schemas.growthQuery, response: { 200: ok(schemas.growth), ...errors } },
    handler: async (request) => ({ data: await service.alertsGrowth(ctx, sessionOf(request), request.query) }),
  });
  app.get(`${base}/respondersGrowth`, {
    preHandler,
    schema: { tags, summary: 'Activated responders, accrued (default) or new per bucket', querystring: schemas.respondersGrowthQuery, response: { 200: ok(schemas.growth), ...errors } },
    handler: async (request) => ({ data: await service.respondersGrowth(ctx, sessionOf(request), request.query) }),
  });
  app.get(`${base}/alertsRateRanking`, {
    preHandler,
    schema: { tags, summary: 'Alerts per 100,000 inhabitants by département (communes of a département area)', querystring: schemas.rangeQuery, response: { 200: ok(schemas.ranking), ...errors } },
    handler: async (request) => ({ data: await service.alertsRateRanking(ctx, sessionOf(request), request.query) }),
  });
  app.get(`${base}/respondersRateRanking`, {
    preHandler,
    schema: { tags, summary: 'Responders per 1,000 inhabitants by département (communes of a département area)', querystring: schemas.areaOnlyQuery, response: { 200: ok(schemas.ranking), ...errors } },
    handler: async (request) => ({ data: await service.respondersRateRanking(ctx, sessionOf(request), request.query) }),
  });
  app.get(`${base}/alertsType`, {
    preHandler,
    schema: { tags, summary: 'Launched alerts per alert type', querystring: schemas.rangeQuery, response: { 200: ok(schemas.alertsType), ...errors } },
    handler: async (request) => ({ data: await service.alertsType(ctx, sessionOf(request), request.query) }),
  });
  app.get(`${base}/respondersSkills`, {
    preHandler,
    schema: { tags, summary: 'Responders by training status and skill (labels in lang, default fr)', querystring: schemas.skillsQuery, response: { 200: ok(schemas.respondersSkills), ...errors } },
    handler: async (request) => ({ data: await service.respondersSkills(ctx, sessionOf(request), request.query) }),
  });
  app.get(`${base}/lookLast24`, {
    preHandler,
    schema: { tags, summary: 'Alerts of the last 24 hours', querystring: schemas.areaOnlyQuery, response: { 200: ok(schemas.lookLast24), ...errors } },
    handler: async (request) => ({ data: await service.lookLast24(ctx, sessionOf(request), request.query) }),
  });
  app.get(`${base}/alertsSummary`, {
    preHandler,
    schema: { tags, summary: 'Alert reporting figures of a range, with alerts per day', querystring: schemas.rangeQuery, response: { 200: ok(schemas.alertsSummary), ...errors } },
    handler: async (request) => ({ data: await service.alertsSummary(ctx, sessionOf(request), request.query) }),
  });
}
