import { assertEvent, assign, setup, spawnChild, type DoneActorEvent } from 'xstate';
import { routeSetOf } from '../../../contract/access';
import type { AccountSummary } from '../../../contract/auth.schemas';
import { errorKeys } from '../../../contract/errors';
import { observe } from '../observations';
import { notify, type NoticeType } from '../../services/notify';
import { clearUser, toStoredUser, writeUser, type SessionUser, type StoredUser } from '../../services/storage';
import { sessionActors } from './session.actors';
import type { SessionContext, SessionEvent, SessionOutcome } from './session.types';
import type { Result } from '../../services/http';
import type { ThirdAccess } from '../../services/account.api';

/**
 * The accounts of third-party access, for the switcher, listed on entering a signed-in page or the
 * waiting page; a failure only hides the switcher.
 */
const listingAccountsThenReady = {
  initial: 'listingAccounts',
  states: {
    listingAccounts: {
      meta: observe({ calls: ['account.thirdAccess'] }),
      invoke: {
        src: 'listAccounts',
        onDone: { target: 'ready', actions: { type: 'keepAccounts', params: ({ event }: { event: DoneActorEvent<Result<ThirdAccess>> }) => ({ accounts: event.output.ok ? event.output.data.accountList : [] }) } },
        onError: { target: 'ready' },
      },
    },
    ready: { meta: observe({ enabled: ['layout.menu.logout'] }) },
  },
} as const;

/**
 * setTimeout cannot wait longer than about 24.8 days: a longer session (REMEMBER_ME_DAYS above 24)
 * is shown as expired then, before its token ends, which errs on the safe side.
 */
const longestTimer = 2_147_483_647;

const userOf = (outcome: SessionOutcome) => (outcome as { data: SessionUser }).data;
/** A success without a token is not a session (spec §4): it fails like a server answer we cannot use. */
const failureKeyOf = (outcome: SessionOutcome) => (outcome.ok ? errorKeys.serverAccessApi : outcome.key);

/**
 * The session (spec §4): restoring the stored user, signing in, the page a group gets, the expiry
 * timer, 401s, logout, account switch and the forced password update.
 */
