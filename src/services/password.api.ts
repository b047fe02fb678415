import type { z } from 'zod';
import type { forgotBody, renewBody, verifyTokenBody } from '../../contract/auth.schemas';
import { passwordEndpoints as endpoints } from '../../contract/password.endpoints';
import { call } from './http';

/** The password reset by mail (contract/password.endpoints.ts): the forgot-password and renewal pages. */

export const forgotPassword = (body: z.input<typeof forgotBody>, signal?: AbortSignal) => call(endpoints.forgotPassword, { body }, { signal });

export const verifyResetToken = (body: z.input<typeof verifyTokenBody>, signal?: AbortSignal) => call(endpoints.verifyResetToken, { body }, { signal });

export const renewPassword = (body: z.input<typeof renewBody>, signal?: AbortSignal) => call(endpoints.renewPassword, { body }, { signal });
