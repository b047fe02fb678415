import type { Result } from '../../services/http';

export interface ForgotPasswordInput {
  /** Origin the mailed link points to (window.location.origin). */
  baseUrl: string;
  idSite?: number;
}

export interface ForgotPasswordContext extends ForgotPasswordInput {
  email: string;
  /** Error key of the last failed send. */
  errorKey: string | null;
}

export type ForgotPasswordEvent = { type: 'forgot.submit'; email: string } | { type: 'forgot.restart' };

export type ForgotOutcome = Result<{ sent: boolean }>;
