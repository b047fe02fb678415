import type { FastifyInstance } from 'fastify';
import { testerEndpoints as endpoints } from '../../../../contract/tester.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import * as service from './service';

/** Tester management (contract/tester.endpoints.ts). */
export async function testerRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.getFilterTester, async (request) => ({ data: await service.list(ctx, sessionOf(request)) }));

  route(app, ctx, endpoints.subUnsub, async (request) => ({ data: await service.subUnsub(ctx, sessionOf(request), request.body.udid) }));

  route(app, ctx, endpoints.search, async (request) => ({ data: await service.search(ctx, sessionOf(request), request.query.filter) }));

  route(app, ctx, endpoints.notifForTester, async (request) => ({ data: await service.notifyTester(ctx, sessionOf(request), request.body.udid) }));
}
