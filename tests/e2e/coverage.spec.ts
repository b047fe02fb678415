import { expect } from 'vitest';
import type { CoverageMap } from '../../contract/coverage.schemas';
import { e2e, prepareE2e, screenshot, signInInEnglish } from './harness';
import { recordAnswers } from './server-answers';

/**
 * The coverage-gap map on the demo data (two weeks of position history, AEDs with opening hours):
 * an analyst opens it on weekdays at 14:00, shows the gaps layer, changes the hour to 03:00 and sees
 * gap cells appear where the AEDs close at night; a worst gap explains itself.
 */

prepareE2e();

const target = (map: CoverageMap) => map.targetSeconds;
const gapKeys = (map: CoverageMap) => new Set(map.cells.filter(([, , , aed]) => aed === null || aed > target(map)).map(([ix, iy]) => `${ix}:${iy}`));

e2e('at 03:00 gap cells appear on the coverage map where AEDs close at night', async ({ vigil, page }) => {
  const answerTo = recordAnswers(page);
  await signInInEnglish(page, vigil.url, 'referent@vigil.test');
  await page.goto(`${vigil.url}/dashboard/coverage`);
  const status = page.locator('[data-testid="coverage-status"]');
  await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/gap cells? in view/);
  await page.locator('.p-selectbutton .p-button', { hasText: 'Gaps' }).click();
  const gapCells = page.locator('path.coverage-cell--gap');

  const afternoon = await answerTo<CoverageMap>('/services/backoffice/coverage/map');
  await expect.poll(() => gapCells.count()).toBe(gapKeys(afternoon).size);
  await screenshot(page, 'coverage-14h');

  await page.locator('.p-dropdown:has(#coverage-hour)').click();
  await page.locator('li[role="option"]', { hasText: '03:00' }).click();
  await expect.poll(async () => (await answerTo<CoverageMap>('/services/backoffice/coverage/map')).cells !== afternoon.cells && gapKeys(await answerTo<CoverageMap>('/services/backoffice/coverage/map')).size !== gapKeys(afternoon).size, { timeout: 60_000 }).toBe(true);
  const night = await answerTo<CoverageMap>('/services/backoffice/coverage/map');
  expect(night.level).toBe(afternoon.level);
  const appeared = [...gapKeys(night)].filter((key) => !gapKeys(afternoon).has(key));
  expect(appeared.length).toBeGreaterThan(0);
  await expect.poll(() => gapCells.count()).toBe(gapKeys(night).size);
  expect(gapKeys(night).size).toBeGreaterThan(gapKeys(afternoon).size);
  await expect.poll(() => status.textContent()).toContain(`${gapKeys(night).size} gap cells in view`);
  await screenshot(page, 'coverage-03h');

  // A worst gap of the night explains itself.
  const worst = page.locator('[data-testid="coverage-worst-list"] button').first();
  if ((await worst.count()) > 0) {
    await worst.click();
    await expect.poll(() => page.locator('[data-testid="coverage-reasons"] li').count()).toBeGreaterThan(0);
  }
});
