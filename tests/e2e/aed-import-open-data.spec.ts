import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { e2e, prepareE2e } from './harness';
import { openImport } from './import-screen';

/**
 * An open-data file as a municipal portal gives it (issue 22): an OpenDataSoft CSV export, `;`
 * separated with a BOM, the place in `## Geo Point` as "lat, lon", a `Geo Shape` GeoJSON column,
 * upper-case names and streets, an id read as "6.0" and hours in OSM syntax (the columns of the
 * portals' public "defibrillateurs" data sets). Imported with the recognised preset, nothing mapped
 * by hand, and the AEDs are on the map where the file put them.
 */

prepareE2e();

interface Site {
  id: string;
  name: string;
  lat: number;
  lon: number;
  street: string;
  hours: string;
}

/** Three AEDs of Clermont-Ferrand, west to east, inside the map's first view. */
function writeOpenDataCsv(stamp: string): { path: string; sites: Site[] } {
  // Ids as the portal's number column writes them ("6.0"), unknown to the demo register.
  const id = (index: number) => `${Number(stamp.slice(-7)) * 10 + index}.0`;
  const sites: Site[] = [
    { id: id(1), name: `KIOSQUE DU PARC ${stamp}`, lat: 45.7712, lon: 3.0584, street: '2 RUE DE LA PRADELLE', hours: 'Mo-Fr 08:45-16:45; Sa 09:30-12:00' },
    { id: id(2), name: `ATELIER MUNICIPAL ${stamp}`, lat: 45.7794, lon: 3.0868, street: '8 RUE PIERRE DE COUBERTIN', hours: 'Mo-Su 10:00-20:00' },
    { id: id(3), name: `HANGAR DES VERGNES ${stamp}`, lat: 45.7952, lon: 3.1213, street: '15 RUE DU PREMIER MAI', hours: '24/7' },
  ];
  const header = '\uFEFF## Geo Point;Geo Shape;Identifiant;Nom du site;Adresse;Code postal;Commune;Accès;Téléphone;Horaires;Date de mise en service';
  const lines = sites.map(
    (site) =>
      `${site.lat.toFixed(4)}, ${site.lon.toFixed(4)};"{""coordinates"": [${site.lon}, ${site.lat}], ""type"": ""Point""}";${site.id};${site.name};${site.street};63000;CLERMONT-FERRAND;Hall d'accueil, à gauche;04 73 42 63 63;"${site.hours}";2021-11-20`,
  );
  const path = join(mkdtempSync(join(tmpdir(), 'vigil-open-data-')), `defibrillateurs-${stamp}.csv`);
  writeFileSync(path, [header, ...lines, ''].join('\r\n'));
  return { path, sites };
}

