import { createActorContext } from '@xstate/react';
import { aedBulkHoursMachine } from '../../machines/aed-bulk-hours/aed-bulk-hours.machine';
import { inspected } from '../../services/inspection';

/** The AED list's "set hours of the selection" dialog, read with `AedBulkHoursActor.useSelector`. */
export const AedBulkHoursActor = createActorContext(aedBulkHoursMachine, inspected);
