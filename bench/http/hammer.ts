import { loadavg } from 'node:os';
import autocannon from 'autocannon';

/** One HTTP call of a load line: what autocannon sends again and again. */
export interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  authorization?: string;
  /** One Authorization per connection, taken in turn (each connection is one caller). */
  authorizations?: string[];
}

export interface HttpResult {
  name: string;
  requests: number;
  perSecond: number;
  errors: number;
  non2xx: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  loadBefore: number;
  /** From the line's start until every connection had its first answer. */
  connectionsMs: number;
}

export interface LineOptions {
  /** Where the calls go; several bases spread the connections over them in turn. */
  bases: string[];
  clients: number;
  seconds: number;
}

/** Seconds of the same load before each line, not counted: compiled code, prepared statements, pools. */
const warmUpSeconds = 2;
/** Longest a line waits for all its connections to have an answer before it gives up. */
const maxConnectingSeconds = 60;

export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
export const round = (value: number) => Math.round(value * 10) / 10;

/**
 * `clients` keep-alive connections, each sending the next request when its last one answered
 * (autocannon, whose client costs a fraction of node:http's on the cores the server shares). The
 * line is measured for `seconds` once every connection has had an answer and 2 s have passed: the
 * warm-up compiles the code, prepares the statements on the pooled connections and opens the
 * connections, which a server whose one thread is saturated takes from the kernel's accept queue
 * slowly (how long the last one waited for its first answer is kept as `connectionsMs`). Every
 * answer's latency is kept, so the percentiles are exact; errors count over the whole line, warm-up
 * included.
 */
export async function hammer(name: string, call: Call, line: LineOptions): Promise<HttpResult> {
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  // What a browser sends: the SPA's calls all carry it.
  const headers = { 'accept-encoding': 'gzip, deflate, br', ...(payload ? { 'content-type': 'application/json' } : {}), ...(call.authorization ? { authorization: call.authorization } : {}) };
  const started = performance.now();
  const answered = new Set<unknown>();
  let connectionsMs: number | undefined;
  let measuredFrom: number | undefined;
  let measuredTo = 0;
  let loadBefore = NaN;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const instances: autocannon.Instance[] = [];
  const stopAll = () => instances.forEach((instance) => instance.stop());
  const onResponse = (client: unknown, status: number, milliseconds: number) => {
    const now = performance.now();
    if (status < 200 || status >= 300) non2xx += 1;
    if (measuredFrom === undefined) {
      answered.add(client);
      if (connectionsMs === undefined && answered.size === line.clients) connectionsMs = now - started;
      if (connectionsMs !== undefined && now - started >= warmUpSeconds * 1000) {
        measuredFrom = now;
        loadBefore = loadavg()[0];
      }
      return;
    }
    // An answer to a request sent before the measure began belongs to the warm-up.
    if (now - milliseconds < measuredFrom) return;
    latencies.push(milliseconds);
    measuredTo = now;
    if (now - measuredFrom >= line.seconds * 1000) stopAll();
  };
  let connection = 0;
  await Promise.all(
    line.bases.map((base, index) => {
      const connections = Math.floor(line.clients / line.bases.length) + (index < line.clients % line.bases.length ? 1 : 0);
      return new Promise<void>((resolve, reject) => {
        const instance = autocannon(
          {
            url: `${base}${call.path}`,
            method: call.method,
            connections,
            timeout: 30,
            headers,
            ...(payload ? { body: payload } : {}),
            duration: warmUpSeconds + line.seconds + maxConnectingSeconds,
            ...(call.authorizations ? { setupClient: (client: { setHeaders(headers: Record<string, string>): void }) => client.setHeaders({ ...headers, authorization: call.authorizations![connection++ % call.authorizations!.length] }) } : {}),
          },
          (error, result) => {
            if (error) return reject(error);
            errors += result.errors + result.timeouts;
            resolve();
          },
        );
        instance.on('response', (client, status, _bytes, milliseconds) => onResponse(client, status, milliseconds));
        instances.push(instance);
      });
    }),
  );
  if (measuredFrom === undefined) throw new Error(`${name}: ${answered.size} of ${line.clients} connections answered in ${warmUpSeconds + line.seconds + maxConnectingSeconds} s`);
  const elapsed = (measuredTo - measuredFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const result = { name, requests: latencies.length, perSecond: round(latencies.length / elapsed), errors, non2xx, p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? NaN), loadBefore: round(loadBefore), connectionsMs: round(connectionsMs ?? NaN) };
  console.log(JSON.stringify(result));
  return result;
}
