import { fromPromise } from 'xstate';
import * as api from '../../services/aed.api';
import type { BulkHoursCall, BulkHoursOutcome } from './aed-bulk-hours.types';

/** The bulk hours machine's I/O; tests replace it with `.provide({ actors })`. */
export const aedBulkHoursActors = {
  saveHours: fromPromise<BulkHoursOutcome, BulkHoursCall>(({ input, signal }) => api.setHoursOfSelection(input, signal)),
};
