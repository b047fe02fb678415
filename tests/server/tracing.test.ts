import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  service: string;
}

/** A local OTLP/HTTP receiver: what an OpenTelemetry collector listening on :4318 would be given. */
function otlpReceiver(): Promise<{ server: Server; url: string; spans: ReceivedSpan[]; contentTypes: string[] }> {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        contentTypes.push(String(request.headers['content-type']));
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: (Omit<ReceivedSpan, 'attributes' | 'service'> & { attributes: Attribute[] })[] }[] }[];
        };
        for (const resource of body.resourceSpans) {
          const service = String(valuesOf(resource.resource.attributes)['service.name']);
          for (const scope of resource.scopeSpans) for (const span of scope.spans) spans.push({ ...span, attributes: valuesOf(span.attributes), service });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, contentTypes })));
}

interface Attribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}

function valuesOf(attributes: Attribute[]): Record<string, unknown> {
  return Object.fromEntries(attributes.map(({ key, value }) => [key, value.stringValue ?? (value.intValue === undefined ? value.boolValue : Number(value.intValue))]));
}

let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
let server: TestServer;

beforeAll(async () => {
  receiver = await otlpReceiver();
  server = await startTestServer({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'vigil-under-test' });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

describe('OpenTelemetry tracing with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('sends a server span per request, continuing the caller’s trace, with the database statements under it', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const operator = await server.signIn('operator@vigil.test');
    const response = await server.app.inject({ url: '/services/emergency/v2/alerts/424242', headers: { authorization: operator, traceparent: `00-${traceId}-${callerSpan}-01` } });
    expect(response.statusCode).toBe(404);
    const request = await vi.waitFor(
      () => {
        const found = receiver.spans.find((span) => span.traceId === traceId && span.kind === 2);
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 20_000 },
    );
    expect(request).toMatchObject({
      parentSpanId: callerSpan,
      name: 'GET /services/emergency/v2/alerts/:alertId',
      service: 'vigil-under-test',
      attributes: { 'http.request.method': 'GET', 'http.route': '/services/emergency/v2/alerts/:alertId', 'http.response.status_code': 404 },
    });
    const statements = await vi.waitFor(
      () => {
        const found = receiver.spans.filter((span) => span.parentSpanId === request.spanId && span.kind === 3);
        expect(found.length).toBeGreaterThan(0);
        return found;
      },
      { timeout: 20_000 },
    );
    const system = server.ctx.database.kind === 'postgres' ? 'postgresql' : 'pglite';
    for (const statement of statements) {
      expect(statement.traceId).toBe(traceId);
      expect(statement.attributes['db.system.name']).toBe(system);
      expect(String(statement.attributes['db.query.text'])).toMatch(/^\s*(select|with)/i);
    }
    expect(receiver.contentTypes[0]).toContain('application/json');
  });

  it('sends a span per durable job, with the job’s statements under it', async () => {
    await server.ctx.jobs.send('push.deliver', {});
    const job = await vi.waitFor(
      () => {
        const found = receiver.spans.find((span) => span.name === 'job push.deliver');
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 30_000 },
    );
    expect(job).toMatchObject({ kind: 5, attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': 'push.deliver' } });
    expect(job.parentSpanId ?? '').toBe('');
    await vi.waitFor(() => expect(receiver.spans.filter((span) => span.parentSpanId === job.spanId && span.kind === 3).length).toBeGreaterThan(0), { timeout: 20_000 });
  });

  it('records no parameter values: a sign-in’s e-mail is nowhere in the spans', async () => {
    await server.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'traced.person@example.org', password: 'Not-The-Password-1' } });
    await vi.waitFor(() => expect(receiver.spans.some((span) => span.attributes['http.route'] === '/services/backOffice/signin/')).toBe(true), { timeout: 20_000 });
    expect(JSON.stringify(receiver.spans)).not.toContain('traced.person@example.org');
  });
});
