import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
}

/**
 * Starts `npx tsx server/src/main.ts` on a free port with a fresh DATA_DIR and waits for /ready;
 * `root` is the checkout whose server (and built dist/) runs, this one unless told.
 */
export async function startVigil(env: Record<string, string> = {}, root = repoRoot): Promise<VigilProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-e2e-'));
  const { DATABASE_URL: _embedded, ...inherited } = process.env;
  const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
    cwd: root,
    // Its own process group, so stop() ends npx, tsx and the server together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // TILE_URL=none: no test depends on an outside tile server (a test wanting street tiles passes testBasemap()).
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIGNIN_RATE_PER_MINUTE: '100000', TILE_URL: 'none', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const vigil: VigilProcess = { url, dataDir, output: () => output, stop: () => stopProcess(child, dataDir) };
  try {
    await waitForReady(url, child, () => output);
  } catch (error) {
    await vigil.stop();
    throw error;
  }
  return vigil;
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

async function stopProcess(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.pid) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 15_000))]);
    if (!stopped) process.kill(-child.pid, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
