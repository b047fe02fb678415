import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBody, ok } from '../../../../contract/http';
import * as schemas from '../../../../contract/inspection';
import type { AppContext } from '../../context';
import { requireSignedIn, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import * as service from './service';

const base = '/services/inspection/v1';
const errors = { 401: errorBody, 403: errorBody, 404: errorBody };

/** The live inspector's calls: who may open it, open alerts, and an alert's domain charts from its log. */
export async function inspectionRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const signedIn = requireSignedIn(ctx);
  const tags = ['inspection'];
  const inspector = async (...args: Parameters<typeof signedIn>) => {
    await signedIn(...args);
    service.checkAllowed(ctx, sessionOf(args[0]));
  };

  app.get(`${base}/access`, {
    preHandler: signedIn,
    schema: { tags, summary: 'Whether the caller may open the live inspector', response: { 200: ok(schemas.inspectionAccess), ...errors } },
    handler: async (request) => ({ data: { allowed: service.allowed(ctx, sessionOf(request)) } }),
  });

  app.get(`${base}/alerts`, {
    preHandler: inspector,
    schema: { tags, summary: 'Open alerts of the caller’s account subtree, with their alert-chart state', response: { 200: ok(z.array(schemas.inspectableAlert)), ...errors } },
    handler: async (request) => ({ data: await service.openAlerts(ctx, sessionOf(request)) }),
  });

  app.get(`${base}/alerts/:alertId`, {
    preHandler: inspector,
    schema: {
      tags,
      summary: 'The alert chart and each responder-request chart of an alert, replayed from its event log',
      params: schemas.inspectionAlertParams,
      response: { 200: ok(schemas.alertCharts), ...errors },
    },
    handler: async (request) => ({ data: await service.alertCharts(ctx, sessionOf(request), request.params.alertId) }),
  });
}
