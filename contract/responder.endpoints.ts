import type { z } from 'zod';
import { endpoint } from './endpoint';
import {
  acceptBody,
  availabilityBody,
  cancelBody,
  device,
  deviceBody,
  offeredAlert,
  positionBody,
  progressBody,
  refuseBody,
  registerBody,
  registered,
  responderAlertParams,
  responderState,
} from './responder.schemas';

const base = '/services/responder/v1';
const tags = ['responder'];
const access = 'responder';
/** What a responder's app does is recorded in the alert's own events and the responder's rows, not in the staff audit log. */
const notAudited = 'a responder’s own action, kept in the alert’s events and the responder’s rows';
const notSent = { own: 404, note: 'an alert the responder was not sent' } as const;

/** A responder's answer on one alert: this responder's request on it afterwards. */
const onAlert = <Body extends z.ZodType>(path: string, summary: string, body: Body) =>
  endpoint({
    method: 'POST',
    path: `${base}/alerts/:alertId/${path}`,
    summary,
    tags,
    access,
    params: responderAlertParams,
    body,
    response: offeredAlert,
    errors: [400, 401, 404, 409],
    writes: true,
    notAudited,
    matrix: notSent,
  });

/**
 * The responder-facing API: what the responders' app and the bots call, authenticated by the
 * device token handed out at registration (`Authorization: Responder <token>`), never a staff session.
 */
export const responderEndpoints = {
  register: endpoint({
    method: 'POST',
    path: `${base}/register`,
    summary: 'Create a responder account and its first device; returns the device token',
    tags,
    access: 'public',
    body: registerBody,
    response: registered,
    errors: [400, 409, 429],
    writes: true,
    notAudited: 'a responder signing up: the account waits for a staff validation, which is audited',
    matrix: { own: 400, note: 'a registration without consent fields is refused for everyone' },
  }),
  updateDevice: endpoint({
    method: 'PUT',
    path: `${base}/device`,
    summary: 'Update the push token, OS or build version of this device',
    tags,
    access,
    body: deviceBody,
    response: device,
    errors: [400, 401],
    writes: true,
    notAudited,
    matrix: { own: 200 },
  }),
  replaceToken: endpoint({
    method: 'POST',
    path: `${base}/device/token`,
    summary: 'Replace this device’s token (the old one stops working)',
    tags,
    access,
    response: registered.pick({ token: true, deviceId: true }),
    errors: [401],
    writes: true,
    notAudited,
    matrix: { own: 200 },
  }),
  me: endpoint({
    method: 'GET',
    path: `${base}/me`,
    summary: 'Account status, availability and last position',
    tags,
    access,
    response: responderState,
    errors: [401],
    writes: false,
    matrix: { own: 200 },
  }),
  reportPosition: endpoint({
    method: 'PUT',
    path: `${base}/position`,
    summary: 'Report the current position (and availability)',
    tags,
    access,
    body: positionBody,
    response: responderState,
    errors: [400, 401],
    writes: true,
    notAudited,
    matrix: { own: 200 },
  }),
  changeAvailability: endpoint({
    method: 'PUT',
    path: `${base}/availability`,
    summary: 'Become available or unavailable for alerts',
    tags,
    access,
    body: availabilityBody,
    response: responderState,
    errors: [400, 401],
    writes: true,
    notAudited,
    matrix: { own: 200 },
  }),
  currentOffer: endpoint({
    method: 'GET',
    path: `${base}/alert`,
    summary: 'The alert offered to (or being answered by) this responder, or null',
    tags,
    access,
    response: offeredAlert.nullable(),
    errors: [401],
    writes: false,
    matrix: { own: 200 },
  }),
  offerOn: endpoint({
    method: 'GET',
    path: `${base}/alerts/:alertId`,
    summary: 'This responder’s request on one alert (closed tells to stop)',
    tags,
    access,
    params: responderAlertParams,
    response: offeredAlert,
    errors: [400, 401, 404],
    writes: false,
    matrix: notSent,
  }),
  accept: onAlert('accept', 'Accept: dispatched, or stand-by, too late, too far', acceptBody),
  refuse: onAlert('refuse', 'Refuse the offer', refuseBody),
  progress: onAlert('progress', 'Report progress: onTheWayAed, onSiteAed, onTheWayVictim, onSiteVictim', progressBody),
  cancel: onAlert('cancel', 'Give up after accepting (reason noAed: the AED could not be fetched)', cancelBody),
};
