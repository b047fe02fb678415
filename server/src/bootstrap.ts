import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createGeocoder } from './adapters/geocoding/create-geocoder';
import { createMailer } from './adapters/mail';
import { inProcessBots } from './bots/in-process';
import type { Config } from './config';
import type { AppContext } from './context';
import { prepareDataDir } from './data-dir';
import { openDatabase } from './db/database';
import { createMaintenance } from './db/maintenance';
import { isDatabaseUnavailable } from './db/unavailable';
import type { ModuleJobs } from './module-jobs';
import { createSubtrees } from './modules/accounts/subtrees';
import { aedJobs } from './modules/aeds/jobs';
import { createAedPages } from './modules/aeds/list-pages';
import { alertJobs } from './modules/alerts/jobs';
import { simulationJobs } from './modules/simulations/jobs';
import { createAlertViews } from './modules/alerts/views';
import { importJobs } from './modules/imports/jobs';
import { notificationJobs } from './modules/notifications/jobs';
import { createDeviceTokens } from './modules/responders/device-tokens';
import { responderJobs } from './modules/responders/jobs';
import { createIdentities } from './plugins/identities';
import { createJobs } from './plugins/jobs';
import { createRealtime } from './plugins/realtime';
import { createThrottle } from './plugins/throttle';
import { createTokens, resolveJwtSecret } from './plugins/tokens';
import { createMetrics } from './observability/metrics';

/** Opens the database and builds every long-lived part. Nothing listens yet. */
export async function createContext(config: Config, log?: FastifyBaseLogger): Promise<AppContext> {
  const logger = log ?? (pino({ level: config.LOG_LEVEL, redact: ['req.headers.authorization', '*.password', '*.token'] }) as FastifyBaseLogger);
  // Before the database opens, so that its driver is traced from the first query.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT ? await (await import('./observability/tracing')).startTracing(config) : undefined;
  prepareDataDir(config.DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS });
  const realtime = createRealtime(database, logger);
  const context: AppContext = {
    config,
    database,
    tracing,
    metrics: createMetrics({ database, sockets: () => realtime.size() }),
    log: logger,
    mail: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log: logger }),
    geocoder: createGeocoder(config, logger, database),
    tokens: createTokens(resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR)),
    identities: createIdentities(database, logger),
    subtrees: createSubtrees(database, logger),
    aedPages: createAedPages(database, logger),
    alertViews: createAlertViews(database, logger),
    deviceTokens: createDeviceTokens(database, logger),
    realtime,
    throttle: createThrottle(database),
    jobs: createJobs(database, logger),
    maintenance: createMaintenance(database, logger),
    // The simulator answers through the responder services, which take the whole context.
    bots: inProcessBots(() => context),
  };
  return context;
}

/** What is kept in memory while the database announces its changes. */
const keptParts = (ctx: AppContext) => [ctx.identities, ctx.subtrees, ctx.aedPages, ctx.alertViews, ctx.deviceTokens];

/** Each module's background work (modules/<area>/jobs.ts), stopped in the reverse order. */
const moduleJobs: ModuleJobs[] = [aedJobs, importJobs, notificationJobs, alertJobs, responderJobs, simulationJobs];

/**
 * Starts what runs in the background: the real-time listener, the listeners of what is kept, the
 * modules' job workers, then their timers and first sweeps.
 */
export async function startBackground(ctx: AppContext): Promise<void> {
  await ctx.realtime.start();
  for (const part of keptParts(ctx)) await part.start();
  for (const jobs of moduleJobs) jobs.register(ctx);
  await ctx.jobs.start();
  for (const jobs of moduleJobs) await jobs.start?.(ctx);
  ctx.maintenance.start();
}

/**
 * Stops background work and closes the database. A step that cannot reach a database already gone
 * (a server down, an embedded engine stopped) does not keep the others from stopping.
 */
export async function stopContext(ctx: AppContext): Promise<void> {
  const steps = [
    () => ctx.maintenance.stop(),
    ...[...moduleJobs].reverse().map((jobs) => async () => jobs.stop?.(ctx)),
    () => ctx.jobs.stop(),
    ...keptParts(ctx).reverse().map((part) => () => part.stop()),
    () => ctx.realtime.stop(),
    () => ctx.database.close(),
  ];
  for (const step of steps) {
    await step().catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
    });
  }
  await ctx.tracing?.stop();
}
