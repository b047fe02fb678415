import { expect } from 'vitest';
import { e2e, prepareE2e, screenshot, signIn, testBasemap } from './harness';
import { drawnTileColours } from './map-tiles';

/**
 * The street map from the offline archive: a Vigil serving the test archive (TILE_PMTILES, no
 * online tiles), the dispatcher's map reads it with HTTP range requests and protomaps-leaflet draws
 * its streets around place de Jaude; no "street map unavailable" notice.
 */

prepareE2e({ env: testBasemap() });

e2e('the alert map draws the streets of the offline archive, read with range requests', { timeout: 120_000 }, async ({ vigil, browser, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const archiveAnswers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/tiles/basemap.pmtiles')) archiveAnswers.push(response.status());
  });
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: vigil.url });
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en_US')));
  await signIn(page, vigil.url, 'operator@vigil.test');
  await page.goto(`${vigil.url}/alert/call`);
  await page.locator('#alert-address').waitFor({ timeout: 15_000 });

  // Place de Jaude by its coordinates: the map comes to it at street zoom.
  await page.evaluate(() => navigator.clipboard.writeText('45.7772, 3.0819'));
  await page.locator('[data-testid="paste-coordinates"]').click();
  await expect.poll(() => page.locator('[data-testid="victim-coordinates"]').textContent(), { timeout: 15_000 }).toContain('45.77720, 3.08190');

  await expect.poll(() => drawnTileColours(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  expect(archiveAnswers.length).toBeGreaterThan(0);
  expect(archiveAnswers.every((status) => status === 206)).toBe(true);
  expect(await page.locator('.vigil-map__notice').count()).toBe(0);
  expect(await page.locator('.leaflet-control-attribution').textContent()).toContain('Vigil test archive');
  await screenshot(page, 'maps-archive-place-de-jaude');
  expect(errors).toEqual([]);
});
