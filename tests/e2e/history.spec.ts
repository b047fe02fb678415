import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { e2e, prepareE2e, signIn } from './harness';

/**
 * After the intervention, as a referent works it in Chromium against a real Vigil and its year of
 * demo interventions: filter the history, open a chronology, export the history to Excel, call a
 * responder back and send the post-intervention form (an invalid massage duration first, then a
 * valid one), and read the referent dashboard.
 */

prepareE2e();

/** Signs the referent in with the interface in English. */
async function openHistory(page: Page, url: string, query = ''): Promise<void> {
  await page.goto(`${url}/authentication/sign-in`);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, url, 'referent@vigil.test');
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en_US')));
  await page.goto(`${url}/alert/history${query}`);
  await ready(page);
}

const ready = (page: Page) => page.locator('[data-testid="alert-history"][data-phase="ready"]').waitFor({ timeout: 30_000 });
const count = async (page: Page) => Number(await page.locator('[data-testid="history-entries"]').getAttribute('data-count'));

/** Calls the API as the signed-in page does, with its token. */
async function api<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token);
  const response = await fetch(url, { headers: { authorization: `JWT ${token}` } });
  return ((await response.json()) as { data: T }).data;
}

e2e('filter the history, open a chronology and export it to Excel', { timeout: 180_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openHistory(page, vigil.url);
  const everything = await count(page);
  expect(everything).toBeGreaterThan(20);
  expect(await page.locator('.history-table tbody tr').count()).toBe(20);

  // Filter by type: every row is then a cardiac arrest, and there are fewer of them.
  await page.locator('.p-dropdown', { has: page.locator('#history-type') }).click();
  await page.locator('.p-dropdown-item', { hasText: 'Cardiac arrest' }).click();
  await ready(page);
  const arrests = await count(page);
  expect(arrests).toBeGreaterThan(0);
  expect(arrests).toBeLessThan(everything);
  const types = await page.locator('.history-table tbody tr .history-type').allTextContents();
  expect(types.every((text) => text.includes('Cardiac arrest'))).toBe(true);

  // Search an address: the rows all hold it.
  // Once the typing stops the list is asked again with the address: wait for that answer.
  const searched = page.waitForResponse((response) => response.url().includes('/getAlertHistory') && new URL(response.url()).searchParams.get('address') === 'Aubière');
  await page.locator('#history-address').fill('Aubière');
  await searched;
  await ready(page);
  const addresses = await page.locator('.history-table tbody tr .history-address').allTextContents();
  expect(addresses.length).toBeGreaterThan(0);
  expect(addresses.every((text) => text.includes('Aubière'))).toBe(true);
  const filtered = await count(page);

  // The chronology of the first alert: from its trigger to its close.
  await page.locator('.history-table tbody tr').first().locator('button[aria-label^="Chronology of alert"]').click();
  const dialog = page.locator('.chronology-dialog');
  await dialog.locator('[data-kind="launched"]').waitFor({ timeout: 20_000 });
  const lines = await dialog.locator('.chronology__line').allTextContents();
  expect(lines[0]).toMatch(/created the alert|triggered the alert/);
  expect(lines.some((line) => line.includes('alerted, '))).toBe(true);
  expect(lines.some((line) => /ended the intervention|closed by itself \d+ minutes after launch/.test(line))).toBe(true);
  await dialog.locator('.p-dialog-header-close').click();
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });

  // Export: the file holds the filtered alerts, one per row, under an English header.
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.locator('button', { hasText: 'Export to Excel' }).click()]);
  const workbook = XLSX.read(readFileSync((await download.path())!), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0]], { header: 1, defval: null });
  expect(rows[0].slice(0, 3)).toEqual(['Alert', 'Created', 'Triggered']);
  expect(rows).toHaveLength(filtered + 1);
  expect(rows.slice(1).every((row) => String(row[7]).includes('Aubière') && row[6] === 'Cardiac arrest')).toBe(true);
  expect(errors).toEqual([]);
});

