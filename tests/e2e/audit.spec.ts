import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { e2e, prepareE2e, screenshot, signIn } from './harness';

/**
 * The audit log as a super administrator reads it, in Chromium against a real Vigil: an AED problem
 * reported, deleted and restored, then the audit screen shows who did it and when, narrows to one
 * action and opens its details.
 */

prepareE2e();

const ready = (page: Page) => page.locator('[data-testid="audit-log"][data-phase="ready"]').waitFor({ timeout: 30_000 });
const count = async (page: Page) => Number(await page.locator('[data-testid="audit-entries"]').getAttribute('data-count'));

/** Calls the API as the signed-in page does, with its token; answers the status and the data. */
async function api<T>(page: Page, url: string, method: string, body: unknown): Promise<{ status: number; data: T }> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token);
  const response = await fetch(url, { method, headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, data: ((await response.json()) as { data: T }).data };
}

e2e('a super administrator finds their own AED changes in the audit log, narrows it to one action and reads its details', { timeout: 120_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${vigil.url}/health`);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, vigil.url, 'admin@vigil.test');
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en_US')));

  // Three audited changes on one AED, as the AED screens make them.
  const aeds = await api<{ list: { udid: string }[] }>(page, `${vigil.url}/services/backOffice/aed/getAllList`, 'POST', { limit: 1 });
  const { udid } = aeds.data.list[0];
  expect((await api(page, `${vigil.url}/services/backOffice/aed/reportProblem`, 'POST', { idData: udid, problem: 3 })).status).toBe(200);
  expect((await api(page, `${vigil.url}/services/backOffice/aed/softDelete`, 'PATCH', { udid })).status).toBe(200);
  expect((await api(page, `${vigil.url}/services/backOffice/aed/restoreAed`, 'PATCH', { udid })).status).toBe(200);

  // The menu leads to the screen; the newest entry comes first, with who and when.
  await page.goto(`${vigil.url}/dashboard/view`);
  await page.locator('#side-menu').waitFor({ timeout: 15_000 });
  if (await page.locator('#side-menu.is-mini').count()) await page.locator('#side-menu-toggle').click();
  await page.locator('#side-menu a.menu-link[href="/admin/audit"]').click();
  await page.waitForURL('**/admin/audit');
  await ready(page);
  const rows = page.locator('.audit-table tbody tr', { hasText: udid });
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
  expect(await rows.locator('[data-action]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-action')))).toEqual(['aed.restore', 'aed.softDelete', 'aed.reportProblem']);
  const restored = await rows.first().textContent();
  expect(restored).toContain('AED restored');
  expect(restored).toContain('admin@vigil.test');
  expect(restored).toContain('Super administrator');
  expect(restored).toMatch(/\d{1,2}\/\d{1,2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  const everything = await count(page);
  expect(everything).toBeGreaterThanOrEqual(3);

  // Narrowed to the problem reports: only that row is left.
  await page.locator('.p-dropdown', { has: page.locator('#audit-action') }).click();
  await page.locator('.p-dropdown-item', { hasText: 'AED problem reported' }).click();
  await expect.poll(() => count(page), { timeout: 15_000 }).toBe(1);
  await ready(page);
  const report = page.locator('.audit-table tbody tr', { hasText: udid });
  expect(await report.count()).toBe(1);
  expect(await report.locator('[data-action]').getAttribute('data-action')).toBe('aed.reportProblem');

  // Its details: the address called and the problem type recorded.
  await report.locator('button[data-pc-section="rowtoggler"]').click();
  const details = page.locator('[data-testid="audit-details"]');
  await details.waitFor({ timeout: 10_000 });
  expect(await details.textContent()).toContain('POST /services/backOffice/aed/reportProblem');
  expect(await details.locator('[data-detail="problem"]').textContent()).toBe('3');
  await screenshot(page, 'audit-log-details');
  expect(errors).toEqual([]);
});
