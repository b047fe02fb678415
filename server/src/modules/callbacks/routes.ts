import type { FastifyInstance } from 'fastify';
import { callbackEndpoints as endpoints } from '../../../../contract/callback.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import * as service from './service';

/** getCallActions (contract/callback.endpoints.ts). */
export async function callbackRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.getCallActions, async (request) => ({ data: await service.callActions(ctx, sessionOf(request), request.query.selectedSite) }));
}