e2e('call a responder back: an invalid massage duration, then a valid one, and the form is sent', { timeout: 180_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openHistory(page, vigil.url, '?tag=toDo');
  const before = await api<{ toDo: { total: number } }>(page, `${vigil.url}/services/backoffice/alert/getCallActions`);

  // The first alert with a responder to call: its form.
  await page.locator('.history-table button[data-pc-section="rowtoggler"]').first().click();
  const departure = page.locator('.departures tbody tr', { has: page.locator('[data-contact-status="toDo"]') }).first();
  const requestId = Number(await departure.getAttribute('data-request'));
  await departure.locator('a', { hasText: 'Post-intervention form' }).click();
  await page.waitForURL(`**/alert/citizenAlertForm/${requestId}`);
  await page.locator('[data-testid="citizen-form"]').waitFor({ timeout: 20_000 });

  await page.locator('#outcome-done').click();
  await page.locator('.p-dropdown', { has: page.locator('#interview-massageDuration') }).click();
  await page.locator('.p-dropdown-item', { hasText: 'Other (more than 10 minutes)' }).click();
  const minutes = page.locator('#interview-massageDurationOther');
  await minutes.click();
  await minutes.pressSequentially('8');
  await page.locator('button[type="submit"]', { hasText: 'Send' }).click();
  const problem = page.locator('#interview-massageDurationOther-error');
  await problem.waitFor({ timeout: 10_000 });
  expect(await problem.textContent()).toBe('Enter a number of minutes greater than 10.');
  expect(await page.locator('[data-testid="citizen-form-sent"]').count()).toBe(0);

  await minutes.selectText();
  await minutes.pressSequentially('15');
  await problem.waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('#interview-notes').fill('Massage until the fire brigade arrived.');
  await page.locator('button[type="submit"]', { hasText: 'Send' }).click();
  await page.locator('[data-testid="citizen-form-sent"]').waitFor({ timeout: 20_000 });

  // The server has it: the call-back is done, with the answers; one fewer to call.
  const form = await api<{ contactStatus: string; answers: { intervention: { massageDuration: string; massageDurationOther: number; notes: string } } }>(page, `${vigil.url}/services/backoffice/alert/citizenAlertForm/${requestId}`);
  expect(form.contactStatus).toBe('done');
  expect(form.answers.intervention).toMatchObject({ massageDuration: 'other', massageDurationOther: 15, notes: 'Massage until the fire brigade arrived.' });
  const after = await api<{ toDo: { total: number } }>(page, `${vigil.url}/services/backoffice/alert/getCallActions`);
  expect(after.toDo.total).toBe(before.toDo.total - 1);
  expect(await page.evaluate((id) => localStorage.getItem(`citizenAlertForm:${id}`), requestId)).toBeNull();
  expect(errors).toEqual([]);
});

e2e('read the referent dashboard: personal figures, call actions and departures as the server counts them', { timeout: 180_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openHistory(page, vigil.url);
  await page.goto(`${vigil.url}/dashboard/view`);
  await page.locator('[data-testid="stat-interventions"] .stat-tile__value').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="call-action-toDo"] .call-action__total').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });

  const stats = await api<{ personal: { formComplete: number }; departure: { month: { nbIntervention: number; nbRescuer: number } } }>(page, `${vigil.url}/services/backoffice/alert/getStatsReferentDashboard`);
  const actions = await api<{ toDo: { total: number }; recall: { total: number } }>(page, `${vigil.url}/services/backoffice/alert/getCallActions`);
  const number = async (selector: string) => Number(((await page.locator(selector).textContent()) ?? '').replace(/\D/g, ''));
  expect(await number('[data-testid="stat-forms"] .stat-tile__value')).toBe(stats.personal.formComplete);
  expect(await number('[data-testid="stat-interventions"] .stat-tile__value')).toBe(stats.departure.month.nbIntervention);
  expect(await number('[data-testid="stat-rescuers"] .stat-tile__value')).toBe(stats.departure.month.nbRescuer);
  expect(await number('[data-testid="call-action-toDo"] .call-action__total')).toBe(actions.toDo.total);
  expect(await number('[data-testid="call-action-recall"] .call-action__total')).toBe(actions.recall.total);
  expect(await page.locator('[data-testid="indicator-alerts-type"] .apexcharts-canvas').count()).toBe(1);

  // The departure switch shows the total, and an unknown dashboard says so.
  await page.locator('.dash-switch .p-button', { hasText: 'In total' }).click();
  const total = await api<{ departure: { total: { nbIntervention: number } } }>(page, `${vigil.url}/services/backoffice/alert/getStatsReferentDashboard?isPersonalFetch=false&isMonthDepartureFetch=false`);
  await expect.poll(() => number('[data-testid="stat-interventions"] .stat-tile__value'), { timeout: 20_000 }).toBe(total.departure.total.nbIntervention);
  await page.goto(`${vigil.url}/dashboard/view?view=weekly`);
  await page.locator('[data-testid="dashboard-message"]', { hasText: 'This dashboard does not exist.' }).waitFor({ timeout: 20_000 });
  expect(errors).toEqual([]);
});
