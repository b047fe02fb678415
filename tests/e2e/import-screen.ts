import type { Page } from 'playwright-core';
import { signIn } from './harness';

/** Signs the super administrator in afresh (a file's tests share the browser profile), in English, on the import screen. */
export async function openImport(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/authentication/sign-in`);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, url, 'admin@vigil.test');
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en_US')));
  await page.goto(`${url}/aed/import`);
  await page.locator('[data-testid="import-step"]').waitFor({ timeout: 30_000 });
}
