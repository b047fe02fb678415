import type { FastifyInstance } from 'fastify';
import { callActions, callActionsQuery } from '../../../../contract/callback.schemas';
import { errorBody, ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import * as service from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** getCallActions (spec §7), capability alert.callback. */
export async function callbackRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  app.get('/services/backoffice/alert/getCallActions', {
    preHandler: requireCapability(ctx, 'alert.callback'),
    schema: { tags: ['history'], summary: 'Responders to call back, to recall and unanswered, with the 10-day and today flags', querystring: callActionsQuery, response: { 200: ok(callActions), ...errors } },
    handler: async (request) => ({ data: await service.callActions(ctx, sessionOf(request), request.query.selectedSite) }),
  });
}
