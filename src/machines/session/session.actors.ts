import { fromPromise } from 'xstate';
import { getThirdAccess, switchAccount, type ThirdAccess } from '../../services/account.api';
import type { Result } from '../../services/http';
import { readUser, type StoredUser } from '../../services/storage';
import { signIn, updatePassword } from '../../services/auth.api';
import type { Credentials, SessionOutcome } from './session.types';

/** The session's I/O; tests replace them with `.provide({ actors })`. */
export const sessionActors = {
  /** What the browser kept under `user` at start (null when nothing usable is there). */
  restoreUser: fromPromise<StoredUser | null>(async () => readUser()),
  signIn: fromPromise<SessionOutcome, Credentials>(({ input, signal }) =>
    signIn({ ...input, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, signal),
  ),
  switchAccount: fromPromise<SessionOutcome, { idAccount: number }>(({ input, signal }) => switchAccount(input.idAccount, signal)),
  listAccounts: fromPromise<Result<ThirdAccess>>(({ signal }) => getThirdAccess(signal)),
  updatePassword: fromPromise<SessionOutcome, { password: string }>(({ input, signal }) => updatePassword(input.password, signal)),
};
