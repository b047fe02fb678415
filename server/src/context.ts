import type { FastifyBaseLogger } from 'fastify';
import type { Geocoder } from './adapters/geocoding/geocoder';
import type { Mailer } from './adapters/mail';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Maintenance } from './db/maintenance';
import type { Metrics } from './observability/metrics';
import type { Tracing } from './observability/tracing';
import type { Subtrees } from './modules/accounts/subtrees';
import type { Bots } from './modules/alerts/bots-port';
import type { DeviceTokens } from './modules/responders/device-tokens';
import type { Identities } from './plugins/identities';
import type { Jobs } from './plugins/jobs';
import type { KeptAnswers } from './plugins/kept-answers';
import type { Realtime } from './plugins/realtime';
import type { Throttle } from './plugins/throttle';
import type { Tokens } from './plugins/tokens';

/** The long-lived parts every module works with; built once in main.ts (or by a test). */
export interface AppContext {
  config: Config;
  database: Database;
  mail: Mailer;
  geocoder: Geocoder;
  tokens: Tokens;
  /** The user rows session checks read, kept while their changes are announced. */
  identities: Identities;
  /** Account subtrees, kept while changes to the accounts are announced. */
  subtrees: Subtrees;
  /** AED list answers, kept while changes to the register are announced. */
  aedPages: KeptAnswers;
  /** Live alert list and responders on call answers, kept while changes to alerts are announced. */
  alertViews: KeptAnswers;
  /** The responder API's device tokens, kept while their changes are announced. */
  deviceTokens: DeviceTokens;
  /** Rate-limit and sign-in counters shared by every instance on the database. */
  throttle: Throttle;
  realtime: Realtime;
  jobs: Jobs;
  /** Debug mode 3's simulated responders. */
  bots: Bots;
  /** Statistics and vacuum for the embedded database (PostgreSQL has autovacuum). */
  maintenance: Maintenance;
  /** Prometheus metrics of this instance (GET /metrics). */
  metrics: Metrics;
  /** OpenTelemetry tracing, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  tracing?: Tracing;
  log: FastifyBaseLogger;
}
