import type { SnapshotFrom } from 'xstate';
import type { aedBulkHoursMachine } from './aed-bulk-hours.machine';
import { hoursErrorOf } from './aed-bulk-hours.rules';

type Snapshot = SnapshotFrom<typeof aedBulkHoursMachine>;

/** The dialog shows while hours are edited or sent. */
export const isDialogOpen = (snapshot: Snapshot) => !snapshot.matches('closed');
export const isSaving = (snapshot: Snapshot) => snapshot.matches('saving');
export const formOf = (snapshot: Snapshot) => snapshot.context;
/** The server's refusal, else what the hours break (shown under the times). */
export const errorKeyOf = (snapshot: Snapshot) => snapshot.context.errorKey ?? hoursErrorOf(snapshot.context);
/** Grows with each apply that went through: the list reloads and the selection clears. */
export const appliedOf = (snapshot: Snapshot) => snapshot.context.applied;
