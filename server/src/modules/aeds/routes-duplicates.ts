import type { FastifyInstance } from 'fastify';
import { aedEndpoints as endpoints } from '../../../../contract/aed.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { linkGeoDae, potentialDuplicates } from './duplicates';
import { mergeAeds, mergeInfo } from './merge';

/** Potential duplicates, GeoDAE link and merge. */
export function duplicateRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.potentialDuplicates, async (request) => ({ data: await potentialDuplicates(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.linkGeoDae, async (request) => ({ data: await linkGeoDae(ctx, sessionOf(request), request.body) }));
  route(app, ctx, endpoints.mergeInfo, async (request) => ({ data: await mergeInfo(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.mergeAeds, async (request) => ({ data: await mergeAeds(ctx, sessionOf(request), request.body) }));
}
