import { expect } from 'vitest';
import { e2e, prepareE2e, signIn } from './harness';
import { e2eDatabaseServer } from './vigil-process';

/**
 * The harness works end to end: a real Vigil process serves its API, its OpenAPI page and the
 * built SPA (with the history fallback), and Chromium signs a demo user in through the form.
 */

prepareE2e();

e2e('the server answers /health on its database: embedded, or PostgreSQL in the suite’s second run', async ({ vigil }) => {
  const response = await fetch(`${vigil.url}/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: e2eDatabaseServer ? 'postgres' : 'pglite' });
});

e2e('/api/docs serves the OpenAPI page and document with the auth calls', async ({ vigil, page }) => {
  await page.goto(`${vigil.url}/api/docs`);
  await expect.poll(() => page.locator('.swagger-ui').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const document = (await (await fetch(`${vigil.url}/api/docs/json`)).json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toMatch(/^3\./);
  expect(Object.keys(document.paths)).toContain('/services/backOffice/signin/');
});

e2e('unknown pages get the SPA (history routing) but unknown API paths get a JSON 404', async ({ vigil }) => {
  const page = await fetch(`${vigil.url}/some/deep/link`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  expect(await page.text()).toContain('<div id="root">');
  const api = await fetch(`${vigil.url}/services/does-not-exist`);
  expect(api.status).toBe(404);
  expect(await api.json()).toMatchObject({ error: true, msg: 'error.not-found' });
});

e2e('a signed-out visitor lands on the sign-in page of the built SPA', async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${vigil.url}/`);
  await page.waitForURL('**/authentication/sign-in');
  await expect.poll(() => page.locator('#username').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.locator('#password').isVisible()).toBe(true);
  expect(await page.locator('form button[type="submit"]').textContent()).toContain('Sign in');
  expect(errors).toEqual([]);
});

e2e('signIn() signs a demo operator in through the form', async ({ vigil, page }) => {
  await signIn(page, vigil.url, 'operator@vigil.test');
  expect(new URL(page.url()).pathname).not.toMatch(/^\/authentication\//);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { token?: string } | null);
  expect(stored?.token).toBeTruthy();
});
