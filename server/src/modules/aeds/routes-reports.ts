import type { FastifyInstance } from 'fastify';
import { aedEndpoints as endpoints } from '../../../../contract/aed.endpoints';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { route } from '../../routing';
import { reportTemplate } from './report-templates';
import { deleteDone, deleteOnGoing, markSoluble, reportProblem, resolveReport, sendMailForReport } from './reports';

/** Reports: report a problem, resolve (with or without a mail), soluble, delete, mail template. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.reportProblem, async (request) => ({ data: await reportProblem(ctx, sessionOf(request), request.body) }));
  route(app, ctx, endpoints.deleteDoneReport, async (request) => ({ data: await deleteDone(ctx, sessionOf(request), request.params.id) }));
  route(app, ctx, endpoints.deleteOnGoingReport, async (request) => ({ data: await deleteOnGoing(ctx, sessionOf(request), request.params.id) }));
  route(app, ctx, endpoints.getEmailTemplate, async (request) => ({ data: reportTemplate(request.query.lang, request.query.type) }));
  route(app, ctx, endpoints.resolveReport, async (request) => ({ data: await resolveReport(ctx, sessionOf(request), request.params.id, { ...request.body, city: request.query.city }) }));
  route(app, ctx, endpoints.markReportSoluble, async (request) => ({ data: await markSoluble(ctx, sessionOf(request), request.params.id) }));
  route(app, ctx, endpoints.sendMailForReport, async (request) => ({ data: await sendMailForReport(ctx, sessionOf(request), request.body) }));
}
