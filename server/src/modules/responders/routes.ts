import type { FastifyInstance } from 'fastify';
import { errorBody, ok } from '../../../../contract/http';
import * as schemas from '../../../../contract/responder.schemas';
import type { AppContext } from '../../context';
import { typed } from '../../routing';
import { alertSettings } from '../alerts/settings';
import { newDeviceToken, requireResponder, responderOf, type ResponderIdentity } from './auth';
import * as repo from './repo';
import * as service from './service';

const base = '/services/responder/v1';
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };
/** OpenAPI note on every authenticated call (the document's security schemes are the staff ones). */
const auth = 'Authorization: Responder <device token from register>.';

const actor = (identity: ResponderIdentity) => ({ responderId: identity.responderId, isBot: identity.isBot });

/**
 * The responder-facing API: what the responders' app and the bots call. Authenticated by the
 * device token handed out at registration (`Authorization: Responder <token>`).
 */
export async function responderRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  const preHandler = requireResponder(ctx);
  const tags = ['responder'];

  app.post(`${base}/register`, {
    config: { rateLimit: { max: alertSettings(ctx).RESPONDER_REGISTER_RATE_PER_MINUTE, timeWindow: '1 minute' } },
    schema: { tags, summary: 'Create a responder account and its first device; returns the device token', body: schemas.registerBody, response: { 200: ok(schemas.registered), ...errors } },
    handler: async (request) => ({ data: await service.register(ctx, request.body) }),
  });

  app.put(`${base}/device`, {
    preHandler,
    schema: { tags, description: auth, summary: 'Update the push token, OS or build version of this device', body: schemas.deviceBody, response: { 200: ok(schemas.device), ...errors } },
    handler: async (request) => {
      const row = await repo.updateDevice(ctx.database.db, responderOf(request).deviceId, request.body);
      return { data: { id: row.id, os: row.os, pushToken: row.push_token, buildVersion: row.build_version, udid: row.udid } };
    },
  });

  app.post(`${base}/device/token`, {
    preHandler,
    schema: { tags, description: auth, summary: 'Replace this device’s token (the old one stops working)', response: { 200: ok(schemas.registered.pick({ token: true, deviceId: true })), ...errors } },
    handler: async (request) => {
      const identity = responderOf(request);
      const { token, hash } = newDeviceToken();
      await repo.replaceToken(ctx.database.db, identity.deviceId, hash);
      return { data: { token, deviceId: identity.deviceId } };
    },
  });

  app.get(`${base}/me`, {
    preHandler,
    schema: { tags, description: auth, summary: 'Account status, availability and last position', response: { 200: ok(schemas.responderState), ...errors } },
    handler: async (request) => ({ data: await service.state(ctx, responderOf(request).responderId) }),
  });

  app.put(`${base}/position`, {
    preHandler,
    schema: { tags, description: auth, summary: 'Report the current position (and availability)', body: schemas.positionBody, response: { 200: ok(schemas.responderState), ...errors } },
    handler: async (request) => ({ data: await service.reportPosition(ctx, actor(responderOf(request)), request.body) }),
  });

  app.put(`${base}/availability`, {
    preHandler,
    schema: { tags, description: auth, summary: 'Become available or unavailable for alerts', body: schemas.availabilityBody, response: { 200: ok(schemas.responderState), ...errors } },
    handler: async (request) => ({ data: await service.changeAvailability(ctx, actor(responderOf(request)), request.body.available) }),
  });

  app.get(`${base}/alert`, {
    preHandler,
    schema: { tags, description: auth, summary: 'The alert offered to (or being answered by) this responder, or null', response: { 200: ok(schemas.offeredAlert.nullable()), ...errors } },
    handler: async (request) => ({ data: await service.currentOffer(ctx, responderOf(request).responderId) }),
  });

  app.get(`${base}/alerts/:alertId`, {
    preHandler,
    schema: { tags, description: auth, summary: 'This responder’s request on one alert (closed tells to stop)', params: schemas.responderAlertParams, response: { 200: ok(schemas.offeredAlert), ...errors } },
    handler: async (request) => ({ data: await service.offerOn(ctx, responderOf(request).responderId, request.params.alertId) }),
  });

  app.post(`${base}/alerts/:alertId/accept`, {
    preHandler,
    schema: { tags, description: auth, summary: 'Accept: dispatched, or stand-by, too late, too far', params: schemas.responderAlertParams, body: schemas.acceptBody, response: { 200: ok(schemas.offeredAlert), ...errors } },
    handler: async (request) => ({ data: await service.accept(ctx, actor(responderOf(request)), request.params.alertId, request.body) }),
  });

  app.post(`${base}/alerts/:alertId/refuse`, {
    preHandler,
    schema: { tags, description: auth, summary: 'Refuse the offer', params: schemas.responderAlertParams, body: schemas.refuseBody, response: { 200: ok(schemas.offeredAlert), ...errors } },
    handler: async (request) => ({ data: await service.refuse(ctx, actor(responderOf(request)), request.params.alertId, request.body.reason) }),
  });

  app.post(`${base}/alerts/:alertId/progress`, {
    preHandler,
    schema: { tags, description: auth, summary: 'Report progress: onTheWayAed, onSiteAed, onTheWayVictim, onSiteVictim', params: schemas.responderAlertParams, body: schemas.progressBody, response: { 200: ok(schemas.offeredAlert), ...errors } },
    handler: async (request) => ({ data: await service.progress(ctx, actor(responderOf(request)), request.params.alertId, request.body.status, request.body) }),
  });

  app.post(`${base}/alerts/:alertId/cancel`, {
    preHandler,
    schema: { tags, description: auth, summary: 'Give up after accepting (reason noAed: the AED could not be fetched)', params: schemas.responderAlertParams, body: schemas.cancelBody, response: { 200: ok(schemas.offeredAlert), ...errors } },
    handler: async (request) => ({ data: await service.cancel(ctx, actor(responderOf(request)), request.params.alertId, request.body.reason) }),
  });
}
