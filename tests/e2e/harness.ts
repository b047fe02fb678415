import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { test } from 'vitest';
import { writeTestArchive } from '../fixtures/basemap/test-archive';
import { launchChromium, signIn, startVigil } from './vigil-process';

export { chromiumArgs, freePort, launchChromium, signIn, startVigil, type VigilProcess } from './vigil-process';

/**
 * Browser tests drive the built SPA in Debian's Chromium against a real Vigil process, as a user
 * would: a fresh server (own temporary DATA_DIR, so its own embedded database and demo data, on a
 * free port) and a fresh browser profile per test file, a new page per test, a screenshot in
 * test-results/ when a test fails. The suite builds nothing itself: `npm run test:e2e` runs
 * `npm run build` first.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const resultsFolder = join(repoRoot, 'test-results');

let basemapArchive: string | undefined;

/**
 * Environment for startVigil that serves the test street map (tests/fixtures/basemap: synthetic
 * streets around place de Jaude, zoom 0 to 15) as the offline archive, so maps show drawn tiles.
 */
export function testBasemap(): Record<string, string> {
  if (!basemapArchive) {
    basemapArchive = join(mkdtempSync(join(tmpdir(), 'vigil-basemap-')), 'clermont-test.pmtiles');
    writeTestArchive(basemapArchive);
  }
  return { TILE_PMTILES: basemapArchive };
}

/**
 * `e2e` is vitest's `test` with three fixtures: `vigil` (the server, one per file), `browser`
 * (Chromium, one per file) and `page` (one per test, screenshotted into test-results/ on failure).
 */
export const e2e = test
  // `{}`: vitest reads which fixtures a fixture needs from its first parameter's pattern.
  .extend('vigil', { scope: 'file' }, async ({}, { onCleanup }) => {
    const vigil = await startVigil(fileEnv);
    onCleanup(() => vigil.stop());
    return vigil;
  })
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const chromiumRun = await launchChromium();
    onCleanup(() => chromiumRun.close());
    return chromiumRun.context;
  })
  .extend('page', async ({ browser, task }, { onCleanup }) => {
    const page = await browser.newPage();
    // Cleanups run once the test's result is known.
    onCleanup(async () => {
      if (task.result?.state === 'fail') await screenshot(page, `${task.file?.name.replace(/^.*\//, '') ?? 'e2e'}-${task.name}`);
      await page.close();
    });
    return page;
  });

/**
 * Saves a screenshot of the window into test-results/ (ignored by git), named after the test. Not a
 * full-page one: Chromium would resize the window for it, and below 768 px the app swaps to its
 * mobile page, restarting the screen under test.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(resultsFolder, { recursive: true });
  const path = join(resultsFolder, `${name.replace(/[^\w.-]+/g, '-').slice(0, 150)}.png`);
  await page.screenshot({ path, timeout: 10_000 }).catch(() => undefined);
  return path;
}

/** Environment added to this file's server (each spec file runs in its own module context). */
let fileEnv: Record<string, string> = {};

/**
 * Call once at the top of a spec file: starts its server and browser in a `beforeAll` (under the
 * long hook time-out instead of the first test's) and fails early when the SPA was not built.
 * `env` is added to the server's environment, e.g. `prepareE2e({ env: testBasemap() })` for maps
 * with drawn street tiles.
 */
export function prepareE2e(options: { env?: Record<string, string> } = {}): void {
  fileEnv = { ...options.env };
  e2e.beforeAll(async ({ vigil, browser }) => {
    const home = await fetch(`${vigil.url}/`);
    if (!(home.headers.get('content-type') ?? '').includes('text/html')) {
      throw new Error('The server has no built SPA to serve: run `npm run test:e2e`, which runs `npm run build` first.');
    }
    const probe = await browser.newPage();
    await probe.close();
  });
}

/** Signs a user in afresh (a file's tests share the browser profile) with the interface in English. */
export async function signInInEnglish(page: Page, vigilUrl: string, email = 'admin@vigil.test'): Promise<void> {
  await page.goto(`${vigilUrl}/authentication/sign-in`);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, vigilUrl, email);
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en_US')));
}
