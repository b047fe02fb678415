import { alertEndpoints as endpoints } from '../../contract/alert.endpoints';
import type { LaunchBody, SetUpBody, UpdateAddressBody } from '../../contract/alert.schemas';
import { geoEndpoints } from '../../contract/geo.endpoints';
import { call } from './http';

/**
 * The alert calls of spec §7 (/services/emergency/v2/...), one function each, plus the address
 * suggestions the alert screen asks the geocoder for. No React, no state: the alert machines call
 * these from their actors.
 */

/** Language the on-call responder list is asked in (spec §9: fixed fr). */
export const onCallLanguage = 'fr';

export function getAlertOptions(signal?: AbortSignal) {
  return call(endpoints.options, {}, { signal });
}

/** Places the victim (geocoding the address when no coordinates are given) and previews reachable responders. */
export function setUpAlert(body: SetUpBody, signal?: AbortSignal) {
  return call(endpoints.setUp, { body }, { signal });
}

export function launchAlert(body: Partial<LaunchBody>, signal?: AbortSignal) {
  return call(endpoints.launch, { body: body as LaunchBody }, { signal });
}

export function getAlert(alertId: number, signal?: AbortSignal) {
  return call(endpoints.get, { params: { alertId } }, { signal });
}

/** Alerts of the caller's accounts; the live list is `{ close: 0, status: 2 }`. */
export function listAlerts(query: Record<string, number>, signal?: AbortSignal) {
  return call(endpoints.list, { query }, { signal });
}

/** Moves the victim of an alert; once launched, beyond 0.3 km it fails with error.alert.address-too-far. */
export function updateAlertAddress(alertId: number, body: Partial<UpdateAddressBody>, signal?: AbortSignal) {
  return call(endpoints.updateAddress, { params: { alertId }, body: body as UpdateAddressBody }, { signal });
}

export function getRespondersOnCall(alertId: number, signal?: AbortSignal) {
  return call(endpoints.respondersOnCall, { query: { alertId, lang: onCallLanguage } }, { signal });
}

export function closeAlert(alertId: number, signal?: AbortSignal) {
  return call(endpoints.close, { body: { alertId } }, { signal });
}

/** Stops (or starts again) one responder on a live alert; `id` is the card's request id. Answers the new list. */
export function changeResponder(action: 'stop' | 'start', alertId: number, id: number, signal?: AbortSignal) {
  return call(action === 'stop' ? endpoints.stopResponder : endpoints.startResponder, { body: { alertId, id } }, { signal });
}

/** Address suggestions for the alert address field (the geocoder the server also uses for set-up). */
export function suggestAddresses(address: string, countryCode: string, signal?: AbortSignal) {
  return call(geoEndpoints.geoCoding, { query: { address, countryCode } }, { signal });
}
