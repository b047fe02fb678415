import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../../context';
import { aedEndpoints as endpoints } from '../../../../contract/aed.endpoints';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { setHoursOfSelection } from './bulk-hours';
import { maxPictureBytes } from './settings';
import { duplicateRoutes } from './routes-duplicates';
import { fileRoutes } from './routes-files';
import { formRoutes } from './routes-form';
import { listRoutes } from './routes-list';
import { openDataRoutes } from './routes-open-data';
import { reportRoutes } from './routes-reports';

/**
 * The AED register's HTTP calls (spec §7 "AED"), in their own scope so that multipart (pictures,
 * 5 MB each) is parsed here only.
 */
export async function aedRoutes(fastify: FastifyInstance, ctx: AppContext) {
  await fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxPictureBytes, files: 10, fields: 10, fieldSize: 1024 * 1024, parts: 20 } });
    listRoutes(scope, ctx);
    formRoutes(scope, ctx);
    fileRoutes(scope, ctx);
    reportRoutes(scope, ctx);
    duplicateRoutes(scope, ctx);
    route(scope, ctx, endpoints.bulkHours, async (request) => ({ data: await setHoursOfSelection(ctx, sessionOf(request), request.body) }));
    openDataRoutes(scope, ctx);
  });
}
