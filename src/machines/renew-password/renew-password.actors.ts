import { fromPromise } from 'xstate';
import { errorKeys } from '../../../contract/errors';
import { renewPassword, verifyResetToken } from '../../services/password.api';
import type { RenewOutcome } from './renew-password.types';

export const renewPasswordActors = {
  /** A link without its token or user id cannot be verified: it is refused without a call. */
  verifyLink: fromPromise<RenewOutcome, { token: string | null; idUser: number | null }>(async ({ input, signal }) => {
    if (!input.token || input.idUser === null) return { ok: false, key: errorKeys.tokenNotFound };
    return verifyResetToken({ token: input.token, idUser: input.idUser }, signal);
  }),
  renew: fromPromise<RenewOutcome, { token: string; idUser: number; password: string; idSite?: number; baseUrl: string }>(({ input, signal }) =>
    renewPassword(input, signal),
  ),
};
