import type { FastifyInstance } from 'fastify';
import { newsEndpoints as endpoints } from '../../../../contract/news.endpoints';
import type { AppContext } from '../../context';
import { route } from '../../routing';
import { newsFor } from './service';

/** The staff app's news banner (contract/news.endpoints.ts). */
export async function newsRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const endpoint of [endpoints.getNews, endpoints.getNewsWithoutSlash]) {
    route(app, ctx, endpoint, async (request) => ({ data: await newsFor(ctx, request.query.lang, request.query.tag) }));
  }
}
