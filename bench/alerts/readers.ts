import autocannon from 'autocannon';

/** What the load bench's readers ask again and again: the AED list's first page, the live alert list, the responders on call. */
export function readerCalls(authorization: string, alertId: number): autocannon.Request[] {
  const headers = { authorization, 'accept-encoding': 'gzip, deflate, br' };
  return [
    { method: 'POST', path: '/services/backOffice/aed/getAllList', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ filter: [], page: 1 }) },
    { method: 'GET', path: '/services/emergency/v2/alerts?close=0&status=2', headers },
    { method: 'GET', path: `/services/emergency/v2/citizenRespondersOnCall?alertId=${alertId}&lang=fr`, headers },
  ];
}

export interface ReadersSummary {
  connections: number;
  requests: number;
  errors: number;
  non2xx: number;
  p99: number;
}

/**
 * `connections` keep-alive readers (autocannon, as bench/load/run.ts), each sending its next read
 * when the last one answered, cycling through `calls`. Resolves once every connection had an
 * answer (readers are at full load); `stop` ends them and answers what they saw.
 */
export async function startReaders(url: string, connections: number, calls: autocannon.Request[]): Promise<{ stop(): Promise<ReadersSummary> }> {
  let non2xx = 0;
  const answered = new Set<unknown>();
  let allAnswered: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (allAnswered = resolve));
  let done: (result: autocannon.Result) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve) => (done = resolve));
  const instance = autocannon({ url, connections, duration: 3600, timeout: 30, requests: calls }, (error, result) => (error ? done({ errors: 1 } as autocannon.Result) : done(result)));
  instance.on('response', (client, status) => {
    if (status < 200 || status >= 300) non2xx += 1;
    if (answered.size < connections) {
      answered.add(client);
      if (answered.size === connections) allAnswered();
    }
  });
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  return {
    async stop() {
      instance.stop();
      const result = await finished;
      return { connections: answered.size, requests: result.requests?.total ?? 0, errors: (result.errors ?? 0) + (result.timeouts ?? 0), non2xx, p99: result.latency?.p99 ?? NaN };
    },
  };
}
