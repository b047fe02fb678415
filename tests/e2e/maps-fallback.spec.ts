import { expect } from 'vitest';
import { e2e, prepareE2e, screenshot, signIn } from './harness';

/**
 * No street map reachable: the online tile server refuses (a closed port) and there is no archive.
 * The map says so ("street map unavailable") and shows the outlines with commune names instead of
 * a silent grid; a tile path Vigil does not serve is a 404, not the SPA's page.
 */

prepareE2e({ env: { TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' } });

e2e('an unreachable street map gives outlines, commune names and a visible notice', { timeout: 120_000 }, async ({ vigil, page }) => {
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en_US')));
  await signIn(page, vigil.url, 'operator@vigil.test');
  await page.goto(`${vigil.url}/alert/call`);
  await page.locator('#alert-address').waitFor({ timeout: 15_000 });

  const notice = page.locator('.vigil-map__notice');
  await notice.waitFor({ timeout: 20_000 });
  expect(await notice.textContent()).toContain('Street map unavailable');
  // Département outlines drawn (SVG paths), and commune names at the initial zoom (11) around Clermont-Ferrand.
  await expect.poll(() => page.locator('.vigil-map .leaflet-pane path').count(), { timeout: 20_000 }).toBeGreaterThan(5);
  await expect.poll(() => page.locator('.vigil-commune-name').allTextContents(), { timeout: 20_000 }).toContain('Clermont-Ferrand');
  await screenshot(page, 'maps-fallback-outlines');
});

e2e('unknown tile paths answer 404 with a message key, not the SPA page', async ({ vigil }) => {
  for (const path of ['/tiles/12/2100/1400.png', '/tiles/basemap.pmtiles']) {
    const answer = await fetch(`${vigil.url}${path}`);
    expect(answer.status, path).toBe(404);
    expect(answer.headers.get('content-type'), path).toContain('application/json');
  }
  const page = await fetch(`${vigil.url}/alert/call`);
  expect(page.headers.get('content-type')).toContain('text/html');
});
