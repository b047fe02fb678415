import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { errorKeys } from '../../../contract/errors';
import type { sessionMachine } from '../../../src/machines/session/session.machine';
import type { ThirdAccess } from '../../../src/services/account.api';
import { writeLanguageChoice } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import { appRoutes } from '../../../src/views/routes/app-routes';
import { signInPath } from '../../../src/views/routes/guards';
import { pathModel } from '../../machines/session.samples';
import { extraInfos } from '../render-app';
import { currentApi } from './current-api';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The session chart replayed on the whole app, from the sign-in page: signing in, the page each
 * group lands on, the account switcher, the forced password update, the expiry dialog, logout, a
 * 401, and the return from the identity provider. The stored user is read from the browser (a
 * stubbed actor); every other answer is the server's.
 */

type Router = ReturnType<typeof createMemoryRouter>;
let router: Router | undefined;

const listed = pathModel.actors!.listAccounts!.done![0] as { ok: true; data: ThirdAccess };

const button = (key: string) => screen.findAllByRole('button', { name: englishOf(key) }).then((found) => found[0]!);

/**
 * Back from the identity provider: the server redirects to the sign-in page with the fragment.
 * The app is on that page already, so the visitor leaves it and comes back with the fragment. The
 * way back is taken once the page left has rendered, which it does after the gesture.
 */
function returnFromIdentityProvider(fragment: string): Promise<void> {
  window.history.replaceState(null, '', `${signInPath}#${fragment}`);
  void screen.findByTestId('forgot-password-form').then(() => router!.navigate(signInPath));
  return router!.navigate('/authentication/reset-password');
}

describeScreenReplay<typeof sessionMachine>({
  model: pathModel,
  render: (machine, clock) => {
    // The samples' users read French by default; the visitor chose English in the language menu.
    writeLanguageChoice('en_US');
    window.history.replaceState(null, '', signInPath);
    router = createMemoryRouter(appRoutes, { initialEntries: [signInPath] });
    render(
      <AppProviders sessionLogic={machine} sessionClock={clock}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  },
  stubbed: ['restoreUser'],
  endpoints: { signIn: 'auth.signIn', switchAccount: 'account.switchAccount', listAccounts: 'account.thirdAccess', updatePassword: 'auth.updatePassword', logout: 'auth.logout' },
  standing: { 'auth.getExtraInfos': { ok: true, data: extraInfos } },
  gestures: {
    'session.signIn': async ({ credentials }) => {
      fireEvent.change(await screen.findByLabelText(englishOf('auth.sign-in.username')), { target: { value: credentials.username } });
      fireEvent.change(screen.getByLabelText(englishOf('auth.sign-in.password')), { target: { value: credentials.password } });
      if (credentials.rememberMe) fireEvent.click(screen.getByLabelText(englishOf('auth.sign-in.remember-me')));
      fireEvent.click(screen.getByRole('button', { name: englishOf('auth.sign-in.submit') }));
    },
    'session.thirdPartySignIn': ({ user }) => returnFromIdentityProvider(`thirdParty=${Buffer.from(JSON.stringify(user), 'utf8').toString('base64url')}`),
    'session.thirdPartyFailed': ({ key }) => returnFromIdentityProvider(`thirdPartyError=${key}`),
    // A link to a page behind sign-in, opened while signed out: the page is kept for after sign-in.
    'session.rememberPath': ({ path }) => router!.navigate(path),
    // The sign-in page opened while signed in: the app goes on to the page it was to reopen.
    'session.pathReopened': () => router!.navigate(signInPath),
    'session.logout': async () => fireEvent.click(await button('layout.menu.logout')),
    // The server refuses the token on a call the page made (a password changed elsewhere).
    'session.unauthorized': async () => {
      await waitFor(() => {
        if (!currentApi().answer('account.thirdAccess', { ok: false, key: errorKeys.invalidToken, status: 401 })) throw new Error('no call of the page is waiting');
      });
    },
    'session.switchAccount': async ({ idAccount }) => {
      // The switcher offers the accounts once they are listed: a person picks after that answer.
      currentApi().answer('account.thirdAccess', listed);
      if (!screen.queryByTestId('account-switch') && screen.queryByTestId('side-menu')) fireEvent.click(await button('layout.menu.open'));
      fireEvent.click(await screen.findByTestId('account-switch'));
      const name = listed.data.accountList.find((account) => account.id === idAccount)!.name;
      fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
    },
    'session.updatePassword': async ({ password }) => {
      fireEvent.change(await screen.findByLabelText(englishOf('auth.password.new')), { target: { value: password } });
      fireEvent.change(screen.getByLabelText(englishOf('auth.password.confirm')), { target: { value: password } });
      fireEvent.click(screen.getByRole('button', { name: englishOf('auth.password.submit') }));
    },
    'session.signInAgain': async () => fireEvent.click(await button('session.expired.sign-in-again')),
  },
  offScreen: { 'session.dismissMessage': 'no view dismisses the sign-in message: it stays until the next attempt' },
});
