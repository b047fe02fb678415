import type { FastifyInstance, FastifyRequest } from 'fastify';
import { aedEndpoints as endpoints } from '../../../../contract/aed.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { deleteContact } from './contacts';
import { loadDetail } from './detail';
import { patchAed } from './form';
import { restore, softDelete } from './lifecycle';
import { readPatchInput } from './pictures';
import { findVisibleAed } from './tenancy';

/** One AED: read, create/update, soft delete, restore, contacts. */
export function formRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.getAed, async (request) => {
    const { aed, site } = await findVisibleAed(ctx, sessionOf(request), request.params.id);
    const { lat, lon } = request.query;
    return { data: await loadDetail(ctx, aed, site, lat !== undefined && lon !== undefined ? { lat, lon } : undefined) };
  });

  // JSON, or multipart (field `data` + picture files): the body is validated in the service.
  route(app, ctx, endpoints.patchAed, async (request) => ({ data: await patchAed(ctx, sessionOf(request), request.params.udid, await readPatchInput(request as FastifyRequest)) }));
  route(app, ctx, endpoints.softDelete, async (request) => ({ data: await softDelete(ctx, sessionOf(request), request.body.udid) }));
  route(app, ctx, endpoints.restoreAed, async (request) => ({ data: await restore(ctx, sessionOf(request), request.body.udid) }));
  route(app, ctx, endpoints.deleteContact, async (request) => ({ data: await deleteContact(ctx, sessionOf(request), request.params.id) }));
}
