import type { FastifyInstance } from 'fastify';
import { aedEndpoints as endpoints } from '../../../../contract/aed.endpoints';
import { ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { sendKept } from '../../plugins/kept-answers';
import { route } from '../../routing';
import { fastResponse, writerOf } from '../../serialization';
import { accountsWithAedCount } from './accounts';
import { exportAeds } from './export';
import { listAnswer } from './list';
import { mapAeds } from './map';
import { optionsModules } from './options';
import { sendAttachment } from './routes-open-data';

/** List, map, export, account counts and option lists. */
export function listRoutes(app: FastifyInstance, ctx: AppContext) {
  const listSchema = fastResponse(ok(endpoints.getAllList.response));
  const writeList = writerOf(listSchema);

  // The answer is kept as bytes (list-pages.ts), sent as they are.
  route(app, ctx, endpoints.getAllList, async (request, reply) => sendKept(request, reply, await listAnswer(ctx, sessionOf(request), request.body, writeList)), { okSchema: listSchema });
  route(app, ctx, endpoints.getAedsMap, async (request) => ({ data: await mapAeds(ctx, sessionOf(request), request.body) }));
  route(app, ctx, endpoints.exportAeds, async (request, reply) =>
    sendAttachment(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', await exportAeds(ctx, sessionOf(request), request.body)),
  );
  route(app, ctx, endpoints.getAccountListWithAedCount, async (request) => ({ data: await accountsWithAedCount(ctx, sessionOf(request)) }));
  route(app, ctx, endpoints.getOptionsModules, async (request) => ({ data: optionsModules(request.query.lang, request.query.module) }));
}
