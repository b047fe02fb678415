import type { SnapshotFrom } from 'xstate';
import type { renewPasswordMachine } from './renew-password.machine';

export type RenewPasswordSnapshot = SnapshotFrom<typeof renewPasswordMachine>;

export type RenewPasswordView = 'verifying' | 'invalidLink' | 'editing' | 'renewing' | 'renewed';

export function renewViewOf(snapshot: RenewPasswordSnapshot): RenewPasswordView {
  return snapshot.value;
}

export const isBusy = (snapshot: RenewPasswordSnapshot) => snapshot.hasTag('busy');
export const errorKeyOf = (snapshot: RenewPasswordSnapshot) => snapshot.context.errorKey;
