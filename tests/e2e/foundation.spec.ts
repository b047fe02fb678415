import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { routeCategories, routeSetOf, screens, type ScreenName } from '../../contract/access';
import { demoPassword } from '../../server/src/db/seed/accounts';
import de from '../../src/i18n/messages/de.json';
import en from '../../src/i18n/messages/en.json';
import fr from '../../src/i18n/messages/fr.json';
import { e2e, prepareE2e, signIn } from './harness';

/**
 * The foundation of issue 2 as a user meets it, in Chromium on the built SPA and a real server:
 * each group's landing page and menu, the special session pages, a 401 that sends back to sign-in
 * and reopens the page, the language list, the mobile page, forgot → mail → renew → sign in, and
 * the third-party account switch. Expectations are derived from contract/access.ts and the message
 * catalogues, never hand-listed.
 */

prepareE2e();

const catalogues: Record<string, Record<string, string>> = { en, fr, de };

/** The text a key shows in `iso`'s catalogue (falling back on English, as the SPA does). */
const textIn = (iso: string, key: string) => catalogues[iso]?.[key] ?? en[key as keyof typeof en] ?? key;

/** The translator of the language the page shows now (`<html lang>`). */
async function textsOf(page: Page): Promise<(key: string) => string> {
  const iso = await page.evaluate(() => document.documentElement.lang);
  expect(Object.keys(catalogues)).toContain(iso);
  return (key) => textIn(iso, key);
}

/**
 * Text of the first match of `selector`, polled until it equals `text`. Its text content, not its
 * rendering: some titles are upper-cased by CSS.
 */
async function expectText(page: Page, selector: string, text: string, timeout = 15_000): Promise<void> {
  await expect.poll(async () => (await page.locator(selector).first().textContent({ timeout: 1000 }).catch(() => null))?.trim(), { timeout }).toBe(text);
}

/**
 * A page with no session, no language choice and no layout settings left by an earlier test (the
 * browser profile is shared). Answers the uncaught errors the page will throw, for a last check.
 */
async function freshStart(page: Page, url: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // /health is on the origin but boots no SPA, so nothing reads the storage while it is cleared.
  await page.goto(`${url}/health`);
  await page.evaluate(() => localStorage.clear());
  return errors;
}

/** Fills and sends the sign-in form already on screen (no reload, so the SPA keeps what it remembered). */
async function submitSignIn(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

async function waitForPath(page: Page, pathname: string, timeout = 20_000): Promise<void> {
  await page.waitForURL((address) => address.pathname === pathname, { timeout });
}

const pathnameOf = (page: Page) => new URL(page.url()).pathname;

/** Opens the side menu with the top bar's toggle when it is collapsed to its icon strip (the default, spec §4). */
async function openSideMenu(page: Page): Promise<void> {
  await page.locator('#side-menu').waitFor({ timeout: 15_000 });
  if (await page.locator('#side-menu.is-mini').count()) await page.locator('#side-menu-toggle').click();
  await page.locator('#side-menu.is-open').waitFor({ timeout: 15_000 });
}

/** What the side menu of a group must show: its menu screens by category, in the contract's order. */
function expectedMenu(idGroup: number, t: (key: string) => string) {
  const held = routeSetOf(idGroup).screens.filter((name) => screens[name].menu);
  return routeCategories
    .map((category) => ({
      title: t(`configurator.title.category.${category}`),
      links: held.filter((name) => screens[name].category === category).map((name) => ({ href: screens[name].path, text: t(screens[name].title) })),
    }))
    .filter((section) => section.links.length > 0);
}

/** What the side menu shows: section titles and their links (address and visible name). */
function shownMenu(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#side-menu .menu-section')].map((section) => ({
      title: section.querySelector('.menu-section__header')?.textContent?.trim() ?? '',
      links: [...section.querySelectorAll('a.menu-link')].map((link) => ({ href: link.getAttribute('href') ?? '', text: link.textContent?.trim() ?? '' })),
    })),
  );
}

const groupUsers = [
  { email: 'admin@vigil.test', idGroup: 1 },
  { email: 'operator@vigil.test', idGroup: 5 },
  { email: 'administrator@vigil.test', idGroup: 6 },
  { email: 'referent@vigil.test', idGroup: 7 },
  { email: 'aed-manager@vigil.test', idGroup: 8 },
  { email: 'aed-editor@vigil.test', idGroup: 9 },
] as const;

