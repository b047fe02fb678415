import type { FastifyInstance } from 'fastify';
import { coverageEndpoints as endpoints } from '../../../../contract/coverage.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { exportCandidates } from './export';
import * as service from './service';

/** The coverage-gap map (contract/coverage.endpoints.ts). */
export async function coverageRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.getCoverageMap, async (request) => ({ data: await service.coverageMap(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.getCoverageSummary, async (request) => ({ data: await service.coverageSummary(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.getCoverageCell, async (request) => ({ data: await service.coverageCell(ctx, sessionOf(request), request.query) }));
  route(app, ctx, endpoints.exportCoverageCandidates, async (request, reply) => {
    const { stream, filename, rows } = await exportCandidates(ctx, sessionOf(request), request.query);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-total-count', String(rows))
      .send(stream);
  });
}
