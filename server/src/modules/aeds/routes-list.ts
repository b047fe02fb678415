import { z } from 'zod';
import { accountWithAedCount, aedExportBody, aedListBody, aedListResponse, aedMapBody, aedMapResponse } from '../../../../contract/aed-list.schemas';
import { optionItem, optionsQuery } from '../../../../contract/aed-reports.schemas';
import { ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { sendKept } from '../../plugins/kept-answers';
import { fastResponse, writerOf } from '../../serialization';
import { accountsWithAedCount } from './accounts';
import { exportAeds } from './export';
import { listAnswer } from './list';
import { mapAeds } from './map';
import { optionsModules } from './options';
import { sendAttachment } from './routes-open-data';
import type { TypedApp } from './routes';

/** List, map, export, account counts and option lists. */
export function listRoutes(app: TypedApp, ctx: AppContext) {
  const read = requireCapability(ctx, 'aed.read');
  const listSchema = fastResponse(ok(aedListResponse));
  const writeList = writerOf(listSchema);

  app.post('/services/backOffice/aed/getAllList', {
    preHandler: read,
    schema: { tags: ['aed'], body: aedListBody, response: { 200: listSchema } },
    // The answer is kept as bytes (list-pages.ts), sent as they are.
    handler: async (request, reply) => sendKept(request, reply, await listAnswer(ctx, sessionOf(request), request.body, writeList)),
  });

  app.post('/services/backOffice/aed/getAedsMap', {
    preHandler: read,
    schema: { tags: ['aed'], body: aedMapBody, response: { 200: ok(aedMapResponse) } },
    handler: async (request) => ({ data: await mapAeds(ctx, sessionOf(request), request.body) }),
  });

  app.post('/services/backOffice/aed/export', {
    preHandler: read,
    schema: { tags: ['aed'], body: aedExportBody },
    handler: async (request, reply) => sendAttachment(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', await exportAeds(ctx, sessionOf(request), request.body)),
  });

  app.get('/services/backOffice/account/accountList/getAccountListWithAEDCount', {
    preHandler: read,
    schema: { tags: ['aed', 'account'], response: { 200: ok(z.array(accountWithAedCount)) } },
    handler: async (request) => ({ data: await accountsWithAedCount(ctx, sessionOf(request)) }),
  });

  app.get('/services/backOffice/option/getOptionsModules', {
    preHandler: read,
    schema: { tags: ['aed'], querystring: optionsQuery, response: { 200: ok(z.record(z.string(), z.array(optionItem))) } },
    handler: async (request) => ({ data: optionsModules(request.query.lang, request.query.module) }),
  });
}
