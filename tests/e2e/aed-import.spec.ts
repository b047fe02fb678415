import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { e2e, prepareE2e, signIn } from './harness';
import { openImport } from './import-screen';

/**
 * The AED import as staff use it: a small semicolon CSV in the schema-dae layout (one row without
 * a name), the mapping with its primary key and the hours asked of a file without them, the server
 * run, the per-row results and the download;
 * files the server refuses (a PDF renamed .xlsx, a zip bomb) and a GeoDAE open-data extract read
 * with its preset; a potential duplicate forced in.
 */

const fixtures = fileURLToPath(new URL('../fixtures/import/', import.meta.url));

prepareE2e();

/** Ticks a column as the primary key the way a user does, on the radio button drawn for it. */
async function choosePrimaryKey(page: Page, key: string): Promise<void> {
  await page.locator(`.p-radiobutton:has(#pk-${key})`).click();
  await expect.poll(() => page.locator(`#pk-${key}`).isChecked(), { timeout: 10_000 }).toBe(true);
}

/** A file without hours asks what its new AEDs' hours are: "unknown, to check" is proposed first. */
async function chooseHours(page: Page, value: 'alwaysOpen' | 'unknown'): Promise<void> {
  await page.locator(`.p-radiobutton:has(#hours-${value})`).click();
  await expect.poll(() => page.locator(`#hours-${value}`).isChecked(), { timeout: 10_000 }).toBe(true);
}

function writeCsv(): string {
  const folder = mkdtempSync(join(tmpdir(), 'vigil-import-'));
  const path = join(folder, 'aeds-riom.csv');
  const stamp = Date.now();
  writeFileSync(
    path,
    [
      'nom;lat_coor1;long_coor1;adr_num;adr_voie;com_cp;com_nom',
      `Mairie de Riom ${stamp};45.8936;3.1126;5;Place de la Fédération;63200;Riom`,
      `Gymnase Pierre ${stamp};45.8961;3.1078;12;Rue du Stade;63200;Riom`,
      ';45.8900;3.1100;1;Rue Sans Nom;63200;Riom',
    ].join('\n'),
  );
  return path;
}

e2e('uploads a CSV, maps it with a primary key, processes it, shows each row and downloads the results', async ({ vigil, page }) => {
  await signIn(page, vigil.url, 'admin@vigil.test');
  await page.goto(`${vigil.url}/aed/import`);
  await page.locator('[data-testid="import-step"] input[type="file"]').setInputFiles(writeCsv());
  await expect.poll(() => page.locator('[data-testid="import-file-summary"] [data-rows]').getAttribute('data-rows'), { timeout: 20_000 }).toBe('3');
  await page.locator('#aed-import-name').fill('Riom e2e');
  await page.locator('[data-testid="import-next"]').click();

  await expect.poll(() => page.locator('[data-testid="mapping-step"]').isVisible(), { timeout: 15_000 }).toBe(true);
  await choosePrimaryKey(page, 'A1');
  // No column gives hours: the screen warns and proposes "unknown, to check" for the new AEDs.
  expect(await page.locator('[data-testid="hours-default"]').isVisible()).toBe(true);
  expect(await page.locator('#hours-unknown').isChecked()).toBe(true);
  expect(await page.locator('#hours-alwaysOpen').isChecked()).toBe(false);
  await page.locator('[data-testid="import-process"]').click();

  await expect.poll(() => page.locator('[data-testid="import-rows"] tbody tr').count(), { timeout: 60_000 }).toBe(3);
  const rows = page.locator('[data-testid="import-rows"] tbody tr');
  expect(await rows.nth(2).locator('[data-message-keys]').getAttribute('data-message-keys')).toContain('error.import.row.name-required');
  expect(await rows.nth(0).locator('[data-message-keys]').getAttribute('data-message-keys')).not.toContain('error.import.row.name-required');
  // Each new AED says its hours are to be checked: it stays closed until someone sets them.
  for (const index of [0, 1]) {
    expect(await rows.nth(index).locator('[data-status]').getAttribute('data-status')).toBe('inserted');
    expect(await rows.nth(index).locator('[data-message-keys]').getAttribute('data-message-keys')).toBe('error.import.row.hours-to-check');
  }
  expect(await page.locator('[data-testid="processing-step"] [data-state]').getAttribute('data-state')).toBe('done');
  expect(new URL(page.url()).searchParams.get('idImport')).toMatch(/^\d+$/);

  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.locator('[data-testid="import-download"]').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});

