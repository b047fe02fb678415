import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notificationEndpoints as endpoints } from '../../../../contract/notification.endpoints';
import { notificationErrors } from '../../../../contract/notification.errors';
import { explainFilter } from '../../../../contract/notification.filter';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import * as service from './service';

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
  route(fastify, ctx, endpoints.getAdminNotifications, async (request) => ({ data: await service.list(ctx, sessionOf(request), request.query) }));
  route(fastify, ctx, endpoints.playOrStopNotification, async (request) => ({ data: await service.toggle(ctx, sessionOf(request), request.body.id) }));
  route(fastify, ctx, endpoints.deleteAdminNotification, async (request) => ({ data: await service.remove(ctx, sessionOf(request), request.params.id) }));
  route(fastify, ctx, endpoints.duplicateDraft, async (request) => ({ data: await service.duplicate(ctx, sessionOf(request), request.body.id) }));
  route(fastify, ctx, endpoints.getDraftNotification, async (request) => ({ data: await service.draft(ctx, sessionOf(request), request.query.id) }));
  route(
    fastify,
    ctx,
    endpoints.getPotentialCitizens,
    async (request) => {
      rejectInvalid(request as FastifyRequest);
      return { data: await service.potentialCitizens(ctx, sessionOf(request), request.body) };
    },
    { attachValidation: true },
  );
  route(fastify, ctx, endpoints.getNoCitizen, async (request) => ({ data: await service.noCitizen(ctx, sessionOf(request), request.query) }));
  route(
    fastify,
    ctx,
    endpoints.postAdminNotification,
    async (request) => {
      rejectInvalid(request as FastifyRequest);
      return { data: await service.save(ctx, sessionOf(request), request.body) };
    },
    { attachValidation: true },
  );
  route(fastify, ctx, endpoints.launchTestNotificationPush, async (request) => ({ data: await service.testSend(ctx, sessionOf(request), request.body) }));
}
