import { buildApp } from './app';
import { createContext, startBackground, stopContext } from './bootstrap';
import { loadConfig } from './config';
import { DataDirError } from './data-dir';
import { demoPassword, demoUsers } from './db/seed/accounts';
import { seedDemoIfEmpty } from './db/seed/demo';
import { listenForMetrics } from './observability/metrics-route';

/** Starts one Vigil instance: database, demo data on first start, jobs, HTTP and WebSocket. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  let ctx;
  try {
    ctx = await createContext(config);
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  if (config.DEMO_DATA) await seedDemoIfEmpty(ctx);
  const app = await buildApp(ctx);
  await startBackground(ctx);
  await app.listen({ port: config.PORT, host: config.HOST });
  const metricsListener = config.METRICS_PORT === undefined ? undefined : await listenForMetrics(ctx);

  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  console.log(`\nVigil is running at ${url} (${ctx.database.kind}${ctx.database.kind === 'pglite' ? ` in ${config.DATA_DIR}` : ''})`);
  if (config.DEMO_DATA) {
    console.log(`Demo sign-ins (password ${demoPassword}):`);
    for (const user of demoUsers) console.log(`  ${user.email.padEnd(28)} ${user.note}`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await metricsListener?.close();
    await stopContext(ctx);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
