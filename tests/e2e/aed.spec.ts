import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2e, prepareE2e, resultsFolder, signIn } from './harness';

/**
 * The AED register as a user works it, in Chromium against a real Vigil with its demo data:
 * filter the list, switch to the map, open an AED from it, try opening hours that close before
 * they open (refused, nothing sent), upload and rotate a picture, mark the AED unavailable until
 * a date, soft-delete and restore it; then merge two duplicates found in the list, and set the
 * opening hours of AEDs ticked in the list at once.
 */

prepareE2e();

/**
 * A screenshot of the window as the user sees it, into test-results/. Not the harness's full-page
 * one: resizing the window to the page's height remounts the screens (the shell's width query), and
 * the form would lose its unsaved edits under the test.
 */
async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(resultsFolder, { recursive: true });
  await page.screenshot({ path: join(resultsFolder, `${name}.png`), timeout: 10_000 }).catch(() => undefined);
}

/** Signs the super administrator in (may merge) and switches the interface to English. */
async function openList(page: Page, url: string): Promise<void> {
  // The browser profile is shared by the file's tests: start signed out.
  await page.goto(`${url}/authentication/sign-in`);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, url, 'admin@vigil.test');
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en_US')));
  await page.goto(`${url}/aed/list`);
  await page.locator('[data-testid="aed-list"][data-phase="ready"]').waitFor({ timeout: 30_000 });
}

/** "Showing 1–50 of 1,724" → 1724. */
async function totalShown(page: Page): Promise<number> {
  const text = (await page.locator('[data-testid="aed-entries"]').textContent()) ?? '';
  return Number(text.replace(/^.*of\s*/, '').replace(/\D/g, ''));
}

async function waitReady(page: Page): Promise<void> {
  await page.locator('[data-testid="aed-list"][data-phase="ready"]').waitFor({ timeout: 20_000 });
}

/** The toast with this text appears. */
async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

