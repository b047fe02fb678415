import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AccountSummary } from '../../contract/auth.schemas';
import type { ThirdAccess } from '../../src/services/account.api';
import type { Result } from '../../src/services/http';
import { onNotice, type Notice } from '../../src/services/notify';
import { clearUser, readUser, restoreUser, toStoredUser, writeUser, type SessionUser, type StoredUser } from '../../src/services/storage';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { landingPathOf, menuOf, sessionViewOf, type SessionSnapshot } from '../../src/machines/session/session.selectors';

const hour = 3600;

function userOf(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    token: 'token-1',
    expiresIn: hour,
    id: 1,
    idGroup: 1,
    siteId: 1,
    accountName: 'SDIS 63 — Puy-de-Dôme',
    accountLogo: '/logos/sdis63.svg',
    defaultLanguage: 'fr_FR',
    email: 'admin@vigil.test',
    username: 'admin',
    firstName: 'Alice',
    lastName: 'Martin',
    accountConfigured: true,
    ...overrides,
  };
}

const ok = <T>(data: T): Result<T> => ({ ok: true, data });
const failure = (key: string, status = 400): Result<never> => ({ ok: false, key, status });

const accounts: AccountSummary[] = [
  { id: 1, name: 'SDIS 63 — Puy-de-Dôme', kind: 'internal', tag: null, logo: null, country: 'FR', parentId: null },
  { id: 3, name: 'CGDIS — Luxembourg', kind: 'internal', tag: null, logo: null, country: 'LU', parentId: null },
];

interface Stubs {
  storedUser?: StoredUser | null;
  signIn?: Result<SessionUser>;
  switchAccount?: Result<SessionUser>;
  updatePassword?: Result<SessionUser>;
}

/** The session machine with its calls answered by the given outcomes, once it has read the stored user. */
async function startSession(stubs: Stubs = {}) {
  const calls: string[] = [];
  const machine = sessionMachine.provide({
    actors: {
      restoreUser: fromPromise(async () => stubs.storedUser ?? null),
      signIn: fromPromise(async () => {
        calls.push('signIn');
        return stubs.signIn ?? ok(userOf());
      }),
      switchAccount: fromPromise(async () => {
        calls.push('switchAccount');
        return stubs.switchAccount ?? ok(userOf({ siteId: 3, accountName: 'CGDIS — Luxembourg', token: 'token-2' }));
      }),
      updatePassword: fromPromise(async () => {
        calls.push('updatePassword');
        return stubs.updatePassword ?? ok(userOf({ idGroup: 5, token: 'token-3' }));
      }),
      listAccounts: fromPromise(async (): Promise<Result<ThirdAccess>> => ok({ accountList: accounts, selectedAccount: 1 })),
      logout: fromPromise(async ({ input }: { input: { token: string } }) => {
        calls.push(`logout ${input.token}`);
      }),
    },
  });
  const actor = createActor(machine).start();
  await waitFor(actor, (snapshot) => !snapshot.matches('restoring'));
  return { actor, calls };
}

const credentials = { username: 'admin@vigil.test', password: 'Vigil-Demo-2026!', rememberMe: false };
const view = (snapshot: SessionSnapshot) => sessionViewOf(snapshot);
const settled = (snapshot: SessionSnapshot) => !snapshot.hasTag('busy');

async function signedInAs(overrides: Partial<SessionUser>, stubs: Stubs = {}) {
  const session = await startSession({ ...stubs, signIn: ok(userOf(overrides)) });
  session.actor.send({ type: 'session.signIn', credentials });
  await waitFor(session.actor, settled);
  return session;
}

beforeEach(() => clearUser());
afterEach(() => vi.useRealTimers());

