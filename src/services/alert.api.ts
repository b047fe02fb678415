import type { Alert, AlertDetails, AlertOptions, LaunchBody, ResponderCard, SetUpBody, SetUpResult, UpdateAddressBody } from '../../contract/alert.schemas';
import { geoEndpoints } from '../../contract/geo.endpoints';
import { call, type Result } from './http';

/**
 * The alert calls of spec §7 (/services/emergency/v2/...), one function each, plus the address
 * suggestions the alert screen asks the geocoder for. No React, no state: the alert machines call
 * these from their actors.
 */

const base = '/services/emergency/v2';

/** Language the on-call responder list is asked in (spec §9: fixed fr). */
export const onCallLanguage = 'fr';

export function getAlertOptions(signal?: AbortSignal): Promise<Result<AlertOptions>> {
  return call<AlertOptions>(`${base}/options`, { signal });
}

/** Places the victim (geocoding the address when no coordinates are given) and previews reachable responders. */
export function setUpAlert(body: SetUpBody, signal?: AbortSignal): Promise<Result<SetUpResult>> {
  return call<SetUpResult>(`${base}/alertSettingUp`, { method: 'PUT', body, signal });
}

export function launchAlert(body: Partial<LaunchBody>, signal?: AbortSignal): Promise<Result<Alert>> {
  return call<Alert>(`${base}/alertLaunch`, { method: 'POST', body, signal });
}

export function getAlert(alertId: number, signal?: AbortSignal): Promise<Result<AlertDetails>> {
  return call<AlertDetails>(`${base}/alerts/${alertId}`, { signal });
}

/** Alerts of the caller's accounts; the live list is `{ close: 0, status: 2 }`. */
export function listAlerts(query: Record<string, number>, signal?: AbortSignal): Promise<Result<Alert[]>> {
  return call<Alert[]>(`${base}/alerts`, { query, signal });
}

/** Moves the victim of an alert; once launched, beyond 0.3 km it fails with error.alert.address-too-far. */
export function updateAlertAddress(alertId: number, body: Partial<UpdateAddressBody>, signal?: AbortSignal): Promise<Result<Alert>> {
  return call<Alert>(`${base}/alert/${alertId}`, { method: 'POST', body, signal });
}

export function getRespondersOnCall(alertId: number, signal?: AbortSignal): Promise<Result<ResponderCard[]>> {
  return call<ResponderCard[]>(`${base}/citizenRespondersOnCall`, { query: { alertId, lang: onCallLanguage }, signal });
}

export function closeAlert(alertId: number, signal?: AbortSignal): Promise<Result<Alert>> {
  return call<Alert>(`${base}/alertClose`, { method: 'POST', body: { alertId }, signal });
}

/** Stops (or starts again) one responder on a live alert; `id` is the card's request id. Answers the new list. */
export function changeResponder(action: 'stop' | 'start', alertId: number, id: number, signal?: AbortSignal): Promise<Result<ResponderCard[]>> {
  return call<ResponderCard[]>(`${base}/${action}CitizenResponder`, { method: 'POST', body: { alertId, id }, signal });
}

/** Address suggestions for the alert address field (the geocoder the server also uses for set-up). */
export function suggestAddresses(address: string, countryCode: string, signal?: AbortSignal) {
  return call(geoEndpoints.geoCoding, { query: { address, countryCode } }, { signal });
}
