import type { AnyMachineSnapshot } from 'xstate';
import type { AccountSummary } from '../../contract/auth.schemas';
import { sessionMachine } from '../../src/machines/session/session.machine';
import type { SessionContext } from '../../src/machines/session/session.types';
import { toStoredUser, type SessionUser } from '../../src/services/storage';
import { definePathModel, type EventSamples } from './kit';

/**
 * Model of the session machine for `npm run test:paths` and tests/machines/session.model.test.ts:
 * every event with its payloads and every answer each call may give, expected failures included.
 */

const day = 86_400;

function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    token: 'token',
    expiresIn: 12 * 3600,
    id: 1,
    idGroup: 1,
    siteId: 1,
    accountName: 'SDIS 63 — Puy-de-Dôme',
    accountLogo: null,
    defaultLanguage: 'fr_FR',
    email: 'admin@vigil.test',
    username: 'admin',
    firstName: 'Alice',
    lastName: 'Martin',
    accountConfigured: true,
    ...overrides,
  };
}

const failure = (key: string) => ({ ok: false as const, key });
const accounts: AccountSummary[] = [
  { id: 1, name: 'SDIS 63 — Puy-de-Dôme', kind: 'internal', tag: null, logo: null, country: 'FR', parentId: null },
  { id: 3, name: 'CGDIS — Luxembourg', kind: 'internal', tag: null, logo: null, country: 'LU', parentId: null },
];

export const sessionEvents = {
  'session.signIn': [{ type: 'session.signIn', credentials: { username: 'admin@vigil.test', password: 'Vigil-Demo-2026!', rememberMe: true } }],
  'session.thirdPartySignIn': [
    { type: 'session.thirdPartySignIn', user: user({ idGroup: 7 }) },
    { type: 'session.thirdPartySignIn', user: user({ token: '' }) },
  ],
  'session.thirdPartyFailed': [{ type: 'session.thirdPartyFailed', key: 'error.auth.domain-not-allowed' }],
  'session.rememberPath': [{ type: 'session.rememberPath', path: '/aed/list' }],
  'session.pathReopened': [{ type: 'session.pathReopened' }],
  'session.logout': [{ type: 'session.logout' }],
  'session.unauthorized': [{ type: 'session.unauthorized', path: '/aed/list' }],
  'session.switchAccount': [{ type: 'session.switchAccount', idAccount: 3 }],
  'session.updatePassword': [{ type: 'session.updatePassword', password: 'A-much-better-passw0rd' }],
  'session.signInAgain': [{ type: 'session.signInAgain', path: '/aed/list' }],
  'session.dismissMessage': [{ type: 'session.dismissMessage' }],
} satisfies EventSamples<typeof sessionMachine>;

/** Only what guards and delays read: the state, the group, the account, the time left, the path and logout flags, the message. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as SessionContext;
  return JSON.stringify({
    value: snapshot.value,
    group: context.user?.idGroup,
    site: context.user?.siteId,
    configured: context.user?.accountConfigured,
    expiresIn: context.user?.expiresIn,
    wantedPath: context.wantedPath !== null,
    leftOnPurpose: context.leftOnPurpose,
    message: context.message?.msg ?? null,
    accounts: context.accounts.length,
  });
}

export const pathModel = definePathModel({
  machine: sessionMachine,
  events: sessionEvents,
  actors: {
    // Nothing stored, a live session, a session whose token ran out two hours ago.
    restoreUser: { done: [null, toStoredUser(user()), toStoredUser(user(), Date.now() - 14 * 3600 * 1000)], error: [new Error('storage unreadable')] },
    signIn: {
      done: [
        { ok: true, data: user({ expiresIn: 7 * day }) },
        { ok: true, data: user({ idGroup: 100001 }) },
        { ok: true, data: user({ idGroup: 100002 }) },
        { ok: true, data: user({ idGroup: 5, accountConfigured: false }) },
        { ok: true, data: user({ token: '' }) },
        failure('error.auth.incorrect-password'),
      ],
      error: [new Error('boom')],
    },
    switchAccount: { done: [{ ok: true, data: user({ siteId: 3, accountName: 'CGDIS — Luxembourg' }) }, failure('error.account.not-allowed')], error: [new Error('boom')] },
    updatePassword: { done: [{ ok: true, data: user({ idGroup: 5 }) }, failure('error.auth.password-rules')], error: [new Error('boom')] },
    listAccounts: { done: [{ ok: true, data: { accountList: accounts, selectedAccount: 1 } }, failure('error.account.list')], error: [new Error('boom')] },
    logout: { done: [undefined], error: [new Error('network down')] },
  },
  serializeState,
});