e2e('says why a renamed PDF and a zip bomb are refused, then reads a GeoDAE open-data extract with its preset', async ({ vigil, page }) => {
  await openImport(page, vigil.url);
  const input = page.locator('[data-testid="import-step"] input[type="file"]');
  const error = page.locator('[data-testid="import-error"]');
  await input.setInputFiles(join(fixtures, 'not-a-spreadsheet.xlsx'));
  await expect.poll(() => error.getAttribute('data-key'), { timeout: 20_000 }).toBe('error.import.not-spreadsheet');
  await input.setInputFiles(join(fixtures, 'zip-bomb.xlsx'));
  await expect.poll(() => error.getAttribute('data-key'), { timeout: 20_000 }).toBe('error.import.uncompressed-too-large');
  expect(await error.textContent()).toContain('expands to too much data');
  expect(await page.locator('[data-testid="import-file-summary"]').count()).toBe(0);

  await input.setInputFiles(join(fixtures, 'geodae-extract.csv'));
  await expect.poll(() => page.locator('[data-testid="import-file-summary"] [data-rows]').getAttribute('data-rows'), { timeout: 20_000 }).toBe('24');
  expect(await error.count()).toBe(0);
  expect(await page.locator('[data-testid="import-file-summary"] [data-preset]').getAttribute('data-preset')).toBe('geodae');
  await page.locator('#aed-import-name').fill('GeoDAE Cantal');
  await page.locator('[data-testid="import-next"]').click();
  await expect.poll(() => page.locator('[data-testid="mapping-step"]').isVisible(), { timeout: 15_000 }).toBe(true);
  // The preset's key: c_gid, the second column.
  expect(await page.locator('#pk-B1').isChecked()).toBe(true);
  await page.locator('[data-testid="import-process"]').click();
  await expect.poll(() => page.locator('[data-testid="processing-step"] [data-state]').getAttribute('data-state'), { timeout: 90_000 }).toBe('done');
  await expect.poll(async () => JSON.parse((await page.locator('[data-testid="import-counts"]').getAttribute('data-counts')) ?? '{}'), { timeout: 15_000 }).toMatchObject({ inserted: 24, failed: 0 });
  // The first page of results (20 rows) loads once the run is done.
  await expect.poll(() => page.locator('[data-testid="import-rows"] tbody tr [data-status]').count(), { timeout: 15_000 }).toBe(20);
});

e2e('holds back a potential duplicate and imports it when staff force it', async ({ vigil, page }) => {
  const folder = mkdtempSync(join(tmpdir(), 'vigil-import-'));
  const path = join(folder, 'duplicates.csv');
  const stamp = Date.now();
  writeFileSync(
    path,
    ['num_serie;nom;lat_coor1;long_coor1', `SN-A-${stamp};Salle polyvalente ${stamp};45.2301;3.0102`, `SN-B-${stamp};Salle polyvalente ${stamp};45.2310;3.0112`, ''].join('\n'),
  );
  await openImport(page, vigil.url);
  await page.locator('[data-testid="import-step"] input[type="file"]').setInputFiles(path);
  await expect.poll(() => page.locator('[data-testid="import-file-summary"] [data-rows]').getAttribute('data-rows'), { timeout: 20_000 }).toBe('2');
  await page.locator('#aed-import-name').fill('Duplicates');
  await page.locator('[data-testid="import-next"]').click();
  await expect.poll(() => page.locator('[data-testid="mapping-step"]').isVisible(), { timeout: 15_000 }).toBe(true);
  await choosePrimaryKey(page, 'A1');
  // The two halls are open to all: always open, so the rows speak only of the duplicate.
  await chooseHours(page, 'alwaysOpen');
  await page.locator('[data-testid="import-process"]').click();
  const rows = page.locator('[data-testid="import-rows"] tbody tr');
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(2);
  expect(await rows.nth(1).locator('[data-message-keys]').getAttribute('data-message-keys')).toBe('error.import.row.potential-duplicate');
  expect(await rows.nth(1).locator('[data-status]').getAttribute('data-status')).toBe('duplicate');
  expect(await rows.nth(0).locator('[data-testid="row-force"]').count()).toBe(0);
  await rows.nth(1).locator('[data-testid="row-force"]').click();
  await expect.poll(() => rows.nth(1).locator('[data-status]').getAttribute('data-status'), { timeout: 20_000 }).toBe('inserted');
  expect(await rows.nth(1).locator('[data-message-keys]').getAttribute('data-message-keys')).toBe('');
  expect(await rows.nth(1).locator('[data-testid="row-force"]').count()).toBe(0);
});

