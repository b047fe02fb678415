import type { FastifyInstance } from 'fastify';
import { alertEndpoints as endpoints } from '../../../../contract/alert.endpoints';
import { ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { sessionOf } from '../../plugins/authenticate';
import { auditWithChange } from '../audit/face';
import { route } from '../../routing';
import { sendKept } from '../../plugins/kept-answers';
import { fastResponse, writerOf } from '../../serialization';
import { stopOrStart } from './on-call';
import { alertListAnswer, onCallAnswer } from './views';
import * as service from './service';

/** The alert calls of spec §7 (capability alert.dispatch). */
export async function alertRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.options, async (request) => ({ data: await service.options(ctx, sessionOf(request)) }));

  // The preview and the launch write their audit row with their change, in one statement (writes.ts).
  route(app, ctx, endpoints.setUp, async (request) => ({ data: await service.setUp(ctx, sessionOf(request), request.body, auditWithChange(request)) }));

  route(app, ctx, endpoints.launch, async (request) => ({ data: await service.launch(ctx, sessionOf(request), request.body, auditWithChange(request)) }));

  route(app, ctx, endpoints.get, async (request) => ({ data: await service.getAlert(ctx, sessionOf(request), request.params.alertId) }));

  // Kept answers are sent as their bytes (views.ts), written by the same compiled writer as the route's.
  const listSchema = fastResponse(ok(endpoints.list.response));
  const writeList = writerOf(listSchema);
  route(app, ctx, endpoints.list, async (request, reply) => sendKept(request, reply, await alertListAnswer(ctx, sessionOf(request), request.query, writeList)), { okSchema: listSchema });

  route(app, ctx, endpoints.updateAddress, async (request) => ({ data: await service.updateAddress(ctx, sessionOf(request), request.params.alertId, request.body) }));

  const cardsSchema = fastResponse(ok(endpoints.respondersOnCall.response));
  const writeCards = writerOf(cardsSchema);
  route(app, ctx, endpoints.respondersOnCall, async (request, reply) => sendKept(request, reply, await onCallAnswer(ctx, sessionOf(request), request.query.alertId, writeCards)), { okSchema: cardsSchema });

  route(app, ctx, endpoints.close, async (request) => ({ data: (await service.closeAlert(ctx, request.body.alertId, { session: sessionOf(request) }))! }));

  route(app, ctx, endpoints.stopResponder, async (request) => ({ data: await stopOrStart(ctx, sessionOf(request), request.body.alertId, request.body.id, 'stop') }));

  route(app, ctx, endpoints.startResponder, async (request) => ({ data: await stopOrStart(ctx, sessionOf(request), request.body.alertId, request.body.id, 'start') }));
}
