import { expect } from 'vitest';
import type { CoverageMap } from '../../contract/coverage.schemas';
import { e2e, prepareE2e, screenshot, signInInEnglish } from './harness';
import { recordAnswers } from './server-answers';

/**
 * The coverage-gap map on the demo data (two weeks of position history, AEDs with opening hours):
 * an analyst opens it on weekdays at 14:00, shows the gaps layer, changes the hour to 03:00 and sees
 * gap cells appear where the AEDs close at night; a worst gap explains itself. Each hour is first
 * answered "being computed" (the request never computes: it queues the job), and the screen asks
 * again until the job is done (whether the map itself is answered so depends on whether the job
 * ends before its question: the summary's, sent beside it, queued it; coverage.journeys.test.ts
 * holds what the screen shows meanwhile).
 */

prepareE2e();

const target = (map: CoverageMap) => map.targetSeconds;
const gapKeys = (map: CoverageMap) => new Set(map.cells.filter(([, , , aed]) => aed === null || aed > target(map)).map(([ix, iy]) => `${ix}:${iy}`));

e2e('at 03:00 gap cells appear on the coverage map where AEDs close at night', async ({ vigil, page }) => {
  const answerTo = recordAnswers(page);
  // The map's ready answers by hour (the latest of each), from the query each was asked with, and
  // the states the map and the summary were answered with, by hour.
  const ready = new Map<number, CoverageMap>();
  const states = new Map<number, string[]>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!/^\/services\/backoffice\/coverage\/(map|summary)$/.test(url.pathname) || !response.ok()) return;
    const hour = Number(url.searchParams.get('hour'));
    response
      .json()
      .then((body: { data: CoverageMap }) => {
        states.set(hour, [...(states.get(hour) ?? []), body.data.state]);
        if (url.pathname.endsWith('/map') && body.data.state === 'ready') ready.set(hour, body.data);
      })
      .catch(() => undefined);
  });
  const readyAt = async (hour: number) => {
    await expect.poll(() => ready.has(hour), { timeout: 60_000, message: `the map of ${hour}:00 computed` }).toBe(true);
    return ready.get(hour)!;
  };
  await signInInEnglish(page, vigil.url, 'referent@vigil.test');
  await page.goto(`${vigil.url}/dashboard/coverage`);
  const status = page.locator('[data-testid="coverage-status"]');
  await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/gap cells? in view/);
  await page.locator('.p-selectbutton .p-button', { hasText: 'Gaps' }).click();
  const gapCells = page.locator('path.coverage-cell--gap');

  const afternoon = await readyAt(14);
  expect(states.get(14)).toContain('computing');
  expect((await answerTo<CoverageMap>('/services/backoffice/coverage/map')).state).toBe('ready');
  await expect.poll(() => gapCells.count()).toBe(gapKeys(afternoon).size);
  await screenshot(page, 'coverage-14h');

  await page.locator('.p-dropdown:has(#coverage-hour)').click();
  await page.locator('li[role="option"]', { hasText: '03:00' }).click();
  const night = await readyAt(3);
  // Never asked before: the first of the screen's questions (summary and map go together) was
  // answered at once as being computed, having queued the job; the screen asked again until ready.
  expect(states.get(3)).toContain('computing');
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
