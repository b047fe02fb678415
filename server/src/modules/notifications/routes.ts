import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../../contract/http';
import { notificationErrors } from '../../../../contract/notification.errors';
import { explainFilter } from '../../../../contract/notification.filter';
import * as schemas from '../../../../contract/notification.schemas';
import { pushDelivery } from '../../adapters/push/delivery';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import { registerNotificationJobs } from './delivery';
import { createPushRouter } from './push-router';
import * as service from './service';

const base = '/services/backoffice/admin/notification';

/**
 * A body whose targeting filter does not parse answers `error.notification.filter-invalid` with
 * the reason per condition; any other invalid field answers as usual.
 */
function rejectInvalid(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validation?: { instancePath?: string }[] }) | undefined;
  if (!error) return;
  if (error.validation?.some((issue) => issue.instancePath === '/filter' || issue.instancePath?.startsWith('/filter/'))) {
    throw badRequest(notificationErrors.filterInvalid, explainFilter((request.body as { filter?: unknown } | undefined)?.filter));
  }
  throw error;
}

/** Push notifications admin (spec §7, paths under /services/backoffice/admin/notification/). */
export async function notificationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const preHandler = requireCapability(ctx, 'admin.notifications');
  // Every push (alerts included) leaves through the providers PUSH_PROVIDER configures.
  pushDelivery(ctx).useRouter(createPushRouter(ctx));
  registerNotificationJobs(ctx);

  app.get(`${base}/getAdminNotifications`, {
    preHandler,
    schema: { tags: ['notifications'], querystring: schemas.listQuery, response: { 200: ok(schemas.notificationList) } },
    handler: async (request) => ({ data: await service.list(ctx, sessionOf(request), request.query) }),
  });

  app.post(`${base}/playOrStopNotification`, {
    preHandler,
    schema: { tags: ['notifications'], body: schemas.idBody, response: { 200: ok(schemas.notificationItem) } },
    handler: async (request) => ({ data: await service.toggle(ctx, sessionOf(request), request.body.id) }),
  });

  app.delete(`${base}/deleteAdminNotification/:id`, {
    preHandler,
    schema: { tags: ['notifications'], params: schemas.idParams, response: { 200: ok(schemas.deleted) } },
    handler: async (request) => ({ data: await service.remove(ctx, sessionOf(request), request.params.id) }),
  });

  app.post(`${base}/duplicateDraft`, {
    preHandler,
    schema: { tags: ['notifications'], body: schemas.idBody, response: { 200: ok(schemas.notificationItem) } },
    handler: async (request) => ({ data: await service.duplicate(ctx, sessionOf(request), request.body.id) }),
  });

  app.get(`${base}/getDraftNotification`, {
    preHandler,
    schema: { tags: ['notifications'], querystring: schemas.idQuery, response: { 200: ok(schemas.notificationItem) } },
    handler: async (request) => ({ data: await service.draft(ctx, sessionOf(request), request.query.id) }),
  });

  app.post(`${base}/getPotentialCitizens`, {
    preHandler,
    attachValidation: true,
    schema: { tags: ['notifications'], body: schemas.targeting, response: { 200: ok(schemas.potentialCitizens) } },
    handler: async (request) => {
      rejectInvalid(request);
      return { data: await service.potentialCitizens(ctx, sessionOf(request), request.body) };
    },
  });

  app.get(`${base}/getNoCitizen`, {
    preHandler,
    schema: { tags: ['notifications'], querystring: schemas.noCitizenQuery, response: { 200: ok(z.array(schemas.citizenDevice)) } },
    handler: async (request) => ({ data: await service.noCitizen(ctx, sessionOf(request), request.query) }),
  });

  app.post(`${base}/postAdminNotification`, {
    preHandler,
    attachValidation: true,
    schema: { tags: ['notifications'], body: schemas.notificationBody, response: { 200: ok(schemas.notificationItem) } },
    handler: async (request) => {
      rejectInvalid(request);
      return { data: await service.save(ctx, sessionOf(request), request.body) };
    },
  });

  app.post(`${base}/launchTestNotificationPush`, {
    preHandler,
    schema: { tags: ['notifications'], body: schemas.testNotificationBody, response: { 200: ok(schemas.testQueued) } },
    handler: async (request) => ({ data: await service.testSend(ctx, sessionOf(request), request.body) }),
  });
}
