import type { AnyMachineSnapshot } from 'xstate';
import { aedBulkHoursMachine } from '../../src/machines/aed-bulk-hours/aed-bulk-hours.machine';
import { canApply } from '../../src/machines/aed-bulk-hours/aed-bulk-hours.rules';
import type { AedBulkHoursContext } from '../../src/machines/aed-bulk-hours/aed-bulk-hours.types';
import { definePathModel, type EventSamples } from './kit';

/** Model of the list's "hours of the selection" dialog for `npm run test:paths` and tests/machines/aed-bulk-hours.model.test.ts. */

const first = '0b7c1d2e-0000-4000-8000-000000000001';
const second = '0b7c1d2e-0000-4000-8000-000000000002';

export const aedBulkHoursEvents = {
  'hours.open': [
    { type: 'hours.open', udids: [first, second] },
    // Nothing ticked: the dialog stays closed.
    { type: 'hours.open', udids: [] },
  ],
  'hours.alwaysOpened': [
    { type: 'hours.alwaysOpened', value: true },
    { type: 'hours.alwaysOpened', value: false },
  ],
  'hours.day': [{ type: 'hours.day', day: '6' }],
  'hours.time': [
    // Closing before opening: the apply waits.
    { type: 'hours.time', part: 'close', value: '07:00' },
    { type: 'hours.time', part: 'close', value: '18:00' },
  ],
  'hours.apply': [{ type: 'hours.apply' }],
  'hours.cancel': [{ type: 'hours.cancel' }],
} satisfies EventSamples<typeof aedBulkHoursMachine>;

/** Only what guards read: the state and whether the hours can be sent. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as AedBulkHoursContext;
  return JSON.stringify({ value: snapshot.value, ready: canApply(context), always: context.alwaysOpened });
}

export const pathModel = definePathModel({
  machine: aedBulkHoursMachine,
  events: aedBulkHoursEvents,
  actors: {
    saveHours: { done: [{ ok: true, data: { updated: 2 } }, { ok: false, key: 'error.aed.not-found', status: 404 }], error: [new Error('boom')] },
  },
  serializeState,
});
