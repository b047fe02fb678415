import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { e2e, resultsFolder, signIn, startVigil } from './harness';
import { emergencyApiAs } from './server-answers';

/**
 * A dispatcher runs a whole intervention in the browser against bots that really answer (debug
 * mode 3): places the victim near Clermont-Ferrand (45.7772, 3.0870) by address then by pasted
 * coordinates, launches, watches the bots engage and walk on the map and in the list, stops one,
 * moves the address (near: accepted; too far: the close-and-create question), and ends it.
 */

// Bots walk twelve times faster than life, so a walk of a few minutes lasts seconds.
const alertE2e = e2e.extend('vigil', { scope: 'file' }, async ({}, { onCleanup }) => {
  const vigil = await startVigil({ BOTS_SPEED_FACTOR: '12', BOTS_ACCEPT_PROBABILITY: '0.9', BOTS_REPORT_SECONDS: '10' });
  onCleanup(() => vigil.stop());
  return vigil;
});

const engaged = ['dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim'];
const going = ['onTheWayAed', 'onTheWayVictim', 'dispatched'];

async function shot(page: Page, name: string) {
  mkdirSync(resultsFolder, { recursive: true });
  await page.screenshot({ path: join(resultsFolder, `alert-workflow-${name}.png`) });
}

const rowStatuses = (page: Page) => page.locator('[data-testid="responder-row"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status') ?? ''));
const markerPositions = (page: Page) => page.locator('.leaflet-marker-icon.responder-marker').evaluateAll((markers) => markers.map((marker) => (marker as HTMLElement).style.transform));
const toastText = (page: Page) => page.locator('.p-toast-message').allTextContents().then((texts) => texts.join(' | '));

/** Signs in from a clean slate: the browser profile is shared by the tests of this file. */
async function signInAfresh(page: Page, vigilUrl: string, email: string) {
  await page.goto(`${vigilUrl}/authentication/sign-in`);
  await page.evaluate(() => localStorage.removeItem('user'));
  await signIn(page, vigilUrl, email);
}

async function paste(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.locator('[data-testid="paste-coordinates"]').click();
}

