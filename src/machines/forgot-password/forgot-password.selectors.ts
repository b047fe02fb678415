import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgot-password.machine';

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const isSending = (snapshot: ForgotPasswordSnapshot) => snapshot.hasTag('busy');
export const isSent = (snapshot: ForgotPasswordSnapshot) => snapshot.matches('sent');
export const errorKeyOf = (snapshot: ForgotPasswordSnapshot) => snapshot.context.errorKey;
export const emailOf = (snapshot: ForgotPasswordSnapshot) => snapshot.context.email;
