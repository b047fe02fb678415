import type { FastifyInstance } from 'fastify';
import { ok } from '../../../../contract/http';
import { newsAnswer, newsQuery } from '../../../../contract/news.schemas';
import type { AppContext } from '../../context';
import { requireSignedIn } from '../../plugins/authenticate';
import { typed } from '../../routing';
import { newsFor } from './service';

/** The staff app's news banner (spec §7: GET backOffice/notification/?lang&tag). */
export async function newsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  // The spec writes the path with its trailing slash; the same answer without it.
  for (const path of ['/services/backOffice/notification/', '/services/backOffice/notification']) {
    app.get(path, {
      preHandler: requireSignedIn(ctx),
      schema: { tags: ['news'], querystring: newsQuery, response: { 200: ok(newsAnswer) } },
      handler: async (request) => ({ data: await newsFor(ctx, request.query.lang, request.query.tag) }),
    });
  }
}
