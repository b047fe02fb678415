import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../../contract/http';
import * as schemas from '../../../../contract/tester.schemas';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import * as service from './service';

/** Tester management (spec §7: backOffice/tester/... and backoffice/notification/notifForTester). */
export async function testerRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const preHandler = requireCapability(ctx, 'alert.testers');

  app.get('/services/backOffice/tester/getFilterTester', {
    preHandler,
    schema: { tags: ['testers'], response: { 200: ok(z.array(schemas.tester)) } },
    handler: async (request) => ({ data: await service.list(ctx, sessionOf(request)) }),
  });

  app.post('/services/backOffice/tester/subUnsub', {
    preHandler,
    schema: { tags: ['testers'], body: schemas.udidBody, response: { 200: ok(schemas.subUnsubResult) } },
    handler: async (request) => ({ data: await service.subUnsub(ctx, sessionOf(request), request.body.udid) }),
  });

  app.get('/services/backOffice/tester/search', {
    preHandler,
    schema: { tags: ['testers'], querystring: schemas.searchQuery, response: { 200: ok(z.array(schemas.searchHit)) } },
    handler: async (request) => ({ data: await service.search(ctx, sessionOf(request), request.query.filter) }),
  });

  app.post('/services/backoffice/notification/notifForTester', {
    preHandler,
    schema: { tags: ['testers'], body: schemas.udidBody, response: { 200: ok(schemas.testerNotified) } },
    handler: async (request) => ({ data: await service.notifyTester(ctx, sessionOf(request), request.body.udid) }),
  });
}
