import type { FastifyInstance } from 'fastify';
import * as schemas from '../../../../contract/history.schemas';
import { errorBody, ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import { exportHistory } from './export';
import * as service from './service';

const base = '/services/backoffice/alert';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The alert history calls (spec §7): list, chronology and export, capability alert.history. */
export async function historyRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const preHandler = requireCapability(ctx, 'alert.history');
  const tags = ['history'];

  app.get(`${base}/getAlertHistory`, {
    preHandler,
    schema: { tags, summary: 'Launched alerts of the caller’s accounts, filtered and paged (page is one-based)', querystring: schemas.historyQuery, response: { 200: ok(schemas.historyPage), ...errors } },
    handler: async (request) => ({ data: await service.alertHistory(ctx, sessionOf(request), request.query) }),
  });

  app.get(`${base}/getAlertChronology/:alertId`, {
    preHandler,
    schema: { tags, summary: 'The timeline of one alert: log, offers, answers, progress, moves, close and call-backs', params: schemas.chronologyParams, response: { 200: ok(schemas.chronology), ...errors } },
    handler: async (request) => ({ data: await service.alertChronology(ctx, sessionOf(request), request.params.alertId) }),
  });

  app.post(`${base}/exportAlertHistory`, {
    preHandler,
    schema: { tags, summary: 'The history’s alerts as a streamed .xlsx (30 s budget)', body: schemas.historyExportBody },
    handler: async (request, reply) => {
      const { stream, filename, rows } = await exportHistory(ctx, sessionOf(request), request.body);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-total-count', String(rows))
        .send(stream);
    },
  });
}
