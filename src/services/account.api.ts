import type { AccountSummary } from '../../contract/auth.schemas';
import { call } from './http';
import type { SessionUser } from './storage';

/** The accounts a user may switch to, and the one the session is on. */
export interface ThirdAccess {
  accountList: AccountSummary[];
  selectedAccount: number;
}

export function getThirdAccess(signal?: AbortSignal) {
  return call<ThirdAccess>('/services/backOffice/account/thirdAccess', { signal });
}

/** A new session (new token) on another account the user has third-party access to. */
export function switchAccount(idAccount: number, signal?: AbortSignal) {
  return call<SessionUser>('/services/backOffice/account/thirdAccess/switch', { query: { idAccount }, signal });
}

/** The session's account and its descendants. */
export function getAccountList(signal?: AbortSignal) {
  return call<AccountSummary[]>('/services/backOffice/account/accountList/getAccountList', { signal });
}

/** The same tree shaped for a select (label, value); `withChild: false` keeps the session's account only. */
export function getSelectAccountList(withChild: boolean, signal?: AbortSignal) {
  return call<(AccountSummary & { label: string; value: number })[]>('/services/backOffice/account/accountList/getSelectAccountList', {
    method: 'POST',
    body: { withChild },
    signal,
  });
}
