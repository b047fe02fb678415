import { z } from 'zod';
import { aedDetail, aedIdParams, aedUdidParams, udidBody } from '../../../../contract/aed.schemas';
import { ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { deleteContact } from './contacts';
import { loadDetail } from './detail';
import { patchAed } from './form';
import { restore, softDelete } from './lifecycle';
import { readPatchInput } from './pictures';
import type { TypedApp } from './routes';
import { findVisibleAed } from './tenancy';

const distanceFrom = z.object({ lat: z.coerce.number().min(-90).max(90).optional(), lon: z.coerce.number().min(-180).max(180).optional() });

/** One AED: read, create/update, soft delete, restore, contacts. */
export function formRoutes(app: TypedApp, ctx: AppContext) {
  const read = requireCapability(ctx, 'aed.read');
  const write = requireCapability(ctx, 'aed.write');

  app.get('/services/backOffice/aed/getAed/:id', {
    preHandler: read,
    schema: { tags: ['aed'], params: aedIdParams, querystring: distanceFrom, response: { 200: ok(aedDetail) } },
    handler: async (request) => {
      const { aed, site } = await findVisibleAed(ctx, sessionOf(request), request.params.id);
      const { lat, lon } = request.query;
      return { data: await loadDetail(ctx, aed, site, lat !== undefined && lon !== undefined ? { lat, lon } : undefined) };
    },
  });

  // JSON, or multipart (field `data` + picture files): the body is validated in the service.
  app.patch('/services/backOffice/aed/patchAed/:udid', {
    preHandler: write,
    schema: { tags: ['aed'], params: aedUdidParams, response: { 200: ok(aedDetail) } },
    handler: async (request) => ({ data: await patchAed(ctx, sessionOf(request), request.params.udid, await readPatchInput(request)) }),
  });

  app.patch('/services/backOffice/aed/softDelete', {
    preHandler: write,
    schema: { tags: ['aed'], body: udidBody, response: { 200: ok(aedDetail) } },
    handler: async (request) => ({ data: await softDelete(ctx, sessionOf(request), request.body.udid) }),
  });

  app.patch('/services/backOffice/aed/restoreAed', {
    preHandler: write,
    schema: { tags: ['aed'], body: udidBody, response: { 200: ok(aedDetail) } },
    handler: async (request) => ({ data: await restore(ctx, sessionOf(request), request.body.udid) }),
  });

  app.delete('/services/backOffice/aed/contact/:id', {
    preHandler: write,
    schema: { tags: ['aed'], params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: ok(z.object({ id: z.number().int(), deleted: z.boolean() })) } },
    handler: async (request) => ({ data: await deleteContact(ctx, sessionOf(request), request.params.id) }),
  });
}
