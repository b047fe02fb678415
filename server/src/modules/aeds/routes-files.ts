import type { FastifyInstance } from 'fastify';
import { aedEndpoints as endpoints } from '../../../../contract/aed.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { deletePicture, readPicture, rotatePicture } from './pictures';

/** Pictures: read, rotate, delete (upload goes through patchAed). */
export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.getFile, async (request, reply) => {
    const file = await readPicture(ctx, sessionOf(request), request.params.id);
    return reply.type(file.mime).header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff').send(file.buffer);
  });
  route(app, ctx, endpoints.rotatePicture, async (request) => ({ data: await rotatePicture(ctx, sessionOf(request), request.params.fileName, request.query.degrees) }));
  route(app, ctx, endpoints.deletePicture, async (request) => ({ data: await deletePicture(ctx, sessionOf(request), request.params.a, request.params.b) }));
}