for (const { email, idGroup } of groupUsers) {
  const landing = routeSetOf(idGroup).landing as ScreenName;
  e2e(`${email} (group ${idGroup}) lands on ${screens[landing].path} with exactly the group's menu`, async ({ vigil, page }) => {
    const errors = await freshStart(page, vigil.url);
    await signIn(page, vigil.url, email);
    await waitForPath(page, screens[landing].path);
    await openSideMenu(page);
    const t = await textsOf(page);
    await expectText(page, 'h1.app-navbar__title', t(screens[landing].title));
    expect(await shownMenu(page)).toEqual(expectedMenu(idGroup, t));
    expect(errors).toEqual([]);
  });
}

e2e('newcomer@ gets the forced password update page and nothing else', async ({ vigil, page }) => {
  const errors = await freshStart(page, vigil.url);
  await signIn(page, vigil.url, 'newcomer@vigil.test');
  await waitForPath(page, '/dashboards/default');
  const t = await textsOf(page);
  await expectText(page, 'main h1', t('auth.update-password.title'));
  expect(await page.locator('#new-password').isVisible()).toBe(true);
  expect(await page.locator('#confirm-password').isVisible()).toBe(true);
  expect(await page.locator('#side-menu').count()).toBe(0);
  // A screen of the newcomer's group stays closed until the password is changed.
  await page.goto(`${vigil.url}${screens.alertCall.path}`);
  await waitForPath(page, '/dashboards/default');
  await expectText(page, 'main h1', t('auth.update-password.title'));
  expect(errors).toEqual([]);
});

e2e('norights@ gets the error page with the necessary-rights message', async ({ vigil, page }) => {
  const errors = await freshStart(page, vigil.url);
  await signIn(page, vigil.url, 'norights@vigil.test');
  await waitForPath(page, '/dashboards/default');
  const t = await textsOf(page);
  await expectText(page, 'main h1', t('page.error.title'));
  await expectText(page, 'main h1 + p', t('error.necessary-rights'));
  expect(await page.locator('#side-menu').count()).toBe(0);
  expect(errors).toEqual([]);
});

e2e('waiting@ gets the waiting-for-configuration page', async ({ vigil, page }) => {
  const errors = await freshStart(page, vigil.url);
  await signIn(page, vigil.url, 'waiting@vigil.test');
  await waitForPath(page, '/dashboards/default');
  const t = await textsOf(page);
  await expectText(page, 'main h1', t('page.waiting.title'));
  await expectText(page, 'main h1 + p', t('page.waiting.text'));
  expect(await page.locator('#side-menu').count()).toBe(0);
  expect(errors).toEqual([]);
});

/** Opens the account switcher of the side menu's header and picks `accountName`. */
async function switchAccount(page: Page, accountName: string, timeout?: number): Promise<void> {
  await page.locator('#side-menu .account-header .p-dropdown').click({ timeout });
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: accountName }).click({ timeout });
}

e2e('a 401 sends back to sign-in and, signed in again, reopens the page', async ({ vigil, page }) => {
  const errors = await freshStart(page, vigil.url);
  await signIn(page, vigil.url, 'admin@vigil.test');
  await waitForPath(page, screens.dashboardView.path);
  await openSideMenu(page);
  // Walk to another page through the menu: that is the page to come back to.
  await page.locator(`#side-menu a.menu-link[href="${screens.aedList.path}"]`).click();
  await waitForPath(page, screens.aedList.path);
  // The token stops being valid behind the page's back.
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('user', JSON.stringify({ ...user, token: 'garbage.garbage.garbage' }));
  });
  // An action that calls the API: switching account. A background refresh of the page (news,
  // ongoing alerts) may meet the 401 first and leave the page before the switcher opens: either way
  // the next stop is sign-in.
  await switchAccount(page, 'SDIS 03', 5_000).catch(() => undefined);
  await waitForPath(page, '/authentication/sign-in');
  await page.locator('#username').waitFor({ timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await submitSignIn(page, 'admin@vigil.test');
  await waitForPath(page, screens.aedList.path);
  const t = await textsOf(page);
  await expectText(page, 'h1.app-navbar__title', t(screens.aedList.title));
  expect(errors).toEqual([]);
});

