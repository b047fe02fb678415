import type { FastifyInstance } from 'fastify';
import { errorBody, ok } from '../../../../contract/http';
import * as schemas from '../../../../contract/interview.schemas';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import { recordCall } from '../callbacks/service';
import { loadForm } from './service';

const path = '/services/backoffice/alert/citizenAlertForm/:id';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/**
 * Load and submit of the post-intervention form (spec §7 leaves them open; docs/api-history.md):
 * GET and POST /services/backoffice/alert/citizenAlertForm/{id}, id the responder's request, capability alert.callback.
 */
export async function interviewRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const preHandler = requireCapability(ctx, 'alert.callback');
  const tags = ['history'];

  app.get(path, {
    preHandler,
    schema: { tags, summary: 'The post-intervention form of one responder on one alert', params: schemas.interviewIdParams, response: { 200: ok(schemas.interviewForm), ...errors } },
    handler: async (request) => ({ data: await loadForm(ctx, sessionOf(request), request.params.id) }),
  });

  app.post(path, {
    preHandler,
    schema: { tags, summary: 'Record a call: its outcome, a recall date, the interview and technical issues (once per draft id)', params: schemas.interviewIdParams, body: schemas.interviewSubmitBody, response: { 200: ok(schemas.interviewSubmitResult), ...errors } },
    handler: async (request) => ({ data: await recordCall(ctx, sessionOf(request), request.params.id, request.body) }),
  });
}