alertE2e('a dispatcher launches an alert with bots, follows it live, stops one, moves it and ends it', async ({ vigil, browser, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: vigil.url });
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en_US')));
  await signInAfresh(page, vigil.url, 'operator@vigil.test');
  await page.goto(`${vigil.url}/alert/call`);
  await page.locator('#alert-address').waitFor({ timeout: 15_000 });
  expect(await page.locator('[data-testid="alert-status"]').getAttribute('data-phase')).toBe('editing');
  expect(await page.locator('[data-testid="launch-alert"]').isDisabled()).toBe(true);

  // Test interface with bots.
  await page.locator('.alert-debug-mode').click();
  await page.locator('li[role="option"]', { hasText: 'Test interface with bots' }).click();

  // A town-level address: the pin must be moved, the launch waits.
  await page.locator('#alert-address').fill('Clermont-Ferrand');
  await page.keyboard.press('Escape');
  await page.locator('[data-testid="locate-address"]').click();
  await expect.poll(() => page.locator('[data-testid="address-message"]').textContent(), { timeout: 15_000 }).toContain('move the pin');
  expect(await page.locator('[data-testid="launch-alert"]').isDisabled()).toBe(true);

  // The clipboard errors of spec §5, then the real coordinates.
  await paste(page, '');
  await expect.poll(() => toastText(page), { timeout: 5_000 }).toContain('The clipboard is empty');
  await paste(page, 'somewhere near the station');
  await expect.poll(() => toastText(page), { timeout: 5_000 }).toContain('Invalid coordinates');
  await paste(page, '45.7772, 3.0870');
  await expect.poll(() => page.locator('[data-testid="victim-coordinates"]').textContent(), { timeout: 15_000 }).toContain('45.77720, 3.08700');
  await expect.poll(() => page.locator('[data-testid="launch-alert"]').isDisabled(), { timeout: 15_000 }).toBe(false);
  expect(await page.locator('[data-testid="address-message"]').count()).toBe(0);
  expect(await page.locator('[data-testid="responder-preview"] .alert-preview__count').textContent()).toBe('8');
  await page.locator('#alert-details').fill('2nd floor, door code 1234');
  await shot(page, '1-ready');

  // Launch: eight bots are alerted and show in the list and on the map.
  await page.locator('[data-testid="launch-alert"]').click();
  await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase'), { timeout: 15_000 }).toBe('live');
  await expect.poll(() => page.locator('[data-testid="responder-row"]').count(), { timeout: 15_000 }).toBe(8);
  await expect.poll(() => page.locator('.leaflet-marker-icon.responder-marker').count(), { timeout: 15_000 }).toBe(8);
  const alertNumber = (await page.locator('[data-testid="alert-id"]').textContent()) ?? '';
  expect(new URL(page.url()).searchParams.get('alertId')).toBe(alertNumber.replace(/\D/g, ''));

  // On its own screen the status bar says it all: the ongoing banner does not repeat it.
  expect(await page.locator('[data-testid="ongoing-banner"]').count()).toBe(0);
  // On another screen the banner lists it, without a reload, and leads back to it.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/alert/tutorial');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect.poll(() => page.locator('[data-testid="ongoing-banner"]').textContent(), { timeout: 15_000 }).toContain('1 ongoing intervention');
  await page.locator('[data-testid="ongoing-show"]').click();
  await expect.poll(() => page.locator('[data-testid="ongoing-item"]').count()).toBe(1);
  await page.locator('[data-testid="ongoing-item"]').first().getByRole('button').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('alertId'), { timeout: 15_000 }).toBe(alertNumber.replace(/\D/g, ''));
  await expect.poll(() => page.locator('[data-testid="responder-row"]').count(), { timeout: 15_000 }).toBe(8);

  // Bots engage and walk: statuses move through the chart, markers move on the map.
  await expect.poll(async () => (await rowStatuses(page)).filter((status) => going.includes(status)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const before = await markerPositions(page);
  await shot(page, '2-engaged');
  await expect.poll(async () => JSON.stringify(await markerPositions(page)) !== JSON.stringify(before), { timeout: 20_000 }).toBe(true);

  // Stop one that is on its way.
  const goingRow = page.locator('[data-testid="responder-row"]').filter({ has: page.locator('[data-testid="stop-responder"]') }).filter({ has: page.locator('[data-status="onTheWayVictim"], [data-status="onTheWayAed"], [data-status="dispatched"]') }).first();
  const stoppedId = await goingRow.getAttribute('data-responder-id');
  await goingRow.locator('[data-testid="stop-responder"]').click();
  const stoppedRow = page.locator(`[data-testid="responder-row"][data-responder-id="${stoppedId}"]`);
  await expect.poll(() => stoppedRow.getAttribute('data-status'), { timeout: 10_000 }).toBe('stopped');
  expect(await stoppedRow.locator('[data-testid="start-responder"]').count()).toBe(1);
  expect(await page.locator(`.leaflet-marker-icon.responder-marker.status-stopped`).count()).toBeGreaterThan(0);

  // Someone reaches the victim.
  await expect.poll(async () => (await rowStatuses(page)).includes('onSiteVictim'), { timeout: 60_000 }).toBe(true);
  expect((await rowStatuses(page)).filter((status) => engaged.includes(status)).length).toBeGreaterThan(0);
  await shot(page, '3-on-site');

  // Move the victim 90 m: accepted.
  await paste(page, '45.7780, 3.0870');
  await expect.poll(() => page.locator('[data-testid="victim-coordinates"]').textContent(), { timeout: 15_000 }).toContain('45.77800, 3.08700');
  await expect.poll(() => toastText(page), { timeout: 10_000 }).toContain('address has been updated');

  // Move it 2.7 km: too far, close this one and create a new one? Keep it.
  await paste(page, '45.8000, 3.1000');
  await expect.poll(() => page.locator('[data-testid="too-far-dialog"]').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.locator('[data-testid="too-far-dialog"]').textContent()).toContain('close this intervention and create a new one');
  await shot(page, '4-too-far');
  await page.locator('[data-testid="too-far-dialog"] button', { hasText: 'Keep the current address' }).click();
  await expect.poll(() => page.locator('[data-testid="too-far-dialog"]').count(), { timeout: 5_000 }).toBe(0);
  expect(await page.locator('[data-testid="victim-coordinates"]').textContent()).toContain('45.77800, 3.08700');

  // End the intervention, after confirming.
  await page.locator('[data-testid="end-intervention"]').click();
  await page.locator('[data-testid="confirm-end"]').click();
  await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase'), { timeout: 15_000 }).toBe('closed');
  expect(await page.locator('[data-testid="closed-message"]').textContent()).toContain('You ended this intervention');
  await expect.poll(() => page.locator('[data-testid="ongoing-banner"]').count(), { timeout: 15_000 }).toBe(0);
  await shot(page, '5-closed');
  expect(errors).toEqual([]);
}, 240_000);

