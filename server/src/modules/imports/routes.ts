import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { importEndpoints as endpoints } from '../../../../contract/import.endpoints';
import { importLimits } from '../../../../contract/import.schemas';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { exportResults } from './export';
import { deletePreset, listPresets } from './saved-presets';
import * as service from './service';
import { readImportSettings } from './settings';
import { uploadFile } from './upload';

/** The AED import calls (spec §7 "Import", documented in docs/api-import.md), in their own scope for multipart. */
export async function importRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const settings = readImportSettings();

  await fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: importLimits.maxFileBytes, files: 1, fields: 5, parts: 6 } });

    route(scope, ctx, endpoints.importFile, async (request) => ({ data: await uploadFile(ctx, sessionOf(request), request as FastifyRequest, settings) }));
    route(scope, ctx, endpoints.createImport, async (request) => ({ data: await service.createImport(ctx, sessionOf(request), request.body) }));
    route(scope, ctx, endpoints.saveMappings, async (request) => ({ data: await service.saveMapping(ctx, sessionOf(request), request.body) }));
    route(scope, ctx, endpoints.startImport, async (request) => ({ data: await service.startProcessing(ctx, sessionOf(request), request.body.idImport) }));
    route(scope, ctx, endpoints.pauseImport, async (request) => ({ data: await service.pauseProcessing(ctx, sessionOf(request), request.body.idImport) }));
    route(scope, ctx, endpoints.resumeImport, async (request) => ({ data: await service.resumeProcessing(ctx, sessionOf(request), request.body.idImport) }));
    route(scope, ctx, endpoints.processRow, async (request) => ({ data: await service.processRow(ctx, sessionOf(request), request.body) }));
    route(scope, ctx, endpoints.exportResults, async (request, reply) => {
      const lang = request.body.lang ?? String(request.headers['accept-language'] ?? 'en');
      const { stream, filename, type } = await exportResults(ctx, sessionOf(request), { ...request.body, lang });
      return reply.header('content-type', type).header('content-disposition', `attachment; filename="${encodeURIComponent(filename)}"`).send(stream);
    });
    route(scope, ctx, endpoints.getImport, async (request) => ({ data: await service.getImport(ctx, sessionOf(request), request.params.idImport) }));
    route(scope, ctx, endpoints.getImports, async (request) => ({ data: await service.listImports(ctx, sessionOf(request), request.query.idSite) }));
    route(scope, ctx, endpoints.getRows, async (request) => ({ data: await service.listRows(ctx, sessionOf(request), request.query) }));
    route(scope, ctx, endpoints.savePreset, async (request) => ({ data: await service.savePresetOfRun(ctx, sessionOf(request), request.body) }));
    route(scope, ctx, endpoints.listPresets, async (request) => ({ data: await listPresets(ctx, sessionOf(request), request.query.idSite) }));
    route(scope, ctx, endpoints.deletePreset, async (request) => {
      await deletePreset(ctx, sessionOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });
  });
}
