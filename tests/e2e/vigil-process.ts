import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { demoPassword } from '../../server/src/db/seed/accounts';

/**
 * A real Vigil process and Debian's Chromium, as the browser suite (harness.ts) and the first-screen
 * bench (bench/first-screen) drive them; nothing here depends on vitest.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Chromium flags for a quiet, offline, sandbox-less run in a container. */
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];

export interface VigilProcess {
  /** Base address, e.g. `http://127.0.0.1:41234`. */
  url: string;
  dataDir: string;
  /** What the process printed so far (warnings and errors only, LOG_LEVEL=warn). */
  output(): string;
  stop(): Promise<void>;
  /** Stops the process and starts the same server again on the same port and data (as a deployment or a crash and restart would), waiting for /ready. */
  restart(): Promise<void>;
}

/**
 * The browser suite on PostgreSQL (CI's second browser run): E2E_DATABASE_URL names a PostgreSQL
 * server on which each Vigil started here gets a database of its own, dropped at its stop. Without
 * it each Vigil runs on its embedded database, as `npm start` does.
 */
export const e2eDatabaseServer = process.env.E2E_DATABASE_URL || undefined;

/** A new empty database on the E2E_DATABASE_URL server: its address, and how to drop it. */
export async function freshE2eDatabase(serverUrl = e2eDatabaseServer!): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vigil_e2e_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Starts Vigil as `npm start` does (`node scripts/start.mjs`: the compiled server, built first when
 * its sources are newer; `npm run test:e2e` builds it before the suite) on a free port (or the one given, when an outside party must
 * know the address first) with a fresh DATA_DIR, and a fresh database when E2E_DATABASE_URL is set
 * (unless `env` names its own DATABASE_URL: instances that share one), and waits for /ready; `root`
 * is the checkout whose server (and built dist/) runs, this one unless told.
 */
export async function startVigil(env: Record<string, string> = {}, root = repoRoot, askedPort?: number): Promise<VigilProcess> {
  const port = askedPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-e2e-'));
  const database = e2eDatabaseServer && !env.DATABASE_URL ? await freshE2eDatabase() : undefined;
  if (database) env = { ...env, DATABASE_URL: database.url };
  let child = spawnVigil(port, dataDir, env, root);
  let output = '';
  const listen = (started: ChildProcess) => {
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  };
  listen(child);
  const vigil: VigilProcess = {
    url,
    dataDir,
    output: () => output,
    stop: async () => {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
    restart: async () => {
      await stopProcess(child);
      child = spawnVigil(port, dataDir, env, root);
      listen(child);
      await waitForReady(url, child, () => output);
    },
  };
  try {
    await waitForReady(url, child, () => output);
  } catch (error) {
    await vigil.stop();
    throw error;
  }
  return vigil;
}

/** `node scripts/start.mjs` (the compiled server) on that port and data directory, in its own process group. */
function spawnVigil(port: number, dataDir: string, env: Record<string, string>, root: string): ChildProcess {
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _embedded, ...inherited } = process.env;
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // Its own process group, so stop() ends the server with whatever it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // TILE_URL=none: no test depends on an outside tile server (a test wanting street tiles passes testBasemap()).
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIGNIN_RATE_PER_MINUTE: '100000', TILE_URL: 'none', ...env },
  });
}

/** Chromium through playwright-core, with a fresh profile that is deleted on close. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'vigil-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: '/usr/bin/chromium', args: chromiumArgs, viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'Europe/Paris' });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a demo user in through the sign-in form and waits until the SPA has left the auth screens. */
export async function signIn(page: Page, vigilUrl: string, email: string, password = demoPassword): Promise<void> {
  await page.goto(`${vigilUrl}/authentication/sign-in`);
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((address) => !address.pathname.startsWith('/authentication/'), { timeout: 15_000 });
}

/**
 * Waits until the instance says it can serve (migrations applied, LISTEN up). The wait is the room a
 * slow machine needs to build the SPA's server and seed a fresh database, below the 300 s hook limit.
 */
async function waitForReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Vigil exited with code ${child.exitCode} before answering /ready:\n${output()}`);
    try {
      const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Vigil was not ready at ${url}/ready within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Ends the whole process group (the server and whatever it started: the parse worker's thread dies
 * with it, a build it ran does not) and waits until none of it is left, which a restart on the same
 * data needs: the embedded database must be closed first.
 */
async function stopProcess(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (!group || !groupAlive(group)) return;
  process.kill(-group, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (groupAlive(group) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(group)) process.kill(-group, 'SIGKILL');
  while (groupAlive(group)) await new Promise((resolve) => setTimeout(resolve, 100));
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
