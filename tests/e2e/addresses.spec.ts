import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { e2e, prepareE2e, screenshot, signIn, testBasemap } from './harness';
import { drawnTileColours } from './map-tiles';

/**
 * Addresses on the alert screen, on a fresh demo start with the offline test archive as street map:
 * a house-number suggestion places the pin at its number on drawn streets, and the details typed
 * before launch stay on the live and closed screens; swapped coordinates in the clipboard are caught
 * and the swap offered; a window narrower than 768 px still gets the mobile page only.
 */
prepareE2e({ env: testBasemap() });

const victimText = (page: Page) => page.locator('[data-testid="victim-coordinates"]').textContent();
const toastText = (page: Page) => page.locator('.p-toast-message').allTextContents().then((texts) => texts.join(' | '));

async function openAlertScreen(page: Page, url: string) {
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en_US')));
  // A clean slate: the browser profile is shared by the tests of this file.
  await page.goto(`${url}/authentication/sign-in`);
  await page.evaluate(() => localStorage.removeItem('user'));
  await signIn(page, url, 'operator@vigil.test');
  await page.goto(`${url}/alert/call`);
  await page.locator('#alert-address').waitFor({ timeout: 15_000 });
}

/** Metres between two points (equirectangular: enough at 30 m). */
function metres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const x = (b.lon - a.lon) * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180)) * 111_195;
  const y = (b.lat - a.lat) * 111_195;
  return Math.hypot(x, y);
}

e2e('the operator types "12 place de Jaude", picks the house-number suggestion, the pin lands on it; the details stay until and after the close', { timeout: 180_000 }, async ({ vigil, page }) => {
  await openAlertScreen(page, vigil.url);
  await page.locator('#alert-address').pressSequentially('12 place de Jaude', { delay: 20 });
  const first = page.locator('.p-autocomplete-item').first();
  await first.waitFor({ timeout: 15_000 });
  expect(await first.textContent()).toContain('12 Place de Jaude 63000 Clermont-Ferrand');
  expect(await first.locator('[data-testid="suggestion-precision"]').textContent()).toBe('house number');
  expect(await first.textContent()).toContain('63 Puy-de-Dôme');
  const suggested = await page.evaluate(async (url) => {
    const token = (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token;
    const response = await fetch(`${url}/services/backOffice/aed/geoCoding?address=${encodeURIComponent('12 place de Jaude')}`, { headers: { authorization: `JWT ${token}` } });
    return ((await response.json()) as { data: { lat: number; lon: number }[] }).data[0];
  }, vigil.url);
  await first.click();
  await expect.poll(() => victimText(page), { timeout: 15_000 }).toMatch(/\d+\.\d{5}, \d+\.\d{5}/);
  const [lat, lon] = ((await victimText(page)) ?? '').match(/-?\d+\.\d+/g)!.map(Number);
  expect(metres({ lat, lon }, suggested)).toBeLessThan(30);
  expect(await page.locator('[data-testid="address-message"]').count()).toBe(0);
  await expect.poll(() => drawnTileColours(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  await screenshot(page, 'addresses-house-number');

  // Details typed before launch, seen on the live screen, edited, seen again once closed.
  await page.locator('#alert-details').fill('5th floor, code 9876');
  await expect.poll(() => page.locator('[data-testid="launch-alert"]').isDisabled(), { timeout: 15_000 }).toBe(false);
  await page.locator('[data-testid="launch-alert"]').click();
  await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase'), { timeout: 20_000 }).toBe('live');
  await expect.poll(() => page.locator('[data-testid="alert-details-text"]').textContent(), { timeout: 15_000 }).toContain('5th floor, code 9876');
  await page.locator('[data-testid="edit-details"]').click();
  await page.locator('[data-testid="alert-details-input"]').fill('5th floor, code 9876, lift out of order');
  await page.locator('[data-testid="save-details"]').click();
  await expect.poll(() => page.locator('[data-testid="alert-details-text"]').textContent(), { timeout: 15_000 }).toContain('lift out of order');
  await page.locator('[data-testid="end-intervention"]').click();
  await page.locator('[data-testid="confirm-end"]').click();
  await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase'), { timeout: 15_000 }).toBe('closed');
  expect(await page.locator('[data-testid="alert-details-text"]').textContent()).toContain('5th floor, code 9876, lift out of order');
  await screenshot(page, 'addresses-closed-details');
});

e2e('swapped coordinates in the clipboard are caught and the swap offered; a 700 px window is still refused', { timeout: 120_000 }, async ({ vigil, browser, page }) => {
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: vigil.url });
  await openAlertScreen(page, vigil.url);
  await page.evaluate(() => navigator.clipboard.writeText('3.0870, 45.7772'));
  await page.locator('[data-testid="paste-coordinates"]').click();
  const dialog = page.locator('[data-testid="swapped-coordinates"]');
  await dialog.waitFor({ timeout: 15_000 });
  expect(await dialog.textContent()).toContain('45.77720, 3.08700');
  // Nothing was placed at sea meanwhile.
  expect(await victimText(page)).not.toContain('3.08700, 45.77720');
  await screenshot(page, 'addresses-swapped');
  await page.locator('[data-testid="use-swapped"]').click();
  await expect.poll(() => victimText(page), { timeout: 15_000 }).toContain('45.77720, 3.08700');

  // At sea with no swap that helps: refused with a message, no pin.
  await page.evaluate(() => navigator.clipboard.writeText('46.0, -10.0'));
  await page.locator('[data-testid="paste-coordinates"]').click();
  await expect.poll(() => toastText(page), { timeout: 10_000 }).toContain('outside the service');
  expect(await victimText(page)).toContain('45.77720, 3.08700');

  await page.setViewportSize({ width: 700, height: 900 });
  await expect.poll(() => page.locator('text=cannot be used on').count().catch(() => 0), { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await page.locator('#alert-address').count()).toBe(0);
});
