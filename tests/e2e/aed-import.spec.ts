import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { e2e, prepareE2e, signIn } from './harness';

/**
 * The AED import as staff use it: a small semicolon CSV in the schema-dae layout (one row without
 * a name), the mapping with its primary key, the server run, the per-row results and the download.
 */

prepareE2e();

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
  await page.locator('#pk-A1').check({ force: true });
  await page.locator('[data-testid="import-process"]').click();

  await expect.poll(() => page.locator('[data-testid="import-rows"] tbody tr').count(), { timeout: 60_000 }).toBe(3);
  const rows = page.locator('[data-testid="import-rows"] tbody tr');
  expect(await rows.nth(2).locator('[data-message-keys]').getAttribute('data-message-keys')).toContain('error.import.row.name-required');
  expect(await rows.nth(0).locator('[data-message-keys]').getAttribute('data-message-keys')).not.toContain('error.import.row.name-required');
  expect(await page.locator('[data-testid="processing-step"] [data-state]').getAttribute('data-state')).toBe('done');
  expect(new URL(page.url()).searchParams.get('idImport')).toMatch(/^\d+$/);

  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.locator('[data-testid="import-download"]').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
