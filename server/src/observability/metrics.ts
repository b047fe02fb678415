import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { PushProvider, PushRouter } from '../adapters/push/provider';
import { registerStateGauges, type StateSources } from './state-gauges';

/**
 * The Prometheus metrics of one Vigil instance. Events (requests, launches, sends) are counted
 * where they happen, in this process; the state shared by every instance (live alerts, outbox,
 * queues, imports) is read from the database at scrape time by `registerStateGauges`.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  alertsLaunched: Counter<'test'>;
  alertsAutoClosed: Counter;
  pushMessages: Counter<'provider' | 'outcome'>;
  /** The whole registry in the Prometheus text format, the shared state read from the database first. */
  render(): Promise<string>;
}

/** Seconds: from a cached read (a millisecond) to an export (up to the 30 s time-out). */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(sources: StateSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const refresh = registerStateGauges(registry, sources);
  return {
    registry,
    async render() {
      await refresh();
      return registry.metrics();
    },
    httpDuration: new Histogram({
      name: 'vigil_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code, and how long they took',
      labelNames: ['method', 'route', 'status_code'],
      buckets: durationBuckets,
      registers: [registry],
    }),
    alertsLaunched: new Counter({ name: 'vigil_alerts_launched_total', help: 'Alerts launched through this instance (test: test alerts and debug modes)', labelNames: ['test'], registers: [registry] }),
    alertsAutoClosed: new Counter({ name: 'vigil_alerts_auto_closed_total', help: 'Alerts closed by the 20-minute auto-close job on this instance', registers: [registry] }),
    pushMessages: new Counter({
      name: 'vigil_push_messages_total',
      help: 'Push messages handed to a provider by this instance, by outcome: sent, retried (kept for a later attempt) or failed',
      labelNames: ['provider', 'outcome'],
      registers: [registry],
    }),
  };
}

/** A push router whose providers count each outcome in `vigil_push_messages_total`. */
export function countedRouter(route: PushRouter, metrics: Metrics): PushRouter {
  const counted = new WeakMap<PushProvider, PushProvider>();
  return (os) => {
    const provider = route(os);
    let wrapped = counted.get(provider);
    if (!wrapped) {
      wrapped = {
        name: provider.name,
        async send(token, content) {
          const outcome = await provider.send(token, content);
          metrics.pushMessages.inc({ provider: provider.name, outcome: outcome.ok ? 'sent' : outcome.retryable ? 'retried' : 'failed' });
          return outcome;
        },
      };
      counted.set(provider, wrapped);
    }
    return wrapped;
  };
}
