import type { z } from 'zod';
import { authEndpoints } from '../../contract/auth.endpoints';
import type { extraInfos, signInBody } from '../../contract/auth.schemas';
import { call } from './http';

/** What the sign-in page and the app read before anyone signs in (third-party sign-in, adapters, ws path). */
export type ExtraInfos = z.infer<typeof extraInfos>;

/** POST backOffice/signin/: the only call without a JWT. */
export function signIn(body: z.input<typeof signInBody>, signal?: AbortSignal) {
  return call(authEndpoints.signIn, { body }, { signal, anonymous: true });
}

/**
 * Ends the session's token on the server (and closes its WebSocket). The token is given, not read
 * from storage: the app has already signed out locally, whatever the answer.
 */
export function logout(token: string, signal?: AbortSignal) {
  return call(authEndpoints.logout, {}, { signal, anonymous: true, headers: { Authorization: `JWT ${token}` } });
}

export const getExtraInfos = (origin: string, signal?: AbortSignal) => call(authEndpoints.getExtraInfos, { query: { origin } }, { signal });

/** Forced or voluntary password update; answers a new session (the real group after a forced update). */
export const updatePassword = (password: string, signal?: AbortSignal) => call(authEndpoints.updatePassword, { body: { password } }, { signal });
