import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { pathOf, type Endpoint, type EndpointData, type EndpointInput } from '../../contract/endpoint';
import { errorKeys } from '../../contract/errors';
import { readUser } from './storage';

/** Time-outs of spec §9. Exports pass `timeout: exportTimeoutMs`. */
export const requestTimeoutMs = 6000;
export const exportTimeoutMs = 30000;

/** What every call answers: the payload, or the message key of spec §8. Expected failures are data. */
export type Result<T> = { ok: true; data: T } | { ok: false; key: string; status?: number; details?: unknown };

export interface CallOptions extends Omit<FetchOptions<'json'>, 'responseType'> {
  /** Sign-in only: no JWT header, and a 401 is a wrong password rather than a dead session. */
  anonymous?: boolean;
}

/** The one ofetch instance of the SPA: base address, JSON, time-out, no silent retries. */
const client = ofetch.create({ baseURL: '/', timeout: requestTimeoutMs, retry: false, headers: { Accept: 'application/json' } });

const unauthorizedListeners = new Set<() => void>();
const serverErrorListeners = new Set<(key: string) => void>();

/** The app registers the session machine here: a 401 on any call but sign-in ends the session. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The generic server-error dialog listens here (answers with status 500 and above). */
export function onServerError(listener: (key: string) => void): () => void {
  serverErrorListeners.add(listener);
  return () => serverErrorListeners.delete(listener);
}

/**
 * The error-to-key helper of spec §8: no response → error.network; a body with msg → that key;
 * a body without msg → error.server-access-api; a response without a body → error.server-access.
 * `body` is the response's, read as JSON also when a download's refusal came as a file.
 */
export function errorKeyOf(error: unknown, body: unknown = error instanceof FetchError ? error.data : undefined): string {
  if (!(error instanceof FetchError) || !error.response) return errorKeys.network;
  if (body === undefined || body === null || body === '') return errorKeys.serverAccess;
  if (typeof body === 'object' && typeof (body as { msg?: unknown }).msg === 'string') return (body as { msg: string }).msg;
  return errorKeys.serverAccessApi;
}

function headersWithToken(options: CallOptions): Headers {
  const headers = new Headers(options.headers);
  const token = options.anonymous ? undefined : readUser()?.token;
  if (token) headers.set('Authorization', `JWT ${token}`);
  return headers;
}

/** A file answer (jsdom's and the runtime's Blob alike). */
const isBlob = (data: unknown): data is Blob => typeof data === 'object' && data !== null && typeof (data as Blob).text === 'function' && typeof (data as Blob).size === 'number';

/** The body of a refused download: its JSON, else its text. */
async function bodyOfBlob(blob: Blob): Promise<unknown> {
  const text = await blob.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function request<T>(path: string, options: CallOptions, unwrap: (body: unknown) => T): Promise<Result<T>> {
  const { anonymous: _anonymous, ...fetchOptions } = options;
  try {
    const body = await client(path, { ...fetchOptions, headers: headersWithToken(options) });
    return { ok: true, data: unwrap(body) };
  } catch (error) {
    if (options.signal?.aborted) return { ok: false, key: errorKeys.network };
    // A download's refusal is read as a file too: its JSON says why (no valid alerts to export...).
    const body: unknown = error instanceof FetchError ? (isBlob(error.data) ? await bodyOfBlob(error.data) : error.data) : undefined;
    const key = errorKeyOf(error, body);
    const status = error instanceof FetchError ? error.status : undefined;
    const details = (body as { details?: unknown } | undefined)?.details;
    console.error(`[http] ${options.method ?? 'GET'} ${path} → ${status ?? 'no response'} ${key}`);
    if (status === 401 && !options.anonymous) unauthorizedListeners.forEach((listener) => listener());
    if (status !== undefined && status >= 500) serverErrorListeners.forEach((listener) => listener(key));
    return { ok: false, key, status, details };
  }
}

/**
 * A call of an endpoint declared in contract/<area>.endpoints.ts: its path filled with the input's
 * params, its method, query and body, typed by its schemas; answers the `data` of its response
 * (a file, 30 s time-out, when it declares none). The path form is for endpoints not yet declared
 * in a table.
 */
export function call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options?: CallOptions): Promise<Result<EndpointData<E>>>;
export function call<T>(path: string, options?: CallOptions): Promise<Result<T>>;
export function call(target: string | Endpoint, inputOrOptions?: unknown, endpointOptions: CallOptions = {}): Promise<Result<unknown>> {
  if (typeof target === 'string') return request(target, (inputOrOptions as CallOptions | undefined) ?? {}, (body) => (body as { data: unknown }).data);
  const input = (inputOrOptions ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const options: CallOptions = { ...endpointOptions, method: target.method, ...(input.query ? { query: input.query } : {}), ...(input.body !== undefined ? { body: input.body as BodyInit } : {}) };
  const path = pathOf(target, input.params);
  return target.response ? request(path, options, (body) => (body as { data: unknown }).data) : download(path, options);
}

/** A call whose answer is a file (exports): 30 s time-out unless told otherwise. */
export function download(path: string, options: CallOptions = {}): Promise<Result<Blob>> {
  return request(path, { timeout: exportTimeoutMs, ...options, responseType: 'blob' } as CallOptions, (body) => body as Blob);
}

/** Fire-and-forget POST to an outside collector (analytics, error reports): no JWT, errors ignored. */
export function beacon(url: string, body: Record<string, unknown>): void {
  client(url, { method: 'POST', body, retry: false }).catch(() => undefined);
}
