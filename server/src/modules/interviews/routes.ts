import type { FastifyInstance } from 'fastify';
import { callbackEndpoints as endpoints } from '../../../../contract/callback.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { recordCall } from '../callbacks/face';
import { loadForm } from './service';

/** Load and submit of the post-intervention form (contract/callback.endpoints.ts). */
export async function interviewRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.getInterviewForm, async (request) => ({ data: await loadForm(ctx, sessionOf(request), request.params.id) }));

  route(app, ctx, endpoints.submitInterview, async (request) => ({ data: await recordCall(ctx, sessionOf(request), request.params.id, request.body) }));
}