/** Signs in through the API, as another browser or device would, and answers the token. */
async function apiSignIn(url: string, email: string, password: string): Promise<string | undefined> {
  const response = await fetch(`${url}/services/backOffice/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
  return response.ok ? ((await response.json()) as { data: { token: string } }).data.token : undefined;
}

/** Changes a user's password through the API from that other session (updtPwd, with the current one): every older token stops working. */
async function changePassword(url: string, token: string, currentPassword: string, password: string): Promise<void> {
  const response = await fetch(`${url}/services/backoffice/user/updtPwd`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${token}` }, body: JSON.stringify({ password, currentPassword }) });
  expect(response.status).toBe(200);
}

/** Sets a user's password back to the demo one, so later tests sign in as usual. */
async function restorePassword(url: string, email: string, current: string): Promise<void> {
  const token = await apiSignIn(url, email, current);
  if (token) await changePassword(url, token, current, demoPassword);
}

e2e('a password changed from another session sends back to sign-in, and the new password reopens the page', async ({ vigil, page, onTestFinished }) => {
  const email = 'administrator@vigil.test';
  const newPassword = 'Changed-Elsewhere-2026%';
  onTestFinished(() => restorePassword(vigil.url, email, newPassword));
  const errors = await freshStart(page, vigil.url);
  await signIn(page, vigil.url, email);
  await waitForPath(page, screens[routeSetOf(6).landing as ScreenName].path);
  await openSideMenu(page);
  await page.locator(`#side-menu a.menu-link[href="${screens.alertTutorial.path}"]`).click();
  await waitForPath(page, screens.alertTutorial.path);
  // Another session of the same user changes the password: the server moves the token version.
  const elsewhere = await apiSignIn(vigil.url, email, demoPassword);
  expect(elsewhere).toBeTruthy();
  await changePassword(vigil.url, elsewhere!, demoPassword, newPassword);
  await switchAccount(page, 'SDIS 03');
  await waitForPath(page, '/authentication/sign-in');
  await submitSignIn(page, email, newPassword);
  await waitForPath(page, screens.alertTutorial.path);
  const t = await textsOf(page);
  await expectText(page, 'h1.app-navbar__title', t(screens.alertTutorial.title));
  expect(errors).toEqual([]);
});

e2e('the side menu switches the language fr → en → de and the texts follow', async ({ vigil, page }) => {
  const errors = await freshStart(page, vigil.url);
  await signIn(page, vigil.url, 'referent@vigil.test');
  const landing = screens[routeSetOf(7).landing as ScreenName];
  await waitForPath(page, landing.path);
  await openSideMenu(page);
  for (const [iso, localName] of [['fr', 'Français'], ['en', 'English'], ['de', 'Deutsch']] as const) {
    await page.locator(`#side-menu .language-list__item[title="${localName}"]`).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(iso);
    await expectText(page, '#side-menu .language-list__title', textIn(iso, 'layout.menu.languages'));
    await expectText(page, '#side-menu .menu-section__header', textIn(iso, `configurator.title.category.${landing.category}`));
    await expectText(page, '#side-menu .side-menu__bottom button:has(.pi-sign-out)', textIn(iso, 'layout.menu.logout'));
    expect(await page.locator(`#side-menu .language-list__item[title="${localName}"]`).getAttribute('aria-pressed')).toBe('true');
  }
  // The choice is kept: a reload stays in German.
  await page.reload();
  await expectText(page, '#side-menu .language-list__title', textIn('de', 'layout.menu.languages'));
  expect(errors).toEqual([]);
});

