import type { OfferedAlert, RegisterBody } from '../../../contract/responder.schemas';
import type { LatLon, ResponderApi } from './behaviour';

/** A failed call of the responder API: the HTTP status and the message key. */
export class ResponderApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
  ) {
    super(`${status} ${key}`);
  }
}

/** Calls the responder API of a running Vigil over HTTP. */
export function createHttpClient(baseUrl: string, timeoutMs = 6000) {
  async function request<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl.replace(/\/$/, '')}/services/responder/v1${path}`, {
      method,
      headers: { ...(token ? { authorization: `Responder ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const payload = (await response.json().catch(() => ({}))) as { data?: T; msg?: string };
    if (!response.ok) throw new ResponderApiError(response.status, payload.msg ?? 'error.server-access');
    return payload.data as T;
  }

  return {
    register: (body: RegisterBody) => request<{ responderId: number; token: string; accountStatus: string }>('POST', '/register', undefined, body),
    current: (token: string) => request<OfferedAlert | null>('GET', '/alert', token),
    /** The ResponderApi of one registered responder. */
    api(token: string): ResponderApi {
      return {
        reportPosition: async (position: LatLon) => void (await request('PUT', '/position', token, position)),
        offer: (alertId) => request<OfferedAlert>('GET', `/alerts/${alertId}`, token),
        accept: (alertId, position) => request<OfferedAlert>('POST', `/alerts/${alertId}/accept`, token, position),
        refuse: (alertId) => request<OfferedAlert>('POST', `/alerts/${alertId}/refuse`, token, { reason: 'busy' }),
        progress: (alertId, status, position) => request<OfferedAlert>('POST', `/alerts/${alertId}/progress`, token, { status, ...position }),
      };
    },
    setPosition: (token: string, position: LatLon & { available?: boolean }) => request('PUT', '/position', token, position),
  };
}
