import type { z } from 'zod';
import { authEndpoints } from '../../contract/auth.endpoints';
import type { extraInfos } from '../../contract/auth.schemas';
import { call } from './http';
import type { SessionUser } from './storage';

/** What the sign-in page and the app read before anyone signs in (third-party sign-in, adapters, ws path). */
export type ExtraInfos = z.infer<typeof extraInfos>;

export interface SignInRequest {
  username: string;
  password: string;
  rememberMe: boolean;
  timezone?: string;
  lang?: string;
}

/** POST backOffice/signin/: the only call without a JWT. */
export function signIn(body: SignInRequest, signal?: AbortSignal) {
  return call<SessionUser>('/services/backOffice/signin/', { method: 'POST', body, signal, anonymous: true });
}

/**
 * Ends the session's token on the server (and closes its WebSocket). The token is given, not read
 * from storage: the app has already signed out locally, whatever the answer.
 */
export function logout(token: string, signal?: AbortSignal) {
  return call(authEndpoints.logout, {}, { signal, anonymous: true, headers: { Authorization: `JWT ${token}` } });
}

export function getExtraInfos(origin: string, signal?: AbortSignal) {
  return call<ExtraInfos>('/services/backOffice/signin/getExtraInfos', { query: { origin }, signal });
}

/** Forced or voluntary password update; answers a new session (the real group after a forced update). */
export function updatePassword(password: string, signal?: AbortSignal) {
  return call<SessionUser>('/services/backoffice/user/updtPwd', { method: 'POST', body: { password }, signal });
}

export function forgotPassword(body: { email: string; baseUrl: string; idSite?: number }, signal?: AbortSignal) {
  return call<{ sent: boolean }>('/services/backoffice/password/forgot', { method: 'POST', body, signal });
}

export function verifyResetToken(body: { token: string; idUser: number }, signal?: AbortSignal) {
  return call<{ valid: boolean }>('/services/backoffice/password/verifyToken', { method: 'POST', body, signal });
}

export function renewPassword(body: { token: string; password: string; idUser: number; idSite?: number; baseUrl: string }, signal?: AbortSignal) {
  return call<{ renewed: boolean }>('/services/backoffice/password/renew', { method: 'POST', body, signal });
}
