import { vi } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import type { Endpoint } from '../../../contract/endpoint';
import type { Result } from '../../../src/services/http';

/**
 * A local fake of the HTTP API for the rendered replays: `fetch` is replaced, every request is
 * named by the contract endpoint it matches (`area.name`) and held until the replay answers it
 * the way the path says (an actor's answer in the chart is a server's answer here), unless the
 * screen gave a standing answer for that endpoint (what surrounds the flow: account lists...).
 */

export interface FakeRequest {
  endpoint: string;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** An answer: a `Result` as the SPA's `call` returns it, or `network` for a request that gets no response. */
export type FakeAnswer = Result<unknown> | 'network';

interface Pending {
  request: FakeRequest;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

const table: Array<{ name: string; method: string; pattern: RegExp }> = Object.entries(endpoints).flatMap(([area, entries]) =>
  Object.entries(entries as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name: `${area}.${name}`,
    method: endpoint.method,
    pattern: new RegExp(`^${endpoint.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
  })),
);

/** The endpoint a request matches, or `METHOD /path` for one the contract does not declare. */
export function endpointOf(method: string, path: string): string {
  return table.find((entry) => entry.method === method && entry.pattern.test(path))?.name ?? `${method} ${path}`;
}

export class FakeApi {
  /** Every request made, in order. */
  readonly requests: FakeRequest[] = [];
  private readonly pending: Pending[] = [];

  constructor(private readonly standing: Record<string, FakeAnswer | ((request: FakeRequest) => FakeAnswer)> = {}) {}

  /** Replaces `fetch` for the current test (vitest restores it with `vi.unstubAllGlobals`). */
  install(): this {
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => this.fetch(input, init));
    return this;
  }

  /** Requests still waiting for an answer. */
  waiting(): FakeRequest[] {
    return this.pending.map((entry) => entry.request);
  }

  /** Answers the oldest waiting request to `endpoint` (any endpoint when undefined and only one waits); false when none waits. */
  answer(endpoint: string | undefined, answer: FakeAnswer): boolean {
    const index = endpoint === undefined ? (this.pending.length === 1 ? 0 : -1) : this.pending.findIndex((entry) => entry.request.endpoint === endpoint);
    if (index < 0) return false;
    const [entry] = this.pending.splice(index, 1);
    settle(entry!, answer);
    return true;
  }

  private fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const request = typeof input === 'object' && 'url' in input ? input : undefined;
    const url = new URL(request?.url ?? String(input), 'http://vigil.test');
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const recorded: FakeRequest = { endpoint: endpointOf(method, url.pathname), method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: readBody(init.body) };
    this.requests.push(recorded);
    return new Promise<Response>((resolve, reject) => {
      const entry: Pending = { request: recorded, resolve, reject };
      const standing = this.standing[recorded.endpoint];
      if (standing !== undefined) return settle(entry, typeof standing === 'function' ? standing(recorded) : standing);
      this.pending.push(entry);
      init.signal?.addEventListener('abort', () => {
        const index = this.pending.indexOf(entry);
        if (index >= 0) this.pending.splice(index, 1);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  }
}

/** The HTTP form of an answer: 200 with `{ data }` (a file as itself), the key in `msg` with its status, or no response. */
function settle(entry: Pending, answer: FakeAnswer): void {
  if (answer === 'network') return entry.reject(new TypeError('fetch failed'));
  // A file: its bytes (the page's Blob is jsdom's, which the fetch Response does not take as a body).
  if (answer.ok && answer.data instanceof Blob) return void answer.data.arrayBuffer().then((bytes) => entry.resolve(new Response(bytes, { status: 200 })));
  const body = answer.ok ? { data: answer.data } : { msg: answer.key, details: answer.details };
  entry.resolve(new Response(JSON.stringify(body), { status: answer.ok ? 200 : (answer.status ?? 422), headers: { 'Content-Type': 'application/json' } }));
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}
