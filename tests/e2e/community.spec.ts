import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import en from '../../src/i18n/messages/en.json';
import { testerSearchDelayMs } from '../../src/machines/testers/testers.machine';
import { e2e, prepareE2e, resultsFolder, signIn } from './harness';

/**
 * The responder community screens of issue 7 as an administrator meets them, in Chromium on the
 * built SPA and a real server with its demo data: the news banner; a notification composed and
 * programmed a minute ahead, seen planned, started by its durable job, stopped, activated again,
 * duplicated and deleted; a tester added and sent a test; a responder validated after viewing the
 * diploma.
 */

prepareE2e();

const admin = 'admin@vigil.test';

async function shot(page: Page, name: string) {
  mkdirSync(resultsFolder, { recursive: true });
  // The viewport only: a full-page capture resizes the window for a moment, and under 768 px the
  // SPA swaps every screen for the mobile page (spec §1), which would reset the screen under test.
  await page.screenshot({ path: join(resultsFolder, `community-${name}.png`) });
}

/** Waits for a toast saying `text` (toasts leave after 2 s, so wait right after the action). */
async function toast(page: Page, text: string) {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** Signs in from a clean slate (the file's tests share one browser profile), in English. */
async function signInAfresh(page: Page, vigilUrl: string) {
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en_US')));
  await page.goto(`${vigilUrl}/authentication/sign-in`);
  await page.evaluate(() => {
    localStorage.removeItem('user');
    localStorage.removeItem('notification');
  });
  await signIn(page, vigilUrl, admin);
}

/** Opens a PrimeReact dropdown of the form field `field` and picks the option `label`. */
async function choose(page: Page, field: string, label: string) {
  await page.locator(`[data-field="${field}"] .p-dropdown`).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

const rowOf = (page: Page, title: string): Locator => page.locator('tr').filter({ has: page.locator(`[data-testid="notification-row"][data-title="${title}"]`) });
const statusOf = (row: Locator) => row.locator('[data-testid="notification-row"]').getAttribute('data-status', { timeout: 2000 }).catch(() => null);

e2e('the news banner shows the new staff news until it is dismissed', async ({ vigil, page }) => {
  await signInAfresh(page, vigil.url);
  await page.goto(`${vigil.url}/admin/notification/list`);
  const banner = page.locator('[data-testid="news-banner"]');
  await banner.waitFor({ timeout: 15_000 });
  expect(await banner.textContent()).toContain('New: responder validation and push notifications');
  expect(await banner.getAttribute('data-version')).toBe('2');
  await page.locator('[data-testid="news-dismiss"]').click();
  await banner.waitFor({ state: 'detached' });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('notification') ?? 'null') as { version: number; new: boolean } | null);
  expect(stored).toMatchObject({ version: 2, new: false });
  // After a reload the news is asked again: once its answer is in and rendered, still no banner.
  const newsAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/services/backOffice/notification/');
  await page.reload();
  await newsAnswered;
  await page.locator('[data-testid="notification-list"]').waitFor({ timeout: 15_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await banner.count()).toBe(0);
});

e2e('an administrator programs a notification, sees it planned, started at its date, stops and activates it, duplicates and deletes it', { timeout: 300_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInAfresh(page, vigil.url);
  const title = `Exercice e2e ${Date.now()}`;

  await page.goto(`${vigil.url}/admin/notification/add`);
  await page.locator('[data-testid="notification-form"]').waitFor({ timeout: 15_000 });

  // The checks of spec §5 before anything is sent.
  await page.locator('[data-testid="submit-notification"]').click();
  await page.locator('[data-testid="error-notif-title"]').waitFor();
  expect(await page.locator('[data-testid="error-notif-message"]').textContent()).toBe(en['error.required']);
  expect(await page.locator('[data-testid="error-notif-site"]').textContent()).toBe(en['error.required']);

  await page.locator('#notif-title').fill(title);
  await choose(page, 'notif-type', 'Training');
  await page.locator('#notif-language').getByText('French', { exact: true }).click();
  await page.locator('#notif-message').fill('Exercice de formation samedi à 10 h, place de Jaude.');
  await page.locator('#notif-url').fill('https://vigil.test/formation');
  await choose(page, 'notif-site', 'Vigil public app');

  // A structured condition: trained responders only.
  await page.locator('[data-testid="filter-add"]').click();
  await page.locator('[data-testid="filter-row"]').first().locator('.notif-filter__value').click();
  await page.getByRole('option', { name: en['responder.trained.trained'], exact: true }).click();
  await expect.poll(() => page.locator('[data-testid="potential-count"]').getAttribute('data-devices', { timeout: 1000 }).catch(() => null), { timeout: 15_000 }).not.toBeNull();
  const devices = Number(await page.locator('[data-testid="potential-count"]').getAttribute('data-devices'));
  expect(devices).toBeGreaterThan(0);

  // One message a second, so there is time to stop it; programmed a little over a minute ahead (Paris time).
  await page.locator('#notif-batch').fill('1');
  const at = DateTime.now().setZone('Europe/Paris').plus({ minutes: 2 }).startOf('minute');
  await page.locator('#notif-date').fill(at.toFormat('dd/MM/yyyy HH:mm'));
  await page.locator('#notif-title').click();
  await page.keyboard.press('Escape');
  await shot(page, '1-form');
  await page.locator('[data-testid="submit-notification"]').click();
  // A send to many phones asks first, with the count of phones it reaches.
  await page.locator('[data-testid="mass-send-count"]').waitFor();
  expect(await page.locator('[data-testid="mass-send-count"]').textContent()).toContain(`on ${devices} phones`);
  await page.locator('[data-testid="confirm-mass-send"]').click();
  await toast(page, en['notification.save.planned']);
  await page.waitForURL('**/admin/notification/list');

  // Planned in the list, with no play or stop: the chart starts it at its date only.
  const row = rowOf(page, title);
  await row.waitFor({ timeout: 15_000 });
  expect(await statusOf(row)).toBe('planned');
  expect(await row.locator('[data-testid="notification-status"]').textContent()).toBe(en['notification.statusGroup.planned']);
  expect(await row.locator('[data-testid="notification-play"], [data-testid="notification-stop"]').count()).toBe(0);
  await shot(page, '2-planned');

  // The durable job starts it at its date; the list follows live (REFRESH_NOTIFS), no reload.
  await expect.poll(() => statusOf(row), { timeout: 200_000, interval: 1000 }).toBe('activated');
  await row.locator('[data-testid="notification-sent"]').waitFor({ timeout: 15_000 });
  expect(await row.locator('[data-testid="notification-delete"]').count()).toBe(0);
  await row.locator('[data-testid="notification-stop"]').click();
  await toast(page, en['notification.stop.done']);
  await expect.poll(() => statusOf(row), { timeout: 10_000 }).toBe('stopped');
  await shot(page, '3-stopped');

  // Activate again, then stop once more.
  await row.locator('[data-testid="notification-play"]').click();
  await toast(page, en['notification.play.done']);
  await expect.poll(() => statusOf(row), { timeout: 10_000 }).toBe('activated');
  await row.locator('[data-testid="notification-stop"]').click();
  await expect.poll(() => statusOf(row), { timeout: 10_000 }).toBe('stopped');

  // Duplicate: a draft copy on top, the count raised.
  const countBefore = Number((await page.locator('[data-testid="notification-count"]').textContent())?.replace(/\D/g, ''));
  await row.locator('[data-testid="notification-duplicate"]').click();
  await toast(page, en['notification.duplicate.done']);
  const firstRow = page.locator('[data-testid="notification-row"]').first();
  await expect.poll(() => firstRow.getAttribute('data-title')).toBe(title);
  expect(await firstRow.getAttribute('data-status')).toBe('draft');
  await expect.poll(async () => Number((await page.locator('[data-testid="notification-count"]').textContent())?.replace(/\D/g, ''))).toBe(countBefore + 1);
  await shot(page, '4-duplicated');

  // Delete the copy, then the stopped original, each after the confirmation.
  const copy = page.locator('tr').filter({ has: page.locator(`[data-testid="notification-row"][data-title="${title}"][data-status="draft"]`) });
  await copy.locator('[data-testid="notification-delete"]').click();
  await page.locator('.p-confirm-popup-accept').click();
  await toast(page, en['notification.delete.done']);
  await expect.poll(() => copy.count()).toBe(0);
  await row.locator('[data-testid="notification-delete"]').click();
  await page.locator('.p-confirm-popup-accept').click();
  await expect.poll(() => rowOf(page, title).count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(async () => Number((await page.locator('[data-testid="notification-count"]').textContent())?.replace(/\D/g, ''))).toBe(countBefore - 1);
  expect(errors).toEqual([]);
});

e2e('an administrator adds a tester found by the search and sends it a test notification', async ({ vigil, page }) => {
  await signInAfresh(page, vigil.url);
  // The page's timers under the test's hand, so that "after the typing stops" can be played at once.
  await page.clock.install();
  await page.goto(`${vigil.url}/alert/testerManagement`);
  await page.locator('[data-testid="tester-row"]').first().waitFor({ timeout: 15_000 });
  const before = await page.locator('[data-testid="tester-row"]').count();
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/tester/search')) searches.push(new URL(request.url()).searchParams.get('filter') ?? '');
  });

  // One character asks nothing, however long the typing has stopped; two do.
  await page.locator('#tester-search').fill('M');
  await page.clock.runFor(3 * testerSearchDelayMs);
  expect(await page.locator('[data-testid="tester-hit"]').count()).toBe(0);
  expect(await page.locator('[data-testid="tester-search-hint"]').getAttribute('class')).toContain('p-error');
  const searched = page.waitForResponse((response) => response.url().includes('/tester/search'));
  await page.locator('#tester-search').fill('Manon Bernard');
  await page.clock.runFor(3 * testerSearchDelayMs);
  await searched;
  expect(searches).toEqual(['Manon Bernard']);
  const hit = page.locator('[data-testid="tester-hit"]').filter({ has: page.locator('[data-testid="hit-add"]') }).first();
  await hit.waitFor({ timeout: 15_000 });
  const udid = (await hit.getAttribute('data-udid'))!;
  await hit.locator('[data-testid="hit-add"]').click();
  await toast(page, en['tester.add.done']);
  const added = page.locator(`[data-testid="tester-row"][data-udid="${udid}"]`);
  await added.waitFor();
  expect(await page.locator('[data-testid="tester-row"]').count()).toBe(before + 1);
  await shot(page, '5-tester-added');

  // The test notification to the new tester's phone, through the outbox.
  await page.locator('tr').filter({ has: added }).locator('[data-testid="tester-notify"]').click();
  await toast(page, en['tester.notify.done']);
});

e2e('an administrator views a responder’s diploma and validates the responder', async ({ vigil, page }) => {
  await signInAfresh(page, vigil.url);
  await page.goto(`${vigil.url}/firstResponder/validation`);
  const rows = page.locator('[data-testid="responder-row"]');
  await rows.first().waitFor({ timeout: 15_000 });
  const waitingText = await page.locator('[data-testid="waiting-count"]').textContent();
  const waiting = Number(waitingText?.replace(/\D/g, ''));
  expect(waiting).toBeGreaterThan(0);

  const row = page.locator('tr').filter({ has: page.locator('[data-testid="diploma-open"]') }).first();
  const id = await row.locator('[data-testid="responder-row"]').getAttribute('data-id');
  await row.locator('[data-testid="diploma-open"]').click();
  const image = page.locator('[data-testid="diploma-image"]');
  await image.waitFor({ timeout: 15_000 });
  // Fetched with the JWT and shown from a blob, really decoded.
  expect(await image.getAttribute('src')).toMatch(/^blob:/);
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
  await shot(page, '6-diploma');

  await page.locator('[data-testid="diploma-validate"]').click();
  await page.locator('[data-testid="validation-dialog"]').waitFor();
  await page.locator('[data-testid="validation-confirm"]').click();
  await toast(page, '1 responder validated.');
  await page.locator('[data-testid="diploma-viewer"]').waitFor({ state: 'detached' });
  await expect.poll(async () => Number((await page.locator('[data-testid="waiting-count"]').textContent())?.replace(/\D/g, ''))).toBe(waiting - 1);
  expect(await page.locator(`[data-testid="responder-row"][data-id="${id}"]`).count()).toBe(0);
});
