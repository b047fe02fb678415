import type { FastifyInstance } from 'fastify';
import { validationErrors } from '../../../../contract/validation.errors';
import { validationEndpoints as endpoints } from '../../../../contract/validation.endpoints';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import * as service from './service';

/** Validation of citizen responders (contract/validation.endpoints.ts). */
export async function validationRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.getDataValidationResponder, async (request) => ({ data: await service.waitingPage(ctx, sessionOf(request), request.query) }));

  route(app, ctx, endpoints.getDiploma, async (request, reply) => {
    const file = await service.diploma(ctx, sessionOf(request), request.params.id);
    return reply
      .type(file.type)
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `inline; filename="diploma-${request.params.id}.${file.extension}"`)
      .send(file.bytes);
  });

  route(
    app,
    ctx,
    endpoints.patchDataValidationResponder,
    async (request) => {
      const raw = (request.body ?? {}) as { ids?: unknown; all?: unknown };
      if (!raw.all && (!Array.isArray(raw.ids) || raw.ids.length === 0)) throw badRequest(validationErrors.emptyPayload);
      if (request.validationError) throw request.validationError;
      return { data: await service.patchStatus(ctx, sessionOf(request), request.body) };
    },
    // A body naming no responder answers "empty payload" (spec §8) before any other complaint.
    { attachValidation: true },
  );
}
