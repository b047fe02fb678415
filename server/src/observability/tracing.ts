import { PGlite } from '@electric-sql/pglite';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import type { Config } from '../config';
import { setJobRunner } from './job-spans';
import { routeOf } from './request-log';

/**
 * OpenTelemetry tracing, loaded by the bootstrap only when OTEL_EXPORTER_OTLP_ENDPOINT is set:
 * a span per HTTP request (continuing the caller's W3C traceparent), per database statement
 * made under it or under a job, and per durable job; sent to the collector over OTLP/HTTP.
 */
export interface Tracing {
  /** Adds the request spans to an app (before its routes). */
  traceRequests(app: FastifyInstance): void;
  /** Sends the spans still buffered and removes the instrumentation. */
  stop(): Promise<void>;
}

export async function startTracing(config: Config): Promise<Tracing> {
  const exporter = new OTLPTraceExporter({ url: `${config.OTEL_EXPORTER_OTLP_ENDPOINT!.replace(/\/$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME, 'deployment.environment.name': config.VIGIL_ENV }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
  });
  // Sets the global tracer, the AsyncLocalStorage context and the W3C trace-context propagator.
  provider.register();
  const tracer = provider.getTracer('vigil');
  const restoreDrivers = traceDrivers(tracer);
  setJobRunner((queue, run) =>
    tracer.startActiveSpan(`job ${queue}`, { kind: SpanKind.CONSUMER, root: true, attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue } }, async (span) => {
      try {
        await run();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    }),
  );
  return {
    traceRequests: (app) => traceRequests(app, tracer),
    async stop() {
      setJobRunner(undefined);
      restoreDrivers();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

const requestSpans = new WeakMap<FastifyRequest, Span>();

/** A server span per request, named by its route pattern; the handler and the body stream run inside it. */
function traceRequests(app: FastifyInstance, tracer: Tracer): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = routeOf(request);
    const span = tracer.startSpan(`${request.method} ${route}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route } }, parent);
    requestSpans.set(request, span);
    const active = trace.setSpan(parent, span);
    // The body arrives in events of the socket: bind them to the request's context too.
    context.bind(active, request.raw);
    context.with(active, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = requestSpans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** The first statement of a query text, for the span name (`SELECT`, `INSERT`...). */
const operationOf = (text: string) => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';

/**
 * Wraps the statement methods of node-postgres and PGlite so that a statement made inside a span
 * (a request, a job) gets a child span with its text (parameters are not recorded: they can be
 * personal). Statements outside any span (polling, the listener) are not traced.
 */
function traceDrivers(tracer: Tracer): () => void {
  const restores: (() => void)[] = [];
  const wrap = (owner: Record<string, Method>, name: string, system: string) => {
    const original = owner[name];
    owner[name] = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; submit?: unknown } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      if (!trace.getSpan(context.active()) || text === undefined || (typeof first === 'object' && first?.submit)) return original.apply(this, args);
      const span = tracer.startSpan(`${operationOf(text)} ${system}`, { kind: SpanKind.CLIENT, attributes: { 'db.system.name': system, 'db.query.text': text.slice(0, 2000) } });
      const end = (error?: unknown) => {
        if (error) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      };
      const callback = args[args.length - 1];
      if (typeof callback === 'function') {
        args[args.length - 1] = function (this: unknown, error: unknown, ...rest: unknown[]) {
          end(error);
          return (callback as Method).call(this, error, ...rest);
        };
        return original.apply(this, args);
      }
      const result = original.apply(this, args) as Promise<unknown> | undefined;
      if (!result || typeof result.then !== 'function') {
        end();
        return result;
      }
      return result.then(
        (value) => {
          end();
          return value;
        },
        (error: unknown) => {
          end(error);
          throw error;
        },
      );
    };
    restores.push(() => {
      owner[name] = original;
    });
  };
  wrap(pg.Client.prototype as unknown as Record<string, Method>, 'query', 'postgresql');
  for (const name of ['query', 'exec']) wrap(ownerOf(PGlite.prototype, name), name, 'pglite');
  return () => {
    for (const restore of restores.reverse()) restore();
  };
}

/** The prototype in the chain that defines `name` (PGlite's methods live on its base class). */
function ownerOf(prototype: object, name: string): Record<string, Method> {
  let owner: object | null = prototype;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner) as object | null;
  return (owner ?? prototype) as Record<string, Method>;
}