e2e('filter, map, open, refused hours, picture upload and rotation, unavailability with an end date, soft delete and restore', { timeout: 180_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openList(page, vigil.url);
  const everything = await totalShown(page);
  expect(everything).toBeGreaterThan(1000);

  // Filter: words anywhere, then one field.
  await page.locator('#aed-search').fill('pharmacie');
  await page.locator('[data-filter="ALL:"]').waitFor();
  await waitReady(page);
  await page.locator('#aed-tag-value').fill('Clermont');
  await page.locator('[data-testid="tag-search"] button[type="submit"]').click();
  await page.locator('[data-filter="TAG:city"]').waitFor();
  await waitReady(page);
  const filtered = await totalShown(page);
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(everything);
  const names = await page.locator('[data-testid="aed-link"]').allTextContents();
  expect(names.length).toBe(Math.min(filtered, 50));
  for (const name of names) expect(name.toLowerCase()).toContain('pharmacie');

  // The map keeps the filters and clusters on the server; zoom into clusters until AEDs show.
  await page.locator('[data-view="map"]').click();
  await page.waitForURL('**/aed/list?view=map');
  await page.locator('[data-testid="aed-map"][aria-busy="false"]').waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator('[data-testid="aed-map-total"] strong').textContent(), { timeout: 15_000 }).not.toBe('0');
  for (let attempt = 0; attempt < 6 && (await page.locator('.aed-point').count()) === 0; attempt += 1) {
    // The map zooms in, then asks for what the new view holds: wait for that answer, then for its drawing.
    const answered = page.waitForResponse((response) => response.url().includes('/getAedsMap'), { timeout: 20_000 });
    await page.locator('.aed-cluster').first().click();
    await answered;
    await page.locator('[data-testid="aed-map"][aria-busy="false"]').waitFor({ timeout: 20_000 });
  }
  await screenshot(page, 'aed-map');
  await page.locator('.aed-point').first().click();
  await page.waitForURL('**/aed/form/update/**');
  await page.locator('[data-testid="aed-form"]').waitFor({ timeout: 20_000 });
  const name = await page.locator('[data-testid="aed-name"]').textContent();
  expect(name?.toLowerCase()).toContain('pharmacie');

  // Opening hours that close before they open: shown on the range, nothing sent.
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/patchAed/')) patches.push(request.url());
  });
  await page.locator('[data-tab="hours"]').click();
  if (await page.locator('#aed-alwaysOpened').isChecked()) await page.locator('[data-field="alwaysOpened"] .p-inputswitch').click();
  if ((await page.locator('[data-testid="hours-1-0-open"]').count()) === 0) await page.locator('[data-testid="hours-1-add"]').click();
  await page.locator('[data-testid="hours-1-0-open"]').fill('18:00');
  await page.locator('[data-testid="hours-1-0-close"]').fill('08:00');
  await page.locator('[data-testid="aed-save"]').click();
  await page.locator('[data-weekday="1"] .hours-error', { hasText: 'The opening time must be before the closing time.' }).waitFor();
  await expect.poll(() => page.locator('[data-testid="save-state"]').textContent()).toMatch(/unsaved change/);
  await screenshot(page, 'aed-form-hours-refused');
  expect(patches).toEqual([]);
  await page.reload();
  await page.locator('[data-testid="aed-form"]').waitFor({ timeout: 20_000 });
  await page.locator('[data-tab="hours"]').click();
  const mondayOpen = page.locator('[data-testid="hours-1-0-open"]');
  if (await mondayOpen.count()) expect(await mondayOpen.inputValue()).not.toBe('18:00');

  // Pictures: a text file named .jpg is refused at once; an image is uploaded, then turned a quarter clockwise.
  await page.locator('[data-tab="pictures"]').click();
  const before = await page.locator('[data-testid="picture"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-picture')));
  await page.locator('[data-testid="picture-input"]').setInputFiles({ name: 'notes.jpg', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await toast(page, 'This file is not a picture');
  const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#15803d' } }).png().toBuffer();
  await page.locator('[data-testid="picture-input"]').setInputFiles({ name: 'cabinet.png', mimeType: 'image/png', buffer: png });
  await expect.poll(() => page.locator('[data-testid="picture"]').count(), { timeout: 15_000 }).toBe(before.length + 1);
  const added = (await page.locator('[data-testid="picture"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-picture')))).find((id) => !before.includes(id))!;
  const card = page.locator(`[data-testid="picture"][data-picture="${added}"]`);
  await card.locator('img').waitFor({ timeout: 15_000 });
  expect(await card.getAttribute('data-rotation')).toBe('0');
  await card.locator('[data-testid="picture-rotate"]').click();
  await expect.poll(() => card.getAttribute('data-rotation'), { timeout: 15_000 }).toBe('90');
  // The stored file itself turned: 120×60 became 60×120.
  await card.locator('img').waitFor();
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`), { timeout: 15_000 }).toBe('60x120');
  await screenshot(page, 'aed-form-pictures');

  // Unavailable, for maintenance, until a day next month: the popup offers what the chart allows.
  await page.locator('[data-testid="availability-open"]').click();
  const dialog = page.locator('[data-testid="availability-dialog"]');
  await dialog.waitFor();
  expect(await dialog.locator('#availability-available').count()).toBe(0);
  await dialog.locator('#availability-unavailable').click();
  await dialog.locator('.p-dropdown').click();
  await page.locator('.p-dropdown-item', { hasText: 'Maintenance in progress' }).click();
  await page.locator('#availability-end').click();
  await page.locator('.p-datepicker-next').click();
  await page.locator('.p-datepicker-calendar td:not(.p-datepicker-other-month) span:not(.p-disabled)', { hasText: /^15$/ }).click();
  await page.locator('[data-testid="availability-apply"]').click();
  await page.locator('[data-testid="aed-form"][data-status="unavailable"]').waitFor({ timeout: 15_000 });
  await page.locator('.aed-status__until').waitFor();
  await screenshot(page, 'aed-form-unavailable');

  // Soft delete, then restore: back to unavailable.
  await page.locator('[data-testid="aed-delete"]').click();
  await page.locator('.p-confirm-popup-accept').click();
  await page.locator('[data-testid="deleted-banner"]').waitFor({ timeout: 15_000 });
  expect(await page.locator('[data-testid="aed-form"]').getAttribute('data-status')).toBe('deleted');
  expect(await page.locator('[data-testid="aed-save"]').isDisabled()).toBe(true);
  await page.locator('[data-testid="aed-restore"]').click();
  await page.locator('[data-testid="aed-form"][data-status="unavailable"]').waitFor({ timeout: 15_000 });
  expect(await page.locator('[data-testid="deleted-banner"]').count()).toBe(0);
  expect(errors).toEqual([]);
});

e2e('merges two duplicates picked in the list, keeping the chosen values', { timeout: 120_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openList(page, vigil.url);
  // The demo's near-duplicates were entered last: the newest AED has a twin named with an extra "de"/"du".
  const newest = (await page.locator('[data-testid="aed-link"]').first().textContent())!.trim();
  await page.locator('#aed-search').fill(newest);
  await page.locator('[data-filter="ALL:"]').waitFor();
  await waitReady(page);
  const rows = page.locator('.aed-table tbody tr');
  const normalise = (text: string) => text.toLowerCase().replace(/\b(de|du)\b/g, '').replace(/\s+/g, ' ').trim();
  // The newest row (first, in created order) and the first other AED of the same name in the same town.
  const found = await rows.evaluateAll((trs) => trs.map((tr) => ({ name: tr.querySelector('[data-testid="aed-link"]')?.textContent?.trim() ?? '', city: tr.querySelector('.aed-cell-stack span')?.textContent?.trim() ?? '' })));
  const pair = found.map((row, index) => ({ ...row, text: row.name, index })).filter((row) => normalise(row.name) === normalise(newest) && row.city === found[0]!.city);
  expect(pair.length).toBeGreaterThanOrEqual(2);
  const twins = pair.slice(0, 2);
  for (const twin of twins.slice(0, 2)) await rows.nth(twin.index).locator('.p-checkbox').click();
  await page.locator('[data-testid="merge-open"]:not([disabled])').click();
  await page.waitForURL('**/aed/list?merge=**');
  await page.locator('[data-testid="aed-merge"][data-phase="choosing"]').waitFor({ timeout: 20_000 });
  const udids = new URL(page.url()).searchParams.get('merge')!.split(',');
  expect(udids).toHaveLength(2);

  // Keep the longer name; choose the empty serial number of the twin, which asks for confirmation.
  const nameRow = page.locator('tr[data-field="name"]');
  const longer = twins.slice(0, 2).map((twin) => twin.text).sort((a, b) => b.length - a.length)[0]!;
  if (await nameRow.locator('label.merge-choice').count()) await nameRow.locator('label.merge-choice', { hasText: longer }).first().click();
  const serialRow = page.locator('tr[data-field="serialNumber"]');
  if (await serialRow.count()) await serialRow.locator('td.is-empty label.merge-choice').first().click();
  await screenshot(page, 'aed-merge');
  await page.locator('[data-testid="merge-submit"]').click();
  if (await serialRow.count()) {
    await page.locator('[data-testid="merge-warnings"]', { hasText: 'Serial number' }).waitFor();
    await page.locator('[data-testid="merge-confirm"]').click();
  }
  await page.waitForURL('**/aed/form/update/**', { timeout: 20_000 });
  await page.locator('[data-testid="aed-form"]').waitFor({ timeout: 20_000 });
  expect(await page.locator('[data-testid="aed-name"]').textContent()).toBe(longer);
  const kept = page.url().split('/').pop()!;
  const removed = udids.find((udid) => udid !== kept)!;

  // The other twin is soft-deleted and says what it was merged into.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token);
  const answer = await fetch(`${vigil.url}/services/backOffice/aed/getAed/${removed}`, { headers: { Authorization: `JWT ${token}` } });
  const gone = (await answer.json()) as { data: { status: string; mergedIntoId: number | null; serialNumber: string | null } };
  expect(gone.data.status).toBe('deleted');
  expect(gone.data.mergedIntoId).not.toBeNull();
  expect(errors).toEqual([]);
});

e2e('reports a problem, mails the reporter from the template, marks it soluble, resolves and deletes it', { timeout: 120_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openList(page, vigil.url);
  await page.locator('[data-testid="aed-link"]').first().click();
  await page.waitForURL('**/aed/form/update/**');
  await page.locator('[data-testid="aed-form"]').waitFor({ timeout: 20_000 });
  const aedName = (await page.locator('[data-testid="aed-name"]').textContent())!.trim();
  await page.locator('[data-tab="reports"]').click();
  const section = page.locator('[data-testid="section-reports"]');
  const before = await section.locator('[data-testid="report"]').count();

  // Report a problem: a type is needed; the report is signed with the user's own address.
  await section.locator('[data-testid="report-add"]').click();
  const send = page.locator('[data-testid="report-add-confirm"]');
  expect(await send.isDisabled()).toBe(true);
  await page.locator('[data-testid="report-add-dialog"] .p-dropdown').click();
  await page.locator('.p-dropdown-item', { hasText: 'Poorly positioned' }).click();
  await page.locator('#report-description').fill('Moved behind the reception desk');
  await send.click();
  await toast(page, 'The problem has been reported.');
  await expect.poll(() => section.locator('[data-testid="report"]').count(), { timeout: 15_000 }).toBe(before + 1);
  const report = section.locator('[data-testid="report"]', { hasText: 'Moved behind the reception desk' });
  expect(await report.getAttribute('data-status')).toBe('onGoing');

  // Mail the reporter from the template, edited, without resolving.
  await report.getByRole('button', { name: 'Resolve' }).click();
  await page.locator('#resolve-mail').click();
  await expect.poll(() => page.locator('#resolve-subject').inputValue(), { timeout: 15_000 }).toContain('{aedName}');
  await page.locator('#resolve-text').fill('Hello, the register now shows where {aedName} really is. Thank you.');
  await screenshot(page, 'aed-report-mail');
  await page.locator('[data-testid="report-mail-only"]').click();
  await toast(page, 'The mail has been sent to the reporter.');
  await expect.poll(() => report.textContent(), { timeout: 15_000 }).toContain('reporter mailed');
  expect(await report.getAttribute('data-status')).toBe('onGoing');
  const mails = readdirSync(join(vigil.dataDir, 'mail'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(vigil.dataDir, 'mail', file), 'utf8')) as { to: string; subject: string; text: string });
  const mail = mails.find((entry) => entry.to === 'admin@vigil.test')!;
  expect(mail.text).toBe(`Hello, the register now shows where ${aedName} really is. Thank you.`);

  // Soluble, then resolved without a mail, then deleted from the history.
  await report.getByRole('button', { name: 'Mark soluble' }).click();
  await expect.poll(() => report.getAttribute('data-status'), { timeout: 15_000 }).toBe('soluble');
  await report.getByRole('button', { name: 'Resolve' }).click();
  await page.locator('[data-testid="report-resolve-confirm"]').click();
  await expect.poll(() => report.getAttribute('data-status'), { timeout: 15_000 }).toBe('resolved');
  await report.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.p-confirm-popup-accept').click();
  await expect.poll(() => section.locator('[data-testid="report"]').count(), { timeout: 15_000 }).toBe(before);
  expect(errors).toEqual([]);
});

e2e('names a temporary account over every account, then removes it back to all accounts', { timeout: 90_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openList(page, vigil.url);
  const everything = await totalShown(page);
  const selected = page.locator('[data-testid="account-selector"] .account-value__name');
  expect(await selected.textContent()).toBe('All accounts');
  await page.locator('[data-testid="temporary-add"]').click();
  await page.locator('#aed-temporary-name').fill('Spring campaign');
  await page.locator('#aed-temporary-name').press('Enter');
  await expect.poll(() => selected.textContent(), { timeout: 15_000 }).toBe('Spring campaign');
  await waitReady(page);
  expect(await totalShown(page)).toBe(everything);
  await page.locator('[data-testid="temporary-remove"]').click();
  await expect.poll(() => selected.textContent(), { timeout: 15_000 }).toBe('All accounts');
  await waitReady(page);
  expect(await totalShown(page)).toBe(everything);
  expect(errors).toEqual([]);
});

e2e('sets the opening hours of the AEDs ticked in the list at once', { timeout: 120_000 }, async ({ vigil, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openList(page, vigil.url);
  await page.locator('#aed-search').fill('pharmacie');
  await page.locator('[data-filter="ALL:"]').waitFor();
  await waitReady(page);
  expect(await page.locator('[data-testid="bulk-hours-open"]').isDisabled()).toBe(true);
  const rows = page.locator('.aed-table tbody tr');
  const udids: string[] = [];
  for (const index of [0, 1]) {
    await rows.nth(index).locator('.p-checkbox').click();
    udids.push((await rows.nth(index).locator('[data-testid="aed-link"]').getAttribute('href'))!.split('/').pop()!);
  }
  await page.locator('[data-testid="bulk-hours-open"]:not([disabled])').click();
  const dialog = page.locator('.p-dialog', { hasText: 'Opening hours of 2 AEDs' });
  await dialog.waitFor({ timeout: 10_000 });

  // Weekdays 08:00 to 18:00 are proposed; Saturday is added, and a closing time before the opening is held back.
  expect(await page.locator('#bulk-hours-week').isChecked()).toBe(true);
  await dialog.locator('.p-checkbox:has(#bulk-hours-day-6)').click();
  await page.locator('[data-testid="bulk-hours-to"]').fill('07:00');
  expect(await page.locator('[data-testid="bulk-hours-error"]').getAttribute('data-key')).toBe('error.aed.hours-order');
  expect(await page.locator('[data-testid="bulk-hours-apply"]').isDisabled()).toBe(true);
  await page.locator('[data-testid="bulk-hours-to"]').fill('17:30');
  await page.locator('[data-testid="bulk-hours-apply"]:not([disabled])').click();
  await toast(page, 'Hours set on 2 AEDs');
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  expect(await page.locator('[data-testid="bulk-hours-open"]').isDisabled()).toBe(true);

  // Each AED's form shows the week: Monday to Saturday 08:00–17:30, Sunday closed.
  for (const udid of udids) {
    await page.goto(`${vigil.url}/aed/form/update/${udid}`);
    await page.locator('[data-testid="aed-form"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-tab="hours"]').click();
    expect(await page.locator('#aed-alwaysOpened').isChecked()).toBe(false);
    for (const day of ['1', '2', '3', '4', '5', '6']) {
      expect(await page.locator(`[data-testid="hours-${day}-0-open"]`).inputValue()).toBe('08:00');
      expect(await page.locator(`[data-testid="hours-${day}-0-close"]`).inputValue()).toBe('17:30');
      expect(await page.locator(`[data-testid="hours-${day}-1-open"]`).count()).toBe(0);
    }
    expect(await page.locator('[data-testid="hours-7-0-open"]').count()).toBe(0);
  }
  expect(errors).toEqual([]);
});
