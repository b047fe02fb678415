import { accountEndpoints as endpoints } from '../../contract/account.endpoints';
import type { EndpointData } from '../../contract/endpoint';
import { call } from './http';

/** The accounts a user may switch to, and the one the session is on. */
export type ThirdAccess = EndpointData<typeof endpoints.thirdAccess>;

export function getThirdAccess(signal?: AbortSignal) {
  return call(endpoints.thirdAccess, {}, { signal });
}

/** A new session (new token) on another account the user has third-party access to. */
export function switchAccount(idAccount: number, signal?: AbortSignal) {
  return call(endpoints.switchAccount, { query: { idAccount } }, { signal });
}

/** The session's account and its descendants. */
export function getAccountList(signal?: AbortSignal) {
  return call(endpoints.getAccountList, {}, { signal });
}

/** The same tree shaped for a select (label, value); `withChild: false` keeps the session's account only. */
export function getSelectAccountList(withChild: boolean, signal?: AbortSignal) {
  return call(endpoints.getSelectAccountList, { body: { withChild } }, { signal });
}
