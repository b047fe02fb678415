import { fromPromise } from 'xstate';
import { getThirdAccess, switchAccount, type ThirdAccess } from '../../services/account.api';
import type { Result } from '../../services/http';
import { restoreUser, type StoredUser } from '../../services/storage';
import { logout, signIn, updatePassword } from '../../services/auth.api';
import type { Credentials, SessionOutcome } from './session.types';

/** The session's I/O; tests replace them with `.provide({ actors })`. */
export const sessionActors = {
  /** What the browser kept under `user` at start (null when nothing usable is there). */
  restoreUser: fromPromise<StoredUser | null>(() => restoreUser()),
  signIn: fromPromise<SessionOutcome, Credentials>(({ input, signal }) =>
    signIn({ ...input, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, signal),
  ),
  switchAccount: fromPromise<SessionOutcome, { idAccount: number }>(({ input, signal }) => switchAccount(input.idAccount, signal)),
  listAccounts: fromPromise<Result<ThirdAccess>>(({ signal }) => getThirdAccess(signal)),
  updatePassword: fromPromise<SessionOutcome, { password: string }>(({ input, signal }) => updatePassword(input.password, signal)),
  /** Ends the token on the server after a logout; the app is signed out already, so a failure changes nothing. */
  logout: fromPromise<void, { token: string }>(async ({ input, signal }) => {
    if (input.token) await logout(input.token, signal).catch(() => undefined);
  }),
};