alertE2e('an intervention opened from its address: closed by someone else asks to reload; a too-far move closes it and sets up a new one', async ({ vigil, browser, page }) => {
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: vigil.url });
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en_US')));
  const operator = await emergencyApiAs(vigil.url, 'operator@vigil.test');
  const administrator = await emergencyApiAs(vigil.url, 'administrator@vigil.test');
  const victim = { lat: 45.7772, lon: 3.087, address: '1 place de Jaude, Clermont-Ferrand', alertType: 7, debugMode: 1 };
  await signInAfresh(page, vigil.url, 'operator@vigil.test');

  // Someone else ends the intervention the dispatcher is following.
  const first = await operator<{ alertId: number }>('alertLaunch', victim);
  await page.goto(`${vigil.url}/alert/call?alertId=${first.alertId}`);
  await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase'), { timeout: 15_000 }).toBe('live');
  expect(await page.locator('[data-testid="alert-status"]').textContent()).toContain('Unconscious person');
  await administrator('alertClose', { alertId: first.alertId });
  await expect.poll(() => page.locator('[data-testid="closed-elsewhere-dialog"]').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.locator('[data-testid="closed-elsewhere-dialog"]').textContent()).toContain('Amandine Petit closed this intervention');
  await shot(page, '6-closed-elsewhere');
  await page.locator('[data-testid="reload-closed"]').click();
  await expect.poll(() => page.locator('[data-testid="closed-message"]').textContent(), { timeout: 15_000 }).toContain('Amandine Petit ended this intervention');
  expect(await page.locator('[data-testid="alert-status"]').getAttribute('data-phase')).toBe('closed');

  // A move beyond 0.3 km: close this one and set up a new one at the new place.
  const second = await operator<{ alertId: number }>('alertLaunch', victim);
  await page.goto(`${vigil.url}/alert/call?alertId=${second.alertId}`);
  await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase'), { timeout: 15_000 }).toBe('live');
  await page.evaluate(() => navigator.clipboard.writeText('45.8000, 3.1000'));
  await page.locator('[data-testid="paste-coordinates"]').click();
  await page.locator('[data-testid="replace-intervention"]').click();
  await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase'), { timeout: 15_000 }).toBe('editing');
  await expect.poll(() => page.locator('[data-testid="victim-coordinates"]').textContent(), { timeout: 15_000 }).toContain('45.80000, 3.10000');
  await expect.poll(() => new URL(page.url()).searchParams.get('alertId'), { timeout: 15_000 }).not.toBe(String(second.alertId));
  expect((await operator<{ close: number }>(`alerts/${second.alertId}`)).close).toBe(1);
  expect(await page.locator('[data-testid="alert-type-7"]').getAttribute('aria-checked')).toBe('true');
}, 180_000);
