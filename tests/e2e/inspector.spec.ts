import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { e2e, prepareE2e, resultsFolder, signIn, startVigil } from './harness';

/**
 * An analyst (the super administrator) opens the live inspector during a demo alert with bots
 * (debug mode 3): the alert workflow actor on its own chart, the session's context redacted, and
 * the domain charts of the alert and of each responder request changing as the bots answer and walk.
 */

// Bots walk twelve times faster than life, and answer soon.
const inspectorE2e = e2e.extend('vigil', { scope: 'file' }, async ({}, { onCleanup }) => {
  const vigil = await startVigil({ BOTS_SPEED_FACTOR: '12', BOTS_ACCEPT_PROBABILITY: '0.9', BOTS_REPORT_SECONDS: '10' });
  onCleanup(() => vigil.stop());
  return vigil;
});
prepareE2e();

/** A screenshot of the window only: a full-page capture resizes the window, and a narrow window swaps the app for the mobile page. */
async function shot(page: Page, name: string) {
  mkdirSync(resultsFolder, { recursive: true });
  await page.screenshot({ path: join(resultsFolder, `inspector-${name}.png`) });
}

const requestStates = (page: Page) => page.locator('[data-testid="domain-request"]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-state') ?? ''));
const activeStates = (page: Page, machine: string) =>
  page.locator(`svg[data-machine="${machine}"] [data-testid="chart-state"][data-active="true"]`).evaluateAll((boxes) => boxes.map((box) => box.getAttribute('data-state') ?? ''));

inspectorE2e('an analyst follows a live demo alert in the inspector: workflow actor, domain charts, bots progressing', async ({ vigil, browser, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: vigil.url });
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en_US')));
  await signIn(page, vigil.url, 'admin@vigil.test');
  await page.goto(`${vigil.url}/alert/call`);
  await page.locator('#alert-address').waitFor({ timeout: 15_000 });

  // The inspector first: the alert workflow sits in its editing states.
  await page.locator('[data-testid="inspector-toggle"]').click();
  await page.locator('[data-testid="inspector-panel"]').waitFor({ timeout: 15_000 });
  const alertActor = page.locator('[data-testid="inspector-actor"][data-machine="alert"]');
  await alertActor.click();
  await expect.poll(() => activeStates(page, 'alert'), { timeout: 10_000 }).toContain('editing');
  // The session actor's context shows no token and no e-mail address.
  await page.locator('[data-testid="inspector-actor"][data-machine="session"]').click();
  const context = (await page.locator('[data-testid="inspector-context"]').textContent()) ?? '';
  expect(context).toContain('[redacted]');
  expect(context).not.toContain('admin@vigil.test');
  expect(context).not.toMatch(/eyJ[\w-]+\./);
  await page.locator('.inspector-panel .p-sidebar-close').click();

  // A demo alert with bots, placed by pasted coordinates, launched.
  await page.locator('.alert-debug-mode').click();
  await page.locator('li[role="option"]', { hasText: 'Test interface with bots' }).click();
  await page.evaluate((value) => navigator.clipboard.writeText(value), '45.7772, 3.0870');
  await page.locator('[data-testid="paste-coordinates"]').click();
  await expect.poll(() => page.locator('[data-testid="launch-alert"]').isDisabled(), { timeout: 15_000 }).toBe(false);
  await page.locator('[data-testid="launch-alert"]').click();
  await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase'), { timeout: 15_000 }).toBe('live');
  const alertId = ((await page.locator('[data-testid="alert-id"]').textContent()) ?? '').replace(/\D/g, '');

  // The workflow actor is now in its live states, with the launch among its events.
  await page.locator('[data-testid="inspector-toggle"]').click();
  await alertActor.click();
  await expect.poll(() => activeStates(page, 'alert'), { timeout: 10_000 }).toContain('live');
  expect(await page.locator('[data-testid="inspector-event"][data-type="alert.launch"]').count()).toBe(1);
  await shot(page, '1-actor');

  // The domain charts of the alert on screen: live, and one request chart per alerted bot.
  await page.locator('.inspector-panel [role="tab"]', { hasText: 'Alert charts' }).click();
  await expect.poll(() => page.locator('[data-testid="domain-alert"]').getAttribute('data-state'), { timeout: 15_000 }).toBe('live');
  expect(await page.locator('[data-testid="domain-alert"]').getAttribute('data-alert-id')).toBe(alertId);
  await expect.poll(async () => (await requestStates(page)).length, { timeout: 15_000 }).toBe(8);
  expect(await activeStates(page, 'alert')).toContain('live');

  // Bots answer and walk: request states move along the chart without a reload.
  await expect.poll(async () => (await requestStates(page)).filter((state) => state !== 'available').length, { timeout: 40_000 }).toBeGreaterThan(0);
  const first = await requestStates(page);
  await expect.poll(async () => JSON.stringify(await requestStates(page)) !== JSON.stringify(first), { timeout: 60_000 }).toBe(true);
  await expect.poll(async () => (await requestStates(page)).some((state) => ['onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim'].includes(state)), { timeout: 60_000 }).toBe(true);
  // Each request card highlights its own state.
  const card = page.locator('[data-testid="domain-request"]').first();
  const cardState = await card.getAttribute('data-state');
  expect(await card.locator(`[data-testid="chart-state"][data-state="${cardState}"]`).getAttribute('data-active')).toBe('true');
  await shot(page, '2-domain');
  expect(errors).toEqual([]);
}, 240_000);

inspectorE2e('an operator has no inspector', async ({ vigil, page }) => {
  await page.goto(`${vigil.url}/authentication/sign-in`);
  await page.evaluate(() => localStorage.removeItem('user'));
  const access = page.waitForResponse((response) => response.url().includes('/services/inspection/v1/access'), { timeout: 30_000 });
  await signIn(page, vigil.url, 'operator@vigil.test');
  expect(await (await access).json()).toEqual({ data: { allowed: false } });
  await page.goto(`${vigil.url}/alert/call`);
  await page.locator('#alert-address').waitFor({ timeout: 15_000 });
  expect(await page.locator('[data-testid="inspector-toggle"]').count()).toBe(0);
});
