import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { e2e, prepareE2e, screenshot, signIn } from './harness';

/**
 * Addresses on the alert screen, on a fresh demo start: a house-number suggestion places the pin
 * at its number; swapped coordinates in the clipboard are caught and the swap offered; a window
 * narrower than 768 px still gets the mobile page only.
 */
prepareE2e();

const victimText = (page: Page) => page.locator('[data-testid="victim-coordinates"]').textContent();
const toastText = (page: Page) => page.locator('.p-toast-message').allTextContents().then((texts) => texts.join(' | '));

async function openAlertScreen(page: Page, url: string) {
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en_US')));
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

e2e('the operator types "12 place de Jaude", picks the house-number suggestion and the pin lands on it', async ({ vigil, page }) => {
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
  await screenshot(page, 'addresses-house-number');
});

e2e('swapped coordinates in the clipboard are caught and the swap offered; a 700 px window is still refused', async ({ vigil, browser, page }) => {
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
