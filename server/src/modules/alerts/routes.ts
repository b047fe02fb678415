import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as schemas from '../../../../contract/alert.schemas';
import { errorBody, ok } from '../../../../contract/http';
import { pushDelivery } from '../../adapters/push/delivery';
import type { AppContext } from '../../context';
import { requireCapability, sessionOf } from '../../plugins/authenticate';
import { typed } from '../../routing';
import { sendKept } from '../../plugins/kept-answers';
import { fastResponse, writerOf } from '../../serialization';
import { stopBots } from '../../bots/in-process';
import { keepDemoRespondersFresh } from '../../db/seed/responders';
import { flushAutoClose, registerAutoClose } from './auto-close';
import { stopPositionRefresh } from './position-refresh';
import { stopOrStart } from './on-call';
import { alertListAnswer, onCallAnswer } from './views';
import * as service from './service';

const base = '/services/emergency/v2';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/** The alert calls of spec §7 (capability alert.dispatch), the auto-close and push workers, and the bots' lifetime. */
export async function alertRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const preHandler = requireCapability(ctx, 'alert.dispatch');
  const tags = ['alert'];
  registerAutoClose(ctx);
  pushDelivery(ctx).register();
  fastify.addHook('onClose', async () => {
    await stopBots(ctx);
    stopPositionRefresh(ctx);
    await flushAutoClose(ctx);
    await pushDelivery(ctx).stop();
  });
  if (ctx.config.DEMO_DATA) {
    const stopRefreshing = keepDemoRespondersFresh(ctx);
    fastify.addHook('onClose', async () => stopRefreshing());
  }

  app.get(`${base}/options`, {
    preHandler,
    schema: { tags, summary: 'Alert types, debug modes, sites and initial map', response: { 200: ok(schemas.alertOptions), ...errors } },
    handler: async (request) => ({ data: await service.options(ctx, sessionOf(request)) }),
  });

  app.put(`${base}/alertSettingUp`, {
    preHandler,
    schema: { tags, summary: 'Place the victim and preview reachable responders and AEDs', body: schemas.setUpBody, response: { 200: ok(schemas.setUpResult), ...errors } },
    handler: async (request) => ({ data: await service.setUp(ctx, sessionOf(request), request.body) }),
  });

  app.post(`${base}/alertLaunch`, {
    preHandler,
    schema: { tags, summary: 'Launch an alert: select, dispatch and notify responders', body: schemas.launchBody, response: { 200: ok(schemas.alert), ...errors } },
    handler: async (request) => ({ data: await service.launch(ctx, sessionOf(request), request.body) }),
  });

  app.get(`${base}/alerts/:alertId`, {
    preHandler,
    schema: { tags, summary: 'One alert of the caller’s account subtree, with the AEDs around its victim', params: schemas.alertIdParams, response: { 200: ok(schemas.alertDetails), ...errors } },
    handler: async (request) => ({ data: await service.getAlert(ctx, sessionOf(request), request.params.alertId) }),
  });

  const listSchema = fastResponse(ok(z.array(schemas.alert)));
  const writeList = writerOf(listSchema);
  app.get(`${base}/alerts`, {
    preHandler,
    schema: { tags, summary: 'Alerts of the caller’s account subtree (live list: close=0&status=2)', querystring: schemas.alertListQuery, response: { 200: listSchema, ...errors } },
    // Kept answers are sent as their bytes (views.ts).
    handler: async (request, reply) => sendKept(request, reply, await alertListAnswer(ctx, sessionOf(request), request.query, writeList)),
  });

  app.post(`${base}/alert/:alertId`, {
    preHandler,
    schema: { tags, summary: 'Move the victim (at most 0.3 km once launched)', params: schemas.alertIdParams, body: schemas.updateAddressBody, response: { 200: ok(schemas.alert), ...errors } },
    handler: async (request) => ({ data: await service.updateAddress(ctx, sessionOf(request), request.params.alertId, request.body) }),
  });

  const cardsSchema = fastResponse(ok(z.array(schemas.responderCard)));
  const writeCards = writerOf(cardsSchema);
  app.get(`${base}/citizenRespondersOnCall`, {
    preHandler,
    schema: { tags, summary: 'The responders of an alert with status, distance and duration', querystring: schemas.onCallQuery, response: { 200: cardsSchema, ...errors } },
    handler: async (request, reply) => sendKept(request, reply, await onCallAnswer(ctx, sessionOf(request), request.query.alertId, writeCards)),
  });

  app.post(`${base}/alertClose`, {
    preHandler,
    schema: { tags, summary: 'End the intervention', body: schemas.alertIdBody, response: { 200: ok(schemas.alert), ...errors } },
    handler: async (request) => ({ data: (await service.closeAlert(ctx, request.body.alertId, { session: sessionOf(request) }))! }),
  });

  for (const action of ['stop', 'start'] as const) {
    app.post(`${base}/${action}CitizenResponder`, {
      preHandler,
      schema: { tags, summary: `${action === 'stop' ? 'Stop' : 'Start again'} a responder on a live alert`, body: schemas.responderOnAlertBody, response: { 200: ok(z.array(schemas.responderCard)), ...errors } },
      handler: async (request) => ({ data: await stopOrStart(ctx, sessionOf(request), request.body.alertId, request.body.id, action) }),
    });
  }
}
