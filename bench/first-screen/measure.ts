/**
 * What the browser really loads to show a first screen: a Vigil process serving a built SPA, and
 * Debian's Chromium (through playwright-core) opening the sign-in route and, signed in as the
 * operator, the alert screen, each in a fresh page with the cache off. Every script, style sheet
 * and font the page requests (entry, modulepreloads, lazy route chunks, CSS) until the network is
 * quiet is listed with its gzipped size, read from the build folder. Used by `npm run size` (budget
 * check) and bench/first-screen/run.ts (time to interactive on a throttled network).
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { launchChromium, signIn, startVigil } from '../../tests/e2e/vigil-process';

export type AssetKind = 'js' | 'css' | 'font' | 'other';

export interface LoadedAsset {
  path: string;
  kind: AssetKind;
  bytes: number;
  gzipBytes: number;
}

export interface ScreenLoad {
  screen: 'sign-in' | 'alert';
  url: string;
  assets: LoadedAsset[];
  /** Milliseconds from the start of navigation until the screen's first field can be typed in. */
  interactiveMs: number;
  /** Milliseconds from the start of navigation until the last font arrived (text in Inter, icons drawn). */
  fontsMs: number;
}

/** A network as Chrome DevTools emulates it (Network.emulateNetworkConditions). */
export interface Throttle {
  /** Bits per second, both ways. */
  bitsPerSecond: number;
  /** Round-trip time added to every request, in milliseconds. */
  latencyMs: number;
}

/** The screens measured: where they are, who opens them, what shows they can be used. */
const screens = [
  { screen: 'sign-in', path: '/authentication/sign-in', ready: '#username', signedInAs: null },
  { screen: 'alert', path: '/alert/call', ready: '#alert-address', signedInAs: 'operator@vigil.test' },
] as const;

function kindOf(path: string): AssetKind {
  const extension = extname(path);
  if (extension === '.js' || extension === '.mjs') return 'js';
  if (extension === '.css') return 'css';
  if (['.woff2', '.woff', '.ttf', '.eot', '.otf'].includes(extension)) return 'font';
  return 'other';
}

/** Opens one screen in a fresh page (cache off, network throttled if asked) and lists what it loaded. */
async function openScreen(context: BrowserContext, url: string, distDir: string, target: (typeof screens)[number], throttle?: Throttle): Promise<ScreenLoad> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttle) {
      const bytesPerSecond = throttle.bitsPerSecond / 8;
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: throttle.latencyMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
    }
    const requested = new Set<string>();
    page.on('request', (request) => {
      const address = new URL(request.url());
      if (address.origin === url) requested.add(address.pathname);
    });
    await page.goto(`${url}${target.path}`, { waitUntil: 'commit', timeout: 300_000 });
    // performance.now() counts from the start of the navigation.
    const interactive = await page.waitForFunction(
      (selector) => {
        const field = document.querySelector<HTMLInputElement>(selector);
        return field && !field.disabled && field.getBoundingClientRect().width > 0 ? performance.now() : false;
      },
      target.ready,
      { polling: 'raf', timeout: 300_000 },
    );
    const interactiveMs = Math.round(Number(await interactive.jsonValue()));
    await page.waitForLoadState('networkidle', { timeout: 300_000 });
    const fontsMs = await page.evaluate(() =>
      Math.round(Math.max(0, ...performance.getEntriesByType('resource').filter((entry) => /\.woff2?$/.test(new URL(entry.name).pathname)).map((entry) => (entry as PerformanceResourceTiming).responseEnd))),
    );
    const assets = [...requested]
      .filter((path) => path.startsWith('/assets/'))
      .map((path) => {
        const file = join(distDir, path);
        const content = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
        return { path, kind: kindOf(path), bytes: content.length, gzipBytes: content.length ? gzipSync(content).length : 0 };
      })
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { screen: target.screen, url: target.path, assets, interactiveMs, fontsMs };
  } finally {
    await page.close();
  }
}

/** Opens each first screen `runs` times on the build of `root` (its dist/); one list per run. */
export async function measureFirstScreens(options: { root: string; throttle?: Throttle; runs?: number }): Promise<ScreenLoad[][]> {
  const distDir = join(options.root, 'dist');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run the build first.`);
  const vigil = await startVigil({}, options.root);
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    chromium = await launchChromium();
    const { context } = chromium;
    const runs: ScreenLoad[][] = [];
    for (let run = 0; run < (options.runs ?? 1); run += 1) {
      const loads: ScreenLoad[] = [];
      for (const target of screens) {
        if (target.signedInAs) {
          // Signed in on a page of its own (not throttled); the measured page reopens the session from storage.
          const signInPage = await context.newPage();
          await signIn(signInPage, vigil.url, target.signedInAs);
          await signInPage.close();
        } else {
          // Signed out: nothing kept from an earlier run.
          await context.clearCookies();
          const blank = await context.newPage();
          await blank.goto(`${vigil.url}/health`);
          await blank.evaluate(() => {
            localStorage.clear();
            sessionStorage.clear();
          });
          await blank.close();
        }
        loads.push(await openScreen(context, vigil.url, distDir, target, options.throttle));
      }
      runs.push(loads);
    }
    return runs;
  } finally {
    await chromium?.close();
    await vigil.stop();
  }
}

/** Total gzipped bytes of a screen's assets of the given kinds. */
export function gzipTotal(load: ScreenLoad, kinds: AssetKind[]): number {
  return load.assets.filter((asset) => kinds.includes(asset.kind)).reduce((sum, asset) => sum + asset.gzipBytes, 0);
}