describe('session journeys', () => {
  it('signs in, stores the user with its expiry and lands the super admin on the dashboard', async () => {
    const before = Date.now();
    const { actor } = await signedInAs({ idGroup: 1 });
    const snapshot = actor.getSnapshot();
    expect(view(snapshot)).toBe('active');
    expect(landingPathOf(snapshot)).toBe('/dashboard/view');
    const stored = readUser();
    expect(stored).toMatchObject({ token: 'token-1', idGroup: 1, isLoggedIn: true });
    expect(stored!.expireDateTime).toBeGreaterThanOrEqual(before + hour * 1000);
    expect(stored!.expireDateTime).toBeLessThanOrEqual(Date.now() + hour * 1000);
  });

  it('lands each group on its own default screen with only its menu categories', async () => {
    const operator = (await signedInAs({ idGroup: 5 })).actor.getSnapshot();
    expect(landingPathOf(operator)).toBe('/alert/call');
    expect(menuOf(operator).map((section) => section.category)).toEqual(['alert', 'aed']);
    const aedManager = (await signedInAs({ idGroup: 8 })).actor.getSnapshot();
    expect(landingPathOf(aedManager)).toBe('/aed/list');
    expect(menuOf(aedManager)).toEqual([{ category: 'aed', screens: ['aedList'] }]);
    const referent = (await signedInAs({ idGroup: 7 })).actor.getSnapshot();
    expect(landingPathOf(referent)).toBe('/dashboard/view');
  });

  it('keeps a failed sign-in as an error message with login-failure set, and stores nothing', async () => {
    const { actor } = await startSession({ signIn: failure('error.auth.incorrect-password', 401) });
    actor.send({ type: 'session.signIn', credentials });
    await waitFor(actor, settled);
    expect(view(actor.getSnapshot())).toBe('signedOut');
    expect(actor.getSnapshot().context).toMatchObject({ message: { msgType: 'error', msg: 'error.auth.incorrect-password' }, loginFailure: true });
    expect(readUser()).toBeNull();
  });

  it('refuses a success that carries no token', async () => {
    const { actor } = await startSession({ signIn: ok(userOf({ token: '' })) });
    actor.send({ type: 'session.signIn', credentials });
    await waitFor(actor, settled);
    expect(view(actor.getSnapshot())).toBe('signedOut');
    expect(actor.getSnapshot().context.message?.msg).toBe('error.server-access-api');
  });

  it('ends the session on a 401 and remembers the page to reopen after the next sign-in', async () => {
    const { actor } = await signedInAs({ idGroup: 6 });
    actor.send({ type: 'session.unauthorized', path: '/alert/history?page=2' });
    expect(view(actor.getSnapshot())).toBe('signedOut');
    expect(readUser()).toBeNull();
    expect(actor.getSnapshot().context.wantedPath).toBe('/alert/history?page=2');
    actor.send({ type: 'session.signIn', credentials });
    await waitFor(actor, settled);
    expect(view(actor.getSnapshot())).toBe('active');
    expect(actor.getSnapshot().context.wantedPath).toBe('/alert/history?page=2');
    actor.send({ type: 'session.pathReopened' });
    expect(actor.getSnapshot().context.wantedPath).toBeNull();
  });

  it('shows the expired dialog when the token runs out, then signs in again on the same page', async () => {
    vi.useFakeTimers();
    const storedUser = toStoredUser(userOf({ expiresIn: 60 }));
    const { actor } = await startSession({ storedUser });
    expect(view(actor.getSnapshot())).toBe('active');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(view(actor.getSnapshot())).toBe('active');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(view(actor.getSnapshot())).toBe('expired');
    expect(readUser()).toBeNull();
    actor.send({ type: 'session.signInAgain', path: '/aed/list' });
    expect(view(actor.getSnapshot())).toBe('signedOut');
    expect(actor.getSnapshot().context.wantedPath).toBe('/aed/list');
  });

  it('restores a stored user of the signed-in shape and forgets one of another shape', async () => {
    const stored = toStoredUser(userOf({ idGroup: 5 }));
    writeUser(stored);
    expect(await restoreUser()).toMatchObject({ token: 'token-1', idGroup: 5, isLoggedIn: true });
    writeUser({ ...stored, idGroup: 'five' } as unknown as StoredUser);
    expect(await restoreUser()).toBeNull();
    expect(readUser()).toBeNull();
  });

  it('restores a live stored session and drops an expired one', async () => {
    expect(view((await startSession({ storedUser: toStoredUser(userOf()) })).actor.getSnapshot())).toBe('active');
    const stale = toStoredUser(userOf(), Date.now() - 2 * hour * 1000);
    writeUser(stale);
    const { actor } = await startSession({ storedUser: stale });
    expect(view(actor.getSnapshot())).toBe('signedOut');
    expect(readUser()).toBeNull();
  });

  it('forces a password update for group 100001, then opens the real group on the new token', async () => {
    const notices: Notice[] = [];
    const stop = onNotice((notice) => notices.push(notice));
    const { actor } = await signedInAs({ idGroup: 100001 }, { updatePassword: failure('error.auth.password-rules') });
    expect(view(actor.getSnapshot())).toBe('mustUpdatePassword');
    expect(landingPathOf(actor.getSnapshot())).toBe('/dashboards/default');
    actor.send({ type: 'session.updatePassword', password: 'too weak' });
    await waitFor(actor, settled);
    expect(view(actor.getSnapshot())).toBe('mustUpdatePassword');
    expect(actor.getSnapshot().context).toMatchObject({ message: { msgType: 'error', msg: 'error.auth.password-rules' }, loginFailure: true });
    stop();

    const second = await signedInAs({ idGroup: 100001 });
    const listening = onNotice((notice) => notices.push(notice));
    second.actor.send({ type: 'session.updatePassword', password: 'A-much-better-passw0rd' });
    await waitFor(second.actor, settled);
    listening();
    expect(view(second.actor.getSnapshot())).toBe('active');
    expect(landingPathOf(second.actor.getSnapshot())).toBe('/alert/call');
    expect(readUser()).toMatchObject({ token: 'token-3', idGroup: 5 });
    expect(notices.map((notice) => notice.key)).toContain('auth.update-password.done');
  });

  it('gives group 100002 and unknown groups the error page', async () => {
    for (const idGroup of [100002, 42]) {
      const snapshot = (await signedInAs({ idGroup })).actor.getSnapshot();
      expect(view(snapshot)).toBe('noRights');
      expect(landingPathOf(snapshot)).toBe('/dashboards/default');
      expect(menuOf(snapshot)).toEqual([]);
    }
  });

  it('waits while the account is being configured', async () => {
    const { actor } = await signedInAs({ idGroup: 5, accountConfigured: false });
    expect(view(actor.getSnapshot())).toBe('waitingConfiguration');
  });

  it('logs out: the stored user is gone, the server ends the token, and no page is remembered', async () => {
    const session = await signedInAs({ idGroup: 1 });
    const { actor } = session;
    const { calls } = session;
    const token = actor.getSnapshot().context.user!.token;
    actor.send({ type: 'session.logout' });
    expect(view(actor.getSnapshot())).toBe('signedOut');
    expect(readUser()).toBeNull();
    await vi.waitFor(() => expect(calls).toContain(`logout ${token}`));
    actor.send({ type: 'session.rememberPath', path: '/aed/list' });
    expect(actor.getSnapshot().context.wantedPath).toBeNull();
  });

  it('switches account: the new user and token replace the old ones', async () => {
    const { actor } = await signedInAs({ idGroup: 1 });
    await waitFor(actor, (snapshot) => snapshot.context.accounts.length === 2);
    actor.send({ type: 'session.switchAccount', idAccount: 3 });
    await waitFor(actor, settled);
    expect(view(actor.getSnapshot())).toBe('active');
    expect(readUser()).toMatchObject({ siteId: 3, accountName: 'CGDIS — Luxembourg', token: 'token-2' });
  });

  it('stays on the account and says why when a switch is refused', async () => {
    const notices: Notice[] = [];
    const stop = onNotice((notice) => notices.push(notice));
    const { actor } = await signedInAs({ idGroup: 5 }, { switchAccount: failure('error.account.not-allowed', 403) });
    actor.send({ type: 'session.switchAccount', idAccount: 3 });
    await waitFor(actor, settled);
    stop();
    expect(view(actor.getSnapshot())).toBe('active');
    expect(readUser()).toMatchObject({ siteId: 1 });
    expect(notices).toEqual([expect.objectContaining({ type: 'error', key: 'error.account.not-allowed' })]);
  });

  it('signs in from a third-party return without any call', async () => {
    const { actor, calls } = await startSession();
    actor.send({ type: 'session.thirdPartySignIn', user: userOf({ idGroup: 7 }) });
    expect(view(actor.getSnapshot())).toBe('active');
    expect(calls).toEqual([]);
    expect(readUser()).toMatchObject({ idGroup: 7, isLoggedIn: true });
    const refused = (await startSession()).actor;
    refused.send({ type: 'session.thirdPartyFailed', key: 'error.auth.domain-not-allowed' });
    expect(refused.getSnapshot().context).toMatchObject({ message: { msg: 'error.auth.domain-not-allowed' }, loginFailure: true });
  });
});
