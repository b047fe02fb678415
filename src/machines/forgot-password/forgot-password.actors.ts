import { fromPromise } from 'xstate';
import { forgotPassword } from '../../services/password.api';
import type { ForgotOutcome } from './forgot-password.types';

export const forgotPasswordActors = {
  sendResetMail: fromPromise<ForgotOutcome, { email: string; baseUrl: string; idSite?: number }>(({ input, signal }) => forgotPassword(input, signal)),
};
