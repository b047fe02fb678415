import type { FastifyInstance } from 'fastify';
import { ok } from '../../../../contract/http';
import { validationErrors } from '../../../../contract/validation.errors';
import * as schemas from '../../../../contract/validation.schemas';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import * as service from './service';

/** Validation of citizen responders (spec §7, paths under /services/backoffice/firstResponder/). */
export async function validationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const preHandler = requireCapability(ctx, 'citizen.validate');

  app.get('/services/backoffice/firstResponder/getDataValidationResponder', {
    preHandler,
    schema: { tags: ['validation'], querystring: schemas.validationQuery, response: { 200: ok(schemas.validationList) } },
    handler: async (request) => ({ data: await service.waitingPage(ctx, sessionOf(request), request.query) }),
  });

  app.get('/services/backoffice/firstResponder/getDiploma/:id', {
    preHandler,
    schema: { tags: ['validation'], params: schemas.diplomaParams, description: 'The diploma image (PNG, JPEG, WebP) or PDF of a responder.' },
    handler: async (request, reply) => {
      const file = await service.diploma(ctx, sessionOf(request), request.params.id);
      return reply
        .type(file.type)
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="diploma-${request.params.id}.${file.extension}"`)
        .send(file.bytes);
    },
  });

  app.patch('/services/backoffice/firstResponder/patchDataValidationResponder', {
    preHandler,
    // A body naming no responder answers "empty payload" (spec §8) before any other complaint.
    attachValidation: true,
    schema: { tags: ['validation'], body: schemas.validationPatch, response: { 200: ok(schemas.validationPatched) } },
    handler: async (request) => {
      const raw = (request.body ?? {}) as { ids?: unknown; all?: unknown };
      if (!raw.all && (!Array.isArray(raw.ids) || raw.ids.length === 0)) throw badRequest(validationErrors.emptyPayload);
      if (request.validationError) throw request.validationError;
      return { data: await service.patchStatus(ctx, sessionOf(request), request.body) };
    },
  });
}
