import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { startOidcProvider } from '../fixtures/oidc-provider';
import { e2e, freePort, startVigil } from './harness';

/**
 * Third-party sign-in end to end in the browser: from the sign-in page's single sign-on button,
 * through a real OpenID Connect provider's login and consent pages (oidc-provider, the one the
 * server test uses), back to Vigil, which lands the user on their group's screen; a user of a
 * domain Vigil does not allow comes back to the sign-in page with the reason.
 */

const clientId = 'vigil-back-office';
const clientSecret = 'a client secret long enough for HS256 & form-encoding!';

// The provider must know Vigil's callback address before Vigil starts, and Vigil the provider's.
const ssoE2e = e2e.extend('vigil', { scope: 'file' }, async ({}, { onCleanup }) => {
  const port = await freePort();
  const provider = await startOidcProvider({
    clientId,
    clientSecret,
    redirectUri: `http://127.0.0.1:${port}/services/backOffice/signin/oidc/callback`,
    users: {
      'admin@vigil.test': { email: 'admin@vigil.test', email_verified: true },
      'outsider@other.example': { email: 'outsider@other.example', email_verified: true },
    },
  });
  const vigil = await startVigil({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, OIDC_ALLOWED_DOMAINS: 'vigil.test', OIDC_LABEL: 'Puy-de-Dôme SSO' }, undefined, port).catch(async (error: unknown) => {
    await provider.close();
    throw error;
  });
  onCleanup(async () => {
    await vigil.stop();
    await provider.close();
  });
  return vigil;
});

/** From Vigil's sign-in page through the provider's pages (any password, then consent) as `login`. */
async function signInThroughProvider(page: Page, vigilUrl: string, login: string) {
  // No provider session left from an earlier test: the provider asks who it is again.
  await page.context().clearCookies();
  await page.goto(`${vigilUrl}/authentication/sign-in`);
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('language', JSON.stringify('en_US'));
  });
  await page.reload();
  await page.getByRole('link', { name: 'Sign in with Puy-de-Dôme SSO' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

ssoE2e('a user signs in with the single sign-on button and lands on their screen, signed in', async ({ vigil, page }) => {
  await signInThroughProvider(page, vigil.url, 'admin@vigil.test');
  await page.waitForURL(`${vigil.url}/dashboard/view`, { timeout: 20_000 });
  await page.locator('[data-testid="dashboard-view"] [role="tab"]', { hasText: 'Referent' }).waitFor();
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { email?: string; token?: string } | null);
  expect(user?.email).toBe('admin@vigil.test');
  // The session works for the next screen too: an API call with its token is served.
  await page.goto(`${vigil.url}/alert/dashboard`);
  await page.locator('[data-testid="reporting-total"]').waitFor();
  expect(new URL(page.url()).pathname).toBe('/alert/dashboard');
});

ssoE2e('a provider user of a domain Vigil does not allow comes back to the sign-in page with the reason', async ({ vigil, page }) => {
  await signInThroughProvider(page, vigil.url, 'outsider@other.example');
  await page.waitForURL((address) => address.href.startsWith(`${vigil.url}/authentication/sign-in`), { timeout: 20_000 });
  await expect.poll(() => page.locator('.p-message, .p-inline-message').first().textContent()).toContain('Identification impossible with this domain.');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  expect(await page.locator('#username').isVisible()).toBe(true);
});
