import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { extraInfos, renderApp, userOf } from './render-app';

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup({ delay: null });
  if (username) await user.type(await screen.findByLabelText('Email or username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

// Load the page modules once, so that the first test does not pay for their transform.
beforeAll(async () => {
  await Promise.all([import('../../src/views/auth/sign-in-page'), import('../../src/views/alert/alert-call-page'), import('../../src/views/aed/aed-list-page')]);
});

describe('sign-in page', () => {
  it('sends a signed-out visitor to sign-in and says which fields are missing', async () => {
    const { router, signInCalls } = renderApp({ path: '/aed/list' });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/authentication/sign-in');
    await fillAndSubmit('', '');
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(signInCalls).toEqual([]);
  });

  it('checks that a login with an @ is a valid email address', async () => {
    const { signInCalls } = renderApp({ path: '/authentication/sign-in' });
    await fillAndSubmit('admin@', 'secret');
    expect(screen.getByText('Invalid email address.')).toBeTruthy();
    expect(signInCalls).toEqual([]);
  });

  it('signs in with remember me and lands the group on its default screen', async () => {
    const { router, signInCalls } = renderApp({ path: '/authentication/sign-in', signIn: { ok: true, data: userOf({ idGroup: 5 }) } });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email or username'), 'operator@vigil.test');
    await user.type(screen.getByLabelText('Password'), 'Vigil-Demo-2026!');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alert/call'));
    expect(signInCalls).toEqual([{ username: 'operator@vigil.test', password: 'Vigil-Demo-2026!', rememberMe: true, lang: 'en_US' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Launch an alert' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alert tracking' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Notifications' })).toBeNull();
  });

  it('reopens the page that was asked for before signing in', async () => {
    const { router } = renderApp({ path: '/alert/history' });
    await fillAndSubmit('admin@vigil.test', 'Vigil-Demo-2026!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/alert/history'));
  });

  it('shows the translated reason of a refused sign-in', async () => {
    renderApp({ path: '/authentication/sign-in', signIn: { ok: false, key: 'error.auth.incorrect-password', status: 401 } });
    await fillAndSubmit('admin@vigil.test', 'wrong');
    expect(await screen.findByText('Incorrect email or password.')).toBeTruthy();
  });

  it('offers third-party sign-in when the server has it, pointing at its address', async () => {
    renderApp({ path: '/authentication/sign-in', infos: { ...extraInfos, thirdParty: { enabled: true, label: 'Keycloak SDIS', url: '/services/backOffice/signin/oidc/start' } } });
    const link = await screen.findByRole('link', { name: 'Sign in with Keycloak SDIS' });
    expect(link.getAttribute('href')).toBe('/services/backOffice/signin/oidc/start');
  });

  it('signs in from the third-party return fragment without calling the server', async () => {
    // As the server builds it: base64url of the UTF-8 JSON (the account name has non-ASCII letters).
    const encoded = Buffer.from(JSON.stringify(userOf({ idGroup: 8 })), 'utf8').toString('base64url');
    window.history.replaceState(null, '', `/authentication/sign-in#thirdParty=${encoded}`);
    const { router, signInCalls } = renderApp({ path: '/authentication/sign-in' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/aed/list'));
    expect(signInCalls).toEqual([]);
    expect(window.location.hash).toBe('');
  });
});
