import type { AccountSummary } from '../../../contract/auth.schemas';
import type { Result } from '../../services/http';
import type { SessionUser, StoredUser } from '../../services/storage';

/** What the sign-in form sends. `lang` is the interface language, so the server can answer in it. */
export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
  lang?: string;
}

/** A message for the auth forms (spec §3 "message (msgType, msg)"): always a key, never text. */
export interface SessionMessage {
  msgType: 'error' | 'success';
  msg: string;
}

export interface SessionContext {
  user: StoredUser | null;
  message: SessionMessage | null;
  /** Set when a sign-in, third-party sign-in or password update failed (spec §8). */
  loginFailure: boolean;
  /** The page to reopen after sign-in (a 401, an expiry, or a direct link with a short history). */
  wantedPath: string | null;
  /** True after a logout: the page left behind is not reopened at the next sign-in. */
  leftOnPurpose: boolean;
  /** Accounts the user may switch to (third-party access); empty until listed or when there are none. */
  accounts: AccountSummary[];
}

/** What answers a sign-in, a switch or a password update. */
export type SessionOutcome = Result<SessionUser>;

export type SessionEvent =
  | { type: 'session.signIn'; credentials: Credentials }
  | { type: 'session.thirdPartySignIn'; user: SessionUser }
  | { type: 'session.thirdPartyFailed'; key: string }
  | { type: 'session.rememberPath'; path: string }
  | { type: 'session.pathReopened' }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized'; path: string }
  | { type: 'session.switchAccount'; idAccount: number }
  | { type: 'session.updatePassword'; password: string }
  | { type: 'session.signInAgain'; path: string }
  | { type: 'session.dismissMessage' };
