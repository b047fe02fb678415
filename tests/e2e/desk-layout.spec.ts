import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { e2e, prepareE2e, screenshot, signInInEnglish } from './harness';

/**
 * The desk's screens at a 1440 × 900 window in Chromium against a real Vigil: the recall date
 * picker opened just under the app header is shown whole, clear of the header, and its days can be
 * clicked; the responder, AED and alert history tables show every badge of their rows without
 * clipping them or scrolling them out of view; the news banner stacks no bar above the screen of
 * a group it does not concern.
 */

prepareE2e();

const desk = { width: 1440, height: 900 };

/** Where an element is on screen, and whether the point at its centre belongs to it (nothing covers it). */
async function reachable(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { top: box.top, bottom: box.bottom, left: box.left, right: box.right, hit: hit !== null && (hit === element || element.contains(hit)) };
  });
}

/**
 * Badges of the table that are cut off: by their own cell (content wider than the cell), by the
 * table's scroll box (out of its visible part), or by the window. Each as its text and where.
 */
async function clippedBadges(page: Page, table: string, badges: string): Promise<string[]> {
  return page.locator(table).evaluate((root, selector) => {
    const scroller = (root.querySelector('.p-datatable-wrapper') ?? root) as HTMLElement;
    const visible = scroller.getBoundingClientRect();
    const clipped: string[] = [];
    for (const badge of root.querySelectorAll<HTMLElement>(selector)) {
      const box = badge.getBoundingClientRect();
      if (box.width === 0) continue;
      const cell = badge.closest('td');
      const cellBox = cell?.getBoundingClientRect();
      const outOfCell = cellBox !== undefined && (box.right > cellBox.right + 0.5 || box.left < cellBox.left - 0.5);
      const outOfView = box.right > Math.min(visible.right, window.innerWidth) + 0.5 || box.left < visible.left - 0.5;
      const cut = badge.scrollWidth > badge.clientWidth + 1;
      if (outOfCell || outOfView || cut) clipped.push(`${badge.textContent?.trim()} (${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(visible.left)}–${Math.round(visible.right)})`);
    }
    return clipped;
  }, badges);
}

e2e('the recall date picker opened under the app header is shown whole and its days can be clicked', { timeout: 180_000 }, async ({ vigil, page }) => {
  await page.setViewportSize(desk);
  await signInInEnglish(page, vigil.url, 'referent@vigil.test');
  await page.goto(`${vigil.url}/alert/history?tag=toDo`);
  await page.locator('[data-testid="alert-history"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  await page.locator('.history-table button[data-pc-section="rowtoggler"]').first().click();
  const departure = page.locator('.departures tbody tr', { has: page.locator('[data-contact-status="toDo"]') }).first();
  await departure.locator('a', { hasText: 'Post-intervention form' }).click();
  await page.locator('[data-testid="citizen-form"]').waitFor({ timeout: 20_000 });
  await page.locator('#outcome-recall').click();
  const field = page.locator('#interview-recallAt');
  await field.waitFor();

  const header = await page.locator('.app-navbar').evaluate((element) => element.getBoundingClientRect().bottom);
  const panel = page.locator('.vigil-date-panel');
  /** Scrolls the field to `top` pixels from the window's top, opens the picker, and says what the user can reach. */
  async function openWith(top: number, name: string) {
    if (await panel.isVisible()) {
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached', timeout: 10_000 });
    }
    await field.evaluate((element, at) => window.scrollBy(0, element.getBoundingClientRect().top - at), top);
    await field.click();
    await panel.waitFor({ timeout: 10_000 });
    // PrimeReact's opening animation over (its transition marks the panel when it ends).
    await panel.and(page.locator('.p-connected-overlay-enter-done')).waitFor({ timeout: 10_000 });
    await screenshot(page, name);
    const day = panel.locator('td:not(.p-datepicker-other-month) > span:not(.p-disabled)').last();
    return { panel: await reachable(panel), field: await reachable(field), parts: await Promise.all([panel.locator('.p-datepicker-header'), day, panel.locator('.p-timepicker')].map(reachable)) };
  }

  // Just under the header, the top of what the user sees; then low in the window, where the panel opens upwards.
  for (const [top, name] of [[header + 8, 'recall-picker-top'], [desk.height - 120, 'recall-picker-low']] as const) {
    const seen = await openWith(top, name);
    expect(seen.panel.top, name).toBeGreaterThanOrEqual(header);
    expect(seen.panel.bottom, name).toBeLessThanOrEqual(desk.height);
    // The field stays in sight, and the header, a day and the time of the panel can all be clicked.
    expect(seen.field.hit, name).toBe(true);
    expect(seen.parts.map((part) => part.hit), name).toEqual([true, true, true]);
  }
  await panel.locator('td:not(.p-datepicker-other-month) > span:not(.p-disabled)').last().click();
  expect(await field.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
});

e2e('tables fit a 1440 px window without hiding a badge', { timeout: 240_000 }, async ({ vigil, page }) => {
  await page.setViewportSize(desk);
  await signInInEnglish(page, vigil.url);
  const problems: Record<string, string[]> = {};

  await page.goto(`${vigil.url}/aed/list`);
  await page.locator('[data-testid="aed-list"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  await screenshot(page, 'aed-table-1440');
  problems.aed = await clippedBadges(page, '[data-testid="aed-list"] .p-datatable', '.p-tag, .p-badge, .vigilance-badge, .confirmation-badge, [class*="badge"]');

  await page.goto(`${vigil.url}/firstResponder/validation`);
  await page.locator('.p-datatable tbody tr').first().waitFor({ timeout: 30_000 });
  await screenshot(page, 'responder-table-1440');
  problems.responders = await clippedBadges(page, '.p-datatable', '.p-tag, .p-badge, [class*="badge"]');

  await page.goto(`${vigil.url}/alert/history`);
  await page.locator('[data-testid="alert-history"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  await screenshot(page, 'history-table-1440');
  problems.history = await clippedBadges(page, '.history-table', '.p-tag, .p-badge, [class*="badge"], [data-contact-status]');

  expect(problems).toEqual({ aed: [], responders: [], history: [] });
});

e2e('the news banner shows only to the groups it concerns: above the AED list of an AED editor, no bar', { timeout: 180_000 }, async ({ vigil, page }) => {
  await page.setViewportSize(desk);
  // The demo's news leads to the notification screens: a super administrator's.
  await signInInEnglish(page, vigil.url);
  await page.goto(`${vigil.url}/aed/list`);
  await page.locator('[data-testid="news-banner"]').waitFor({ timeout: 20_000 });

  await signInInEnglish(page, vigil.url, 'aed-editor@vigil.test');
  const newsAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/services/backOffice/notification/');
  await page.goto(`${vigil.url}/aed/list`);
  await newsAnswered;
  await page.locator('[data-testid="aed-list"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.locator('[data-testid="news-banner"]').count()).toBe(0);
  // No status bar at all stacked above the list.
  expect(await page.locator('.app-content > [role="status"]').count()).toBe(0);
});