e2e('imports an OpenDataSoft export with no manual mapping and shows its AEDs at their place on the map', { timeout: 240_000 }, async ({ vigil, page }) => {
  const stamp = `ods${Date.now()}`;
  const { path, sites } = writeOpenDataCsv(stamp);
  await openImport(page, vigil.url);

  // Recognised from its header: the preset maps every column and takes the id as the key.
  await page.locator('[data-testid="import-step"] input[type="file"]').setInputFiles(path);
  await expect.poll(() => page.locator('[data-testid="import-file-summary"] [data-rows]').getAttribute('data-rows'), { timeout: 20_000 }).toBe('3');
  expect(await page.locator('[data-testid="import-file-summary"] [data-preset]').getAttribute('data-preset')).toBe('openDataSoft');
  expect(await page.locator('[data-testid="import-file-summary"] [data-warning]').count()).toBe(0);
  await page.locator('#aed-import-name').fill(`Open data ${stamp}`);
  await page.locator('[data-testid="import-next"]').click();
  await expect.poll(() => page.locator('[data-testid="mapping-step"]').isVisible(), { timeout: 15_000 }).toBe(true);
  const fieldOf = (key: string) => page.locator(`[data-testid="mapping-step"] tr:has(#pk-${key}) [data-field]`).getAttribute('data-field');
  expect(await fieldOf('A1')).toBe('l_latLon');
  expect(await fieldOf('B1')).toBe('');
  expect(await fieldOf('D1')).toBe('l_name');
  expect(await page.locator('#pk-C1').isChecked()).toBe(true);
  // The file gives hours: no default is asked.
  expect(await page.locator('[data-testid="hours-default"]').count()).toBe(0);
  expect(await page.locator('[data-testid="import-process"]').isEnabled()).toBe(true);
  await page.locator('[data-testid="import-process"]').click();

  await expect.poll(() => page.locator('[data-testid="processing-step"] [data-state]').getAttribute('data-state'), { timeout: 90_000 }).toBe('done');
  await expect.poll(async () => JSON.parse((await page.locator('[data-testid="import-counts"]').getAttribute('data-counts')) ?? '{}'), { timeout: 15_000 }).toMatchObject({ failed: 0 });
  const rows = page.locator('[data-testid="import-rows"] tbody tr');
  await expect.poll(() => rows.locator('[data-status]').count(), { timeout: 15_000 }).toBe(3);
  const statusOf = (index: number) => rows.nth(index).locator('[data-status]').getAttribute('data-status');
  // A demo AED close by holds a row back as a potential duplicate: staff look and import it anyway.
  for (const index of [0, 1, 2]) {
    if ((await statusOf(index)) !== 'duplicate') continue;
    await rows.nth(index).locator('[data-testid="row-force"]').click();
    await expect.poll(() => statusOf(index), { timeout: 20_000 }).toBe('inserted');
  }
  const results = await rows.evaluateAll((lines) => lines.map((line) => ({ status: line.querySelector('[data-status]')?.getAttribute('data-status'), keys: line.querySelector('[data-message-keys]')?.getAttribute('data-message-keys') ?? '' })));
  // Every row in: the place, the id and the hours were read; the portal's phone has no contact name, so it is left out and said.
  expect(results).toEqual(sites.map(() => ({ status: 'inserted', keys: 'error.import.row.contact-incomplete' })));

  // The list, filtered on the file's stamp, then the map: the three AEDs where the file put them.
  await page.goto(`${vigil.url}/aed/list`);
  await page.locator('[data-testid="aed-list"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  await page.locator('#aed-search').fill(stamp);
  await page.locator('[data-filter="ALL:"]').waitFor();
  await page.locator('[data-testid="aed-list"][data-phase="ready"]').waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator('[data-testid="aed-link"]').count(), { timeout: 20_000 }).toBe(3);

  const answers: Array<{ points: Array<{ name: string; lat: number; lon: number }> }> = [];
  page.on('response', (response) => {
    if (response.url().includes('/aed/getAedsMap') && response.ok()) void response.json().then((body: { data: (typeof answers)[number] }) => answers.push(body.data), () => undefined);
  });
  await page.locator('[data-view="map"]').click();
  await page.waitForURL('**/aed/list?view=map');
  await page.locator('[data-testid="aed-map"][aria-busy="false"]').waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator('.aed-point').count(), { timeout: 20_000 }).toBe(3);
  await expect.poll(() => answers.at(-1)?.points.length ?? 0, { timeout: 15_000 }).toBe(3);
  const placed = [...answers.at(-1)!.points].sort((a, b) => a.lon - b.lon);
  for (const [index, site] of sites.entries()) {
    expect(placed[index]!.name.toLowerCase()).toContain(stamp);
    expect(placed[index]!.lat).toBeCloseTo(site.lat, 4);
    expect(placed[index]!.lon).toBeCloseTo(site.lon, 4);
  }
  // Drawn west to east and south to north as on the ground.
  const boxes = await Promise.all(placed.map(async (point) => page.locator(`.aed-point[title="${point.name}"]`).boundingBox()));
  expect(boxes.every(Boolean)).toBe(true);
  const centres = boxes.map((box) => ({ x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 }));
  expect(centres[0]!.x).toBeLessThan(centres[1]!.x);
  expect(centres[1]!.x).toBeLessThan(centres[2]!.x);
  expect(centres[0]!.y).toBeGreaterThan(centres[1]!.y);
  expect(centres[1]!.y).toBeGreaterThan(centres[2]!.y);
});
