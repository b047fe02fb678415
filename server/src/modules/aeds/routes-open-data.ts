import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { aedEndpoints as endpoints } from '../../../../contract/aed.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { exportGeoDae, exportOsm } from './open-data-export';

/** Sends an export's stream as a file to save, with its row count. */
export function sendAttachment(reply: FastifyReply, contentType: string, file: { stream: Readable; filename: string; rows: number }) {
  return reply.header('content-type', contentType).header('content-disposition', `attachment; filename="${file.filename}"`).header('x-total-count', String(file.rows)).send(file.stream);
}

/** The register's open-data files: the GeoDAE declaration and the OpenStreetMap GeoJSON. */
export function openDataRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.exportGeoDae, async (request, reply) => {
    const file = await exportGeoDae(ctx, sessionOf(request), request.body);
    return sendAttachment(reply.header('x-not-ready-count', String(file.notReady)), 'text/csv; charset=utf-8', file);
  });

  route(app, ctx, endpoints.exportOsm, async (request, reply) => sendAttachment(reply, 'application/geo+json', await exportOsm(ctx, sessionOf(request), request.body)));
}
