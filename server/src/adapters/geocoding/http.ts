/** How an HTTP geocoding provider is reached. */
export interface HttpProviderOptions {
  /** Base URL of the service, without the endpoint path ("https://host/prefix"). */
  url: string;
  timeoutMs: number;
  /** Sent on every request: public services ask callers to identify themselves. */
  userAgent: string;
}

/** A provider that did not answer usefully: refused, failed, timed out or sent something unreadable. */
export class GeocoderUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
  }
}

/** GET `base + path?params` as JSON, aborted after the time-out or when the caller's signal aborts. */
export async function getJson(
  provider: string,
  options: HttpProviderOptions,
  path: string,
  params: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<unknown> {
  const url = new URL(options.url.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json', 'User-Agent': options.userAgent },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    const reason = timeout.aborted ? `no answer within ${options.timeoutMs} ms` : (error as Error).message;
    throw new GeocoderUnavailable(provider, reason, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GeocoderUnavailable(provider, `HTTP ${response.status} on ${url.pathname}`);
  }
  try {
    return await response.json();
  } catch (error) {
    throw new GeocoderUnavailable(provider, timeout.aborted ? `no answer within ${options.timeoutMs} ms` : 'invalid JSON', { cause: error });
  }
}