export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: sessionActors,
  guards: {
    storedSessionIsLive: (_, params: { user: StoredUser | null }) => params.user !== null && params.user.expireDateTime > Date.now(),
    succeeded: (_, params: { outcome: SessionOutcome }) => params.outcome.ok && Boolean(params.outcome.data.token),
    carriesToken: (_, params: { user: SessionUser | undefined }) => Boolean(params.user?.token),
    mustUpdatePassword: ({ context }) => routeSetOf(context.user?.idGroup ?? 0).landing === 'updatePassword',
    hasNoRights: ({ context }) => routeSetOf(context.user?.idGroup ?? 0).landing === 'error',
    accountBeingConfigured: ({ context }) => context.user?.accountConfigured === false,
    mayRememberPath: ({ context }) => !context.leftOnPurpose,
  },
  actions: {
    keepStoredUser: assign((_, params: { user: StoredUser }) => ({ user: params.user })),
    keepUser: assign((_, params: { user: SessionUser }) => ({ user: toStoredUser(params.user), message: null, loginFailure: false, leftOnPurpose: false })),
    persistUser: ({ context }) => {
      if (context.user) writeUser(context.user);
    },
    forgetStoredUser: () => clearUser(),
    dropUser: assign({ user: null, accounts: [] }),
    failLogin: assign((_, params: { key: string }) => ({ message: { msgType: 'error' as const, msg: params.key }, loginFailure: true })),
    clearMessage: assign({ message: null, loginFailure: false }),
    rememberPath: assign((_, params: { path: string }) => ({ wantedPath: params.path })),
    forgetPath: assign({ wantedPath: null }),
    leaveOnPurpose: assign({ wantedPath: null, leftOnPurpose: true }),
    keepAccounts: assign((_, params: { accounts: AccountSummary[] }) => ({ accounts: params.accounts })),
    announce: (_, params: { type: NoticeType; key: string }) => notify(params),
  },
  delays: {
    sessionLifetime: ({ context }) => Math.min(Math.max(0, (context.user?.expireDateTime ?? 0) - Date.now()), longestTimer),
  },
}).createMachine({
  id: 'session',
  context: { user: null, message: null, loginFailure: false, wantedPath: null, leftOnPurpose: false, accounts: [] },
  initial: 'restoring',
  states: {
    // Reads once, at start, the user the browser kept, and whether its token is still good.
    restoring: {
      // Nothing shows while the stored user is read: neither the sign-in form nor the app.
      meta: observe({ absent: ['sign-in-form', 'side-menu'] }),
      invoke: {
        src: 'restoreUser',
        onDone: [
          {
            guard: { type: 'storedSessionIsLive', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn',
            actions: { type: 'keepStoredUser', params: ({ event }) => ({ user: event.output as StoredUser }) },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      meta: observe({ shown: ['sign-in-form'], enabled: ['auth.sign-in.submit'], absent: ['side-menu'] }),
      entry: ['dropUser', 'forgetStoredUser'],
      on: {
        'session.signIn': { target: 'signingIn', actions: 'clearMessage' },
        // The server redirected back from the identity provider with the user: no call is made (spec §7).
        'session.thirdPartySignIn': [
          {
            guard: { type: 'carriesToken', params: ({ event }) => ({ user: event.user }) },
            target: 'signedIn',
            actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) },
          },
          { actions: { type: 'failLogin', params: { key: errorKeys.serverAccessApi } } },
        ],
        'session.thirdPartyFailed': { actions: { type: 'failLogin', params: ({ event }) => ({ key: event.key }) } },
        'session.rememberPath': { guard: 'mayRememberPath', actions: { type: 'rememberPath', params: ({ event }) => ({ path: event.path }) } },
        'session.dismissMessage': { actions: 'clearMessage' },
      },
    },
    signingIn: {
      tags: ['busy'],
      meta: observe({ shown: ['sign-in-form'], disabled: ['auth.sign-in.submit'], calls: ['auth.signIn'] }),
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'session.signIn');
          return event.credentials;
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'signedIn',
            actions: { type: 'keepUser', params: ({ event }) => ({ user: userOf(event.output) }) },
          },
          { target: 'signedOut', actions: { type: 'failLogin', params: ({ event }) => ({ key: failureKeyOf(event.output) }) } },
        ],
        onError: { target: 'signedOut', actions: { type: 'failLogin', params: { key: errorKeys.serverError } } },
      },
    },
    signedIn: {
      meta: observe({ absent: ['sign-in-form'] }),
      entry: 'persistUser',
      after: { sessionLifetime: 'expired' },
      on: {
        // Signed out at once; the server ends the token meanwhile (the user is not kept waiting).
        'session.logout': {
          target: 'signedOut',
          actions: ['leaveOnPurpose', spawnChild('logout', { input: ({ context }) => ({ token: context.user?.token ?? '' }) })],
        },
        'session.unauthorized': { target: 'signedOut', actions: { type: 'rememberPath', params: ({ event }) => ({ path: event.path }) } },
        'session.pathReopened': { actions: 'forgetPath' },
        'session.dismissMessage': { actions: 'clearMessage' },
      },
      initial: 'routing',
      states: {
        // Sends the session to what its group and account get (contract/access.ts route sets).
        routing: {
          always: [
            { guard: 'mustUpdatePassword', target: 'mustUpdatePassword' },
            { guard: 'hasNoRights', target: 'noRights' },
            { guard: 'accountBeingConfigured', target: 'waitingConfiguration' },
            { target: 'active' },
          ],
        },
        active: {
          meta: observe({ shown: ['side-menu'], enabled: ['layout.menu.logout'] }),
          on: { 'session.switchAccount': 'switchingAccount' },
          ...listingAccountsThenReady,
        },
        switchingAccount: {
          tags: ['busy'],
          meta: observe({ shown: ['side-menu'], calls: ['account.switchAccount'] }),
          invoke: {
            src: 'switchAccount',
            input: ({ event }) => {
              assertEvent(event, 'session.switchAccount');
              return { idAccount: event.idAccount };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                // A new token on the new account: the session starts again (timer, routing, socket).
                target: '#session.signedIn',
                reenter: true,
                actions: { type: 'keepUser', params: ({ event }) => ({ user: userOf(event.output) }) },
              },
              { target: 'routing', actions: { type: 'announce', params: ({ event }) => ({ type: 'error' as const, key: failureKeyOf(event.output) }) } },
            ],
            onError: { target: 'routing', actions: { type: 'announce', params: { type: 'error', key: errorKeys.serverError } } },
          },
        },
        mustUpdatePassword: {
          meta: observe({ shown: ['new-password-form'], enabled: ['auth.password.submit', 'layout.menu.logout'], messages: ['auth.update-password.intro'], absent: ['side-menu'] }),
          on: { 'session.updatePassword': { target: 'updatingPassword', actions: 'clearMessage' } },
        },
        updatingPassword: {
          tags: ['busy'],
          meta: observe({ shown: ['new-password-form'], disabled: ['auth.password.submit'], calls: ['auth.updatePassword'] }),
          invoke: {
            src: 'updatePassword',
            input: ({ event }) => {
              assertEvent(event, 'session.updatePassword');
              return { password: event.password };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: '#session.signedIn',
                reenter: true,
                actions: [
                  { type: 'keepUser', params: ({ event }) => ({ user: userOf(event.output) }) },
                  { type: 'announce', params: { type: 'success', key: 'auth.update-password.done' } },
                ],
              },
              { target: 'mustUpdatePassword', actions: { type: 'failLogin', params: ({ event }) => ({ key: failureKeyOf(event.output) }) } },
            ],
            onError: { target: 'mustUpdatePassword', actions: { type: 'failLogin', params: { key: errorKeys.serverError } } },
          },
        },
        noRights: { meta: observe({ messages: ['error.necessary-rights', 'page.error.help'], enabled: ['layout.menu.logout'], absent: ['side-menu'] }) },
        // The waiting page: the session may still list its accounts and switch to another (docs/decisions.md).
        waitingConfiguration: {
          meta: observe({ messages: ['page.waiting.text'], enabled: ['layout.menu.logout'], absent: ['side-menu'] }),
          on: { 'session.switchAccount': 'switchingAccount' },
          ...listingAccountsThenReady,
        },
      },
    },
    // The token ran out: the page stays behind a dialog asking to sign in again.
    expired: {
      meta: observe({ messages: ['error.auth.session-expired'], enabled: ['session.expired.sign-in-again'] }),
      entry: 'forgetStoredUser',
      on: {
        'session.signInAgain': { target: 'signedOut', actions: { type: 'rememberPath', params: ({ event }) => ({ path: event.path }) } },
      },
    },
  },
});
