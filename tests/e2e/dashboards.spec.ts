import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AccountStatsRow } from '../../contract/dashboard.schemas';
import { e2e, prepareE2e, signInInEnglish } from './harness';
import { digitsOf, emergencyApiAs, recordAnswers } from './server-answers';

/**
 * The dashboard view's Tech and Admin tabs and the alert reporting page (/alert/dashboard), as the
 * super administrator sees them on the demo data: each card shows the figures the server answered
 * (not a placeholder), each tab its own cards, and an alert launched meanwhile shows on a refresh.
 */

prepareE2e();

const indicator = (name: string) => `/services/backoffice/indicators/${name}`;
const card = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`);
const tab = (page: Page, name: string) => page.locator('[role="tab"]', { hasText: name });

interface Heatmap {
  total: number;
}
interface Growth {
  total: number;
}
interface Ranking {
  rows: { code: string; name: string }[];
}
interface Skills {
  total: number;
  trained: { label: string }[];
}

e2e('the Tech tab shows the heat maps, growth, skills and rankings the server answered; Admin the account statistics; each tab only its own', async ({ vigil, page }) => {
  const answerTo = recordAnswers(page);
  await signInInEnglish(page, vigil.url);
  await page.goto(`${vigil.url}/dashboard/view`);
  await expect.poll(() => tab(page, 'Referent').getAttribute('aria-selected')).toBe('true');
  await card(page, 'dashboard-personal').waitFor();

  await tab(page, 'Tech').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('tech');
  await expect.poll(() => tab(page, 'Tech').getAttribute('aria-selected')).toBe('true');

  const aeds = await answerTo<Heatmap>(indicator('aedsHeatmap'));
  expect(aeds.total).toBeGreaterThan(0);
  await expect.poll(() => card(page, 'indicator-aedsHeatmap').locator('.heat-legend strong').textContent().then(digitsOf)).toBe(String(aeds.total));
  const responders = await answerTo<Heatmap>(indicator('respondersHeatmap'));
  expect(responders.total).toBeGreaterThan(0);
  await expect.poll(() => card(page, 'indicator-respondersHeatmap').locator('.heat-legend strong').textContent().then(digitsOf)).toBe(String(responders.total));

  const growth = await answerTo<Growth>(indicator('respondersGrowth'));
  expect(growth.total).toBeGreaterThan(0);
  await expect.poll(() => card(page, 'indicator-respondersGrowth').locator('.dash-caption').textContent()).toContain('Total at the end');
  expect(digitsOf(await card(page, 'indicator-respondersGrowth').locator('.dash-caption').textContent())).toBe(String(growth.total));
  await expect.poll(() => card(page, 'indicator-respondersGrowth').locator('[role="img"] svg.apexcharts-svg').count()).toBeGreaterThan(0);

  const skills = await answerTo<Skills>(indicator('respondersSkills'));
  expect(skills.total).toBeGreaterThan(0);
  await expect.poll(() => card(page, 'indicator-respondersSkills').locator('[role="img"] svg.apexcharts-svg').count()).toBe(2);
  await expect.poll(() => card(page, 'indicator-respondersSkills').locator('[role="img"]').first().textContent()).toContain(skills.trained[0].label);

  const ranking = await answerTo<Ranking>(indicator('respondersRateRanking'));
  expect(ranking.rows.length).toBeGreaterThan(0);
  const rankingRows = card(page, 'indicator-respondersRanking').locator('tbody tr');
  await expect.poll(() => rankingRows.count()).toBe(Math.min(10, ranking.rows.length));
  expect(await rankingRows.first().textContent()).toContain(ranking.rows[0].name);

  // Tech shows no Referent card, and no account statistics.
  expect(await card(page, 'dashboard-personal').count()).toBe(0);
  expect(await card(page, 'dashboard-accounts').count()).toBe(0);

  await tab(page, 'Admin').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('admin');
  await expect.poll(() => tab(page, 'Admin').getAttribute('aria-selected')).toBe('true');
  const stats = await answerTo<{ accounts: AccountStatsRow[] }>('/services/backoffice/dashboard/getAccountStats');
  expect(stats.accounts.length).toBeGreaterThan(0);
  const accounts = card(page, 'dashboard-accounts');
  await expect.poll(() => accounts.locator('tbody tr').count()).toBe(stats.accounts.length);
  const tile = (label: string) => accounts.locator('.stat-tile', { hasText: label }).locator('.stat-tile__value');
  expect(digitsOf(await tile('Accounts').textContent())).toBe(String(stats.accounts.length));
  const aedsOfAccounts = stats.accounts.reduce((sum, row) => sum + row.aeds, 0);
  expect(aedsOfAccounts).toBeGreaterThan(0);
  expect(digitsOf(await tile('AEDs').textContent())).toBe(String(aedsOfAccounts));
  for (const row of stats.accounts) expect(await accounts.locator('tbody').textContent()).toContain(row.name);
  expect(await card(page, 'indicator-aedsHeatmap').count()).toBe(0);

  // Back to Referent: its cards again, none of the others.
  await tab(page, 'Referent').click();
  await card(page, 'dashboard-personal').waitFor();
  expect(await accounts.count()).toBe(0);
  expect(await card(page, 'indicator-respondersSkills').count()).toBe(0);
});

interface Summary {
  total: number;
  open: number;
}

e2e('/alert/dashboard shows the period figures the server answered, and an alert launched meanwhile once refreshed', async ({ vigil, page }) => {
  const answerTo = recordAnswers(page);
  await signInInEnglish(page, vigil.url);
  const summaryAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === indicator('alertsSummary'));
  await page.goto(`${vigil.url}/alert/dashboard`);
  await summaryAnswered;
  const before = await answerTo<Summary>(indicator('alertsSummary'));
  expect(before.total).toBeGreaterThan(0);
  const total = page.locator('[data-testid="reporting-total"] .stat-tile__value');
  await expect.poll(() => total.textContent().then(digitsOf)).toBe(String(before.total));
  await expect.poll(() => card(page, 'reporting-summary').locator('[role="img"] svg.apexcharts-svg').count()).toBe(1);
  await expect.poll(() => card(page, 'indicator-alerts-type').locator('[role="img"] svg.apexcharts-svg').count()).toBe(1);

  // A dispatcher launches a real alert (test ones stay out of the figures); the page, refreshed, counts it and lists it live.
  const address = '9 rue du Tableau-de-Bord, Clermont-Ferrand';
  const operator = await emergencyApiAs(vigil.url, 'operator@vigil.test');
  await operator('alertLaunch', { lat: 45.7772, lon: 3.087, address, alertType: 7, debugMode: 0 });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => total.textContent().then(digitsOf)).toBe(String(before.total + 1));
  const line = card(page, 'indicator-lookLast24').locator('.last24 li', { hasText: address });
  await expect.poll(() => line.count()).toBe(1);
  expect(await line.textContent()).toContain('Live');
  // The open ones as the server counts them now (an older one may have been closed by the auto-close meanwhile).
  const after = await answerTo<Summary>(indicator('alertsSummary'));
  expect(after.open).toBeGreaterThan(0);
  expect(await card(page, 'reporting-total').textContent()).toContain(`${after.open} in progress`);
});