e2e('a 700 px wide window shows only the mobile-unsupported page', async ({ vigil, page }) => {
  const errors = await freshStart(page, vigil.url);
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto(`${vigil.url}/authentication/sign-in`);
  await expectText(page, 'main.mobile-page h1', textIn('en', 'page.mobile.error.title'));
  await expectText(page, 'main.mobile-page p', textIn('en', 'page.mobile.error.text'));
  expect(await page.locator('#username').count()).toBe(0);

  // Signed in on a wide window, then narrowed: the screen and its menu give way to the mobile page.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, vigil.url, 'aed-manager@vigil.test');
  await waitForPath(page, screens.aedList.path);
  await page.locator('#side-menu').waitFor({ timeout: 15_000 });
  await page.setViewportSize({ width: 700, height: 900 });
  const t = await textsOf(page);
  await expectText(page, 'main.mobile-page h1', t('page.mobile.error.title'));
  expect(await page.locator('#side-menu').count()).toBe(0);
  expect(await page.locator('.app-navbar').count()).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('#side-menu').waitFor({ timeout: 15_000 });
  expect(await page.locator('main.mobile-page').count()).toBe(0);
  expect(errors).toEqual([]);
});

/** The mails the server wrote to DATA_DIR/mail (file mailer), newest last. */
function mailsIn(dataDir: string): Array<{ to: string; subject: string; text: string }> {
  const folder = join(dataDir, 'mail');
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as { to: string; subject: string; text: string });
}

e2e('forgot password → mail file → renewal link → new password → sign in with it', async ({ vigil, page, onTestFinished }) => {
  const email = 'aed-editor@vigil.test';
  // 16+ characters with upper and lower case, a digit and a special character (contract/auth.schemas.ts).
  const newPassword = 'Renewed-Password-2026#';
  onTestFinished(() => restorePassword(vigil.url, email, newPassword));
  const errors = await freshStart(page, vigil.url);
  await page.goto(`${vigil.url}/authentication/sign-in`);
  await page.locator('a[href="/authentication/reset-password"]').click();
  await waitForPath(page, '/authentication/reset-password');
  const before = mailsIn(vigil.dataDir).length;
  await page.locator('#email').fill(email);
  await page.locator('form button[type="submit"]').click();
  await expectText(page, 'main h1', textIn('en', 'auth.reset.sent.title'));

  await expect.poll(() => mailsIn(vigil.dataDir).length, { timeout: 15_000 }).toBeGreaterThan(before);
  const mail = mailsIn(vigil.dataDir).at(-1)!;
  expect(mail.to).toBe(email);
  const link = /https?:\/\/\S+\/authentication\/renew-password\?\S+/.exec(mail.text)?.[0];
  expect(link, `no renewal link in:\n${mail.text}`).toBeTruthy();
  expect(link!.startsWith(vigil.url)).toBe(true);

  await page.goto(link!);
  await page.locator('#new-password').waitFor({ timeout: 15_000 });
  await page.locator('#new-password').fill(newPassword);
  await page.locator('#confirm-password').fill(newPassword);
  await page.locator('form button[type="submit"]').click();
  await expectText(page, 'main h1', textIn('en', 'auth.renew.done.title'));
  await page.locator('main a[href="/authentication/sign-in"]').click();
  await waitForPath(page, '/authentication/sign-in');

  // The old password no longer opens the session; the new one does.
  await submitSignIn(page, email, demoPassword);
  await expectText(page, 'main .p-inline-message-error', textIn('en', 'error.auth.incorrect-password'));
  expect(pathnameOf(page)).toBe('/authentication/sign-in');
  await submitSignIn(page, email, newPassword);
  await waitForPath(page, screens[routeSetOf(9).landing as ScreenName].path);
  expect(errors).toEqual([]);
});

e2e('third-party access: the admin switches to CGDIS — Luxembourg from the account header', async ({ vigil, page }) => {
  const errors = await freshStart(page, vigil.url);
  await signIn(page, vigil.url, 'admin@vigil.test');
  await waitForPath(page, screens.dashboardView.path);
  await openSideMenu(page);
  await expectText(page, '#side-menu .account-header__name', 'SDIS 63 — Puy-de-Dôme');
  await switchAccount(page, 'CGDIS — Luxembourg');
  await expectText(page, '#side-menu .account-header__name', 'CGDIS — Luxembourg');
  await waitForPath(page, screens.dashboardView.path);
  // The new session is the one kept: a reload stays on Luxembourg.
  await page.reload();
  await expectText(page, '#side-menu .account-header__name', 'CGDIS — Luxembourg');
  expect(errors).toEqual([]);
});