/**
 * Uploads a fixture, names the import, takes the recognised mapping (with `key` as primary key when
 * given; "always open" when the file gives no hours), processes it and answers the rows.
 */
async function importFixture(page: Page, name: string, key?: string) {
  await page.locator('[data-testid="import-step"] input[type="file"]').setInputFiles(join(fixtures, name));
  const summary = page.locator('[data-testid="import-file-summary"] [data-rows]');
  await summary.waitFor({ timeout: 20_000 });
  const numRows = Number(await summary.getAttribute('data-rows'));
  await page.locator('#aed-import-name').fill(name);
  await page.locator('[data-testid="import-next"]').click();
  await expect.poll(() => page.locator('[data-testid="mapping-step"]').isVisible(), { timeout: 15_000 }).toBe(true);
  if (key) await choosePrimaryKey(page, key);
  if ((await page.locator('[data-testid="hours-default"]').count()) > 0) await chooseHours(page, 'alwaysOpen');
  await page.locator('[data-testid="import-process"]').click();
  await expect.poll(() => page.locator('[data-testid="processing-step"] [data-state]').getAttribute('data-state'), { timeout: 90_000 }).toBe('done');
  const rows = page.locator('[data-testid="import-rows"] tbody tr');
  await expect.poll(() => rows.locator('[data-status]').count(), { timeout: 15_000 }).toBe(Math.min(numRows, 20));
  const counts = JSON.parse((await page.locator('[data-testid="import-counts"]').getAttribute('data-counts')) ?? '{}') as Record<string, number>;
  const results = await rows.evaluateAll((lines) =>
    lines.map((line) => ({ status: line.querySelector('[data-status]')?.getAttribute('data-status'), keys: line.querySelector('[data-message-keys]')?.getAttribute('data-message-keys') ?? '' })),
  );
  return { numRows, counts, results };
}

e2e('reads files as staff have them: a French Excel semicolon CSV, an XLSX with merged headers, a file with a row for each message', { timeout: 240_000 }, async ({ vigil, page }) => {
  await openImport(page, vigil.url);
  const semicolon = await importFixture(page, 'semicolon-win1252.csv');
  expect(semicolon.counts).toMatchObject({ inserted: semicolon.numRows, failed: 0 });

  await page.getByRole('button', { name: 'New import' }).click();
  await page.locator('[data-testid="import-step"]').waitFor({ timeout: 15_000 });
  const merged = await importFixture(page, 'merged-header.xlsx');
  expect(merged.numRows).toBe(4);
  expect(merged.counts).toMatchObject({ inserted: 4, failed: 0 });

  await page.getByRole('button', { name: 'New import' }).click();
  await page.locator('[data-testid="import-step"]').waitFor({ timeout: 15_000 });
  // Keyed by the serial number column (B).
  const messages = await importFixture(page, 'row-messages.csv', 'B1');
  const keys = messages.results.map((result) => result.keys);
  for (const key of ['name-required', 'incomplete-address', 'unknown-address', 'aed-not-found', 'unknown-brand', 'unknown-model', 'invalid-value']) {
    expect(keys.some((line) => line.split(' ').includes(`error.import.row.${key}`)), key).toBe(true);
  }
  expect(messages.results[0]).toEqual({ status: 'inserted', keys: '' });
});
