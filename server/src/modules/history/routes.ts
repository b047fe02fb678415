import type { FastifyInstance } from 'fastify';
import { historyEndpoints as endpoints } from '../../../../contract/history.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { exportHistory } from './export';
import * as service from './service';

/** The alert history calls (contract/history.endpoints.ts): list, chronology and export. */
export async function historyRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.getAlertHistory, async (request) => ({ data: await service.alertHistory(ctx, sessionOf(request), request.query) }));

  route(app, ctx, endpoints.getAlertChronology, async (request) => ({ data: await service.alertChronology(ctx, sessionOf(request), request.params.alertId) }));

  route(app, ctx, endpoints.exportAlertHistory, async (request, reply) => {
    const { stream, filename, rows } = await exportHistory(ctx, sessionOf(request), request.body);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-total-count', String(rows))
      .send(stream);
  });
}
