import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { schemaDaeColumnNames } from '../../server/src/modules/aeds/schema-dae';
import { readyAedBody } from '../fixtures/aed/open-data';
import { e2e, prepareE2e, signIn } from './harness';

/**
 * The GeoDAE declaration as an AED manager makes it (issue 22): the list shows which AEDs are
 * ready for GeoDAE (a badge whose title names what is missing), filters on it, and the open-data
 * menu downloads the declaration of the ready ones in schema-dae 1.0.7 columns.
 */

prepareE2e();

/** Two ready AEDs and one without brand or last maintenance, made through the API as the AED form would. */
async function seedAeds(url: string, stamp: string): Promise<void> {
  const signin = await fetch(`${url}/services/backOffice/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'aed-manager@vigil.test', password: 'Vigil-Demo-2026!' }) });
  const token = ((await signin.json()) as { data: { token: string } }).data.token;
  const aed = (n: number, overrides: Record<string, unknown> = {}) => readyAedBody(`Déclaration ${stamp}`, n, overrides);
  for (const body of [aed(1), aed(2), aed(3, { brand: null, maintenanceLastDate: null })]) {
    const response = await fetch(`${url}/services/backOffice/aed/patchAed/new`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `JWT ${token}` }, body: JSON.stringify(body) });
    expect(response.status, await response.clone().text()).toBe(200);
  }
}

e2e('an AED manager sees the readiness badges, filters on them and downloads the GeoDAE declaration', { timeout: 180_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const stamp = `geodae${Date.now()}`;
  await seedAeds(vigil.url, stamp);

  await page.goto(`${vigil.url}/authentication/sign-in`);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, vigil.url, 'aed-manager@vigil.test');
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en_US')));
  await page.goto(`${vigil.url}/aed/list`);
  const ready = () => page.locator('[data-testid="aed-list"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  await ready();

  await page.locator('#aed-search').fill(stamp);
  await page.locator('[data-filter="ALL:"]').waitFor();
  await ready();
  const rows = page.locator('.aed-table tbody tr');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
  const badges = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({ name: tr.querySelector('[data-testid="aed-link"]')?.textContent?.trim(), ready: tr.querySelector('[data-testid="geodae-readiness"]')?.getAttribute('data-ready'), title: tr.querySelector('[data-testid="geodae-readiness"]')?.getAttribute('title') })),
  );
  const byName = Object.fromEntries(badges.map((badge) => [badge.name, badge]));
  expect(byName[`Déclaration ${stamp} 1`]).toMatchObject({ ready: 'true', title: 'Ready for the GeoDAE declaration' });
  expect(byName[`Déclaration ${stamp} 3`]).toMatchObject({ ready: 'false', title: 'Not ready for GeoDAE, missing: brand, last maintenance date' });

  // The advanced search's "Ready for GeoDAE": yes.
  await page.locator('[data-testid="advanced-search-open"]').click();
  await page.locator('.p-dropdown:has(#adv-geoDaeReady)').click();
  await page.locator('.p-dropdown-item', { hasText: 'Yes' }).click();
  await page.locator('[data-testid="advanced-search-apply"]').click();
  await page.locator('[data-filter="ADVANCED:geoDaeReady"]').waitFor({ timeout: 15_000 });
  await ready();
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
  expect(await page.locator('[data-testid="geodae-readiness"][data-ready="false"]').count()).toBe(0);

  // The declaration of the list's current filter, ready AEDs only.
  await page.locator('[data-testid="open-data-export"]').click();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.locator('.open-data-geodae-ready a, .open-data-geodae-ready').first().click()]);
  expect(download.suggestedFilename()).toMatch(/^geodae-\d{8}-\d{4}\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8').trim().split(/\r\n/);
  expect(lines[0]).toBe(schemaDaeColumnNames.join(','));
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual([`Déclaration ${stamp} 1`, `Déclaration ${stamp} 2`]);
  expect(errors).toEqual([]);
});
