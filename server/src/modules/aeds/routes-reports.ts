import { z } from 'zod';
import { aedReport, reportProblemBody } from '../../../../contract/aed.schemas';
import { emailTemplate, emailTemplateQuery, reportIdParams, resolveBody, resolveQuery, sendMailForReportBody } from '../../../../contract/aed-reports.schemas';
import { ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { reportTemplate } from './report-templates';
import { deleteDone, deleteOnGoing, markSoluble, reportProblem, resolveReport, sendMailForReport } from './reports';
import type { TypedApp } from './routes';

const deleted = ok(z.object({ id: z.number().int(), deleted: z.boolean() }));

/** Reports: report a problem, resolve (with or without a mail), soluble, delete, mail template. */
export function reportRoutes(app: TypedApp, ctx: AppContext) {
  const read = requireCapability(ctx, 'aed.read');
  const write = requireCapability(ctx, 'aed.write');

  app.post('/services/backOffice/aed/reportProblem', {
    preHandler: read,
    schema: { tags: ['aed'], body: reportProblemBody, response: { 200: ok(aedReport) } },
    handler: async (request) => ({ data: await reportProblem(ctx, sessionOf(request), request.body) }),
  });

  app.delete('/services/backOffice/aed/reportDone/:id', {
    preHandler: write,
    schema: { tags: ['aed'], params: reportIdParams, response: { 200: deleted } },
    handler: async (request) => ({ data: await deleteDone(ctx, sessionOf(request), request.params.id) }),
  });

  app.delete('/services/backOffice/aed/onGoingReport/:id', {
    preHandler: write,
    schema: { tags: ['aed'], params: reportIdParams, response: { 200: deleted } },
    handler: async (request) => ({ data: await deleteOnGoing(ctx, sessionOf(request), request.params.id) }),
  });

  app.get('/services/backOffice/aed/onGoingReport/email-template', {
    preHandler: read,
    schema: { tags: ['aed'], querystring: emailTemplateQuery, response: { 200: ok(emailTemplate) } },
    handler: async (request) => ({ data: reportTemplate(request.query.lang, request.query.type) }),
  });

  app.patch('/services/backOffice/aed/onGoingReport/resolve/:id', {
    preHandler: write,
    schema: { tags: ['aed'], params: reportIdParams, querystring: resolveQuery, body: resolveBody, response: { 200: ok(aedReport) } },
    handler: async (request) => ({ data: await resolveReport(ctx, sessionOf(request), request.params.id, { ...request.body, city: request.query.city }) }),
  });

  app.patch('/services/backOffice/aed/onGoingReport/soluble/:id', {
    preHandler: write,
    schema: { tags: ['aed'], params: reportIdParams, response: { 200: ok(aedReport) } },
    handler: async (request) => ({ data: await markSoluble(ctx, sessionOf(request), request.params.id) }),
  });

  app.post('/services/backOffice/email/sendMailForReportAed', {
    preHandler: write,
    schema: { tags: ['aed'], body: sendMailForReportBody, response: { 200: ok(aedReport) } },
    handler: async (request) => ({ data: await sendMailForReport(ctx, sessionOf(request), request.body) }),
  });
}
