import type { FastifyInstance } from 'fastify';
import { responderEndpoints as endpoints } from '../../../../contract/responder.endpoints';
import { ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { route } from '../../routing';
import { fastResponse } from '../../serialization';
import { alertSettings } from '../alerts/face';
import { newDeviceToken, responderOf, type ResponderIdentity } from './auth';
import * as repo from './repo';
import * as service from './service';

const actor = (identity: ResponderIdentity) => ({ responderId: identity.responderId, isBot: identity.isBot });

/** The responder-facing API (contract/responder.endpoints.ts): what the responders' app and the bots call. */
export async function responderRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const registerRate = { rateLimit: { max: alertSettings(ctx).RESPONDER_REGISTER_RATE_PER_MINUTE, timeWindow: '1 minute' } };
  route(fastify, ctx, endpoints.register, async (request) => ({ data: await service.register(ctx, request.body) }), { config: registerRate });
  route(fastify, ctx, endpoints.updateDevice, async (request) => {
    const row = await repo.updateDevice(ctx.database.db, responderOf(request).deviceId, request.body);
    return { data: { id: row.id, os: row.os, pushToken: row.push_token, buildVersion: row.build_version, udid: row.udid } };
  });
  route(fastify, ctx, endpoints.replaceToken, async (request) => {
    const identity = responderOf(request);
    const { token, hash } = newDeviceToken();
    await repo.replaceToken(ctx.database.db, identity.deviceId, hash);
    // The old token stops here at once (the trigger tells the other instances).
    ctx.deviceTokens.forget();
    return { data: { token, deviceId: identity.deviceId } };
  });
  route(fastify, ctx, endpoints.me, async (request) => ({ data: await service.state(ctx, responderOf(request).responderId) }));
  // Every responder's phone reports its position every few minutes: the most frequent call of all.
  const positionSchema = fastResponse(ok(endpoints.reportPosition.response));
  route(fastify, ctx, endpoints.reportPosition, async (request) => ({ data: await service.reportPosition(ctx, actor(responderOf(request)), request.body) }), { okSchema: positionSchema });
  route(fastify, ctx, endpoints.changeAvailability, async (request) => ({ data: await service.changeAvailability(ctx, actor(responderOf(request)), request.body.available) }));
  route(fastify, ctx, endpoints.currentOffer, async (request) => ({ data: await service.currentOffer(ctx, responderOf(request).responderId) }));
  route(fastify, ctx, endpoints.offerOn, async (request) => ({ data: await service.offerOn(ctx, responderOf(request).responderId, request.params.alertId) }));
  route(fastify, ctx, endpoints.accept, async (request) => ({ data: await service.accept(ctx, actor(responderOf(request)), request.params.alertId, request.body) }));
  route(fastify, ctx, endpoints.refuse, async (request) => ({ data: await service.refuse(ctx, actor(responderOf(request)), request.params.alertId, request.body.reason) }));
  route(fastify, ctx, endpoints.progress, async (request) => ({ data: await service.progress(ctx, actor(responderOf(request)), request.params.alertId, request.body.status, request.body) }));
  route(fastify, ctx, endpoints.cancel, async (request) => ({ data: await service.cancel(ctx, actor(responderOf(request)), request.params.alertId, request.body.reason) }));
}
