import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { e2e, prepareE2e, signInInEnglish } from './harness';

/**
 * The AED map as a user meets it in Chromium against a real Vigil: a filter chosen in the list
 * takes the map to the AEDs it finds, wherever the map was; two AEDs in one hall are one marker
 * that lists them, and the one picked opens.
 */

prepareE2e();

interface MapCall {
  zoom: number;
  bbox: { north: number; south: number; east: number; west: number };
  fit?: boolean;
}

/** Signs the super administrator in, in English, and opens the list. */
async function openList(page: Page, url: string): Promise<string> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInInEnglish(page, url);
  await page.goto(`${url}/aed/list`);
  await page.locator('[data-testid="aed-list"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  return page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string }).token);
}

e2e('a filter takes the map to its AEDs; AEDs of one hall are one marker that lists them', { timeout: 180_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const token = await openList(page, vigil.url);
  // Two AEDs in one sports hall of Le Puy-en-Velay, 100 km from where the map opens (Clermont, zoom 11).
  const hall = { lat: 45.04312, lon: 3.88551 };
  const udids: string[] = [];
  for (const [index, name] of ['Gymnase Vigilpile accueil', 'Gymnase Vigilpile tribune'].entries()) {
    const response = await page.request.patch(`${vigil.url}/services/backOffice/aed/patchAed/new`, {
      headers: { Authorization: `JWT ${token}` },
      data: { name, lat: hall.lat + index * 0.00002, lon: hall.lon, address: '2 avenue de la Dentelle', zipCode: '43000', city: 'Le Puy-en-Velay', country: 'FR' },
    });
    expect(response.status()).toBe(200);
    udids.push(((await response.json()) as { data: { udid: string } }).data.udid);
  }

  const mapCalls: MapCall[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/aed/getAedsMap')) mapCalls.push(request.postDataJSON() as MapCall);
  });
  await page.locator('[data-view="map"]').click();
  await page.waitForURL('**/aed/list?view=map');
  await page.locator('[data-testid="aed-map"][aria-busy="false"]').waitFor({ timeout: 20_000 });
  await expect.poll(() => mapCalls.length).toBeGreaterThan(0);
  // Where the map opens, the hall is out of view.
  expect(mapCalls[0]!.bbox.south).toBeGreaterThan(hall.lat);

  await page.locator('#aed-search').fill('vigilpile');
  await page.locator('[data-filter="ALL:"]').waitFor();
  // The map asks for the filter's extent, fits it, and shows both AEDs, close up.
  await expect.poll(() => mapCalls.some((call) => call.fit === true)).toBe(true);
  await expect.poll(() => page.locator('[data-testid="aed-map-total"] strong').textContent()).toBe('2');
  const last = mapCalls.at(-1)!;
  expect(last.zoom).toBeGreaterThanOrEqual(15);
  expect(last.bbox.south).toBeLessThan(hall.lat);
  expect(last.bbox.north).toBeGreaterThan(hall.lat);

  // Two metres apart: one marker with their count, whose list opens the one chosen.
  const stack = page.locator('.leaflet-marker-icon.vigil-stack');
  await stack.waitFor({ timeout: 15_000 });
  expect(await stack.textContent()).toBe('2');
  expect(await page.locator('.leaflet-marker-icon.aed-point').count()).toBe(0);
  await stack.click();
  const list = page.locator('[data-testid="map-stack-list"]');
  await list.waitFor({ timeout: 10_000 });
  expect((await list.locator('button').allTextContents()).map((text) => text.split(' · ')[0]).sort()).toEqual(['Gymnase Vigilpile accueil', 'Gymnase Vigilpile tribune']);
  await list.locator('button', { hasText: 'tribune' }).click();
  await page.waitForURL(`**/aed/form/update/${udids[1]}`);
  await page.locator('[data-testid="aed-form"]').waitFor({ timeout: 20_000 });
  expect(errors).toEqual([]);
});
