import { z } from 'zod';
import { aedPicture } from '../../../../contract/aed.schemas';
import { pictureParams, rotateParams, rotateQuery } from '../../../../contract/aed-reports.schemas';
import { ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { deletePicture, readPicture, rotatePicture } from './pictures';
import type { TypedApp } from './routes';

/** Pictures: read, rotate, delete (upload goes through patchAed). */
export function fileRoutes(app: TypedApp, ctx: AppContext) {
  const read = requireCapability(ctx, 'aed.read');
  const write = requireCapability(ctx, 'aed.write');

  app.get('/services/backOffice/aed/getFile/:id', {
    preHandler: read,
    schema: { tags: ['aed'], params: z.object({ id: z.string().max(12) }) },
    handler: async (request, reply) => {
      const file = await readPicture(ctx, sessionOf(request), request.params.id);
      return reply.type(file.mime).header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff').send(file.buffer);
    },
  });

  app.patch('/services/backOffice/file/rotatePicture/:fileName', {
    preHandler: write,
    schema: { tags: ['aed'], params: rotateParams, querystring: rotateQuery, response: { 200: ok(aedPicture) } },
    handler: async (request) => ({ data: await rotatePicture(ctx, sessionOf(request), request.params.fileName, request.query.degrees) }),
  });

  app.delete('/services/backOffice/aed/pictures/:a/:b', {
    preHandler: write,
    schema: { tags: ['aed'], params: pictureParams, response: { 200: ok(z.object({ id: z.number().int(), deleted: z.boolean() })) } },
    handler: async (request) => ({ data: await deletePicture(ctx, sessionOf(request), request.params.a, request.params.b) }),
  });
}
