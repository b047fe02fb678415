import { assign, setup } from 'xstate';
import { notify } from '../../services/notify';
import { observe } from '../observations';
import { aedBulkHoursActors } from './aed-bulk-hours.actors';
import { callOf, canApply, toggledDays } from './aed-bulk-hours.rules';
import type { AedBulkHoursContext, AedBulkHoursEvent, BulkHoursOutcome } from './aed-bulk-hours.types';

type Answer = { output: BulkHoursOutcome };

/**
 * Opening hours of the AEDs ticked in the list (issue 22: an import's AEDs whose file gave no
 * hours): always open, or one range on the days ticked. The server sets all or none.
 */
export const aedBulkHoursMachine = setup({
  types: {
    context: {} as AedBulkHoursContext,
    events: {} as AedBulkHoursEvent,
  },
  actors: aedBulkHoursActors,
  guards: {
    hasSelection: ({ event }) => event.type === 'hours.open' && event.udids.length > 0,
    canApply: ({ context }) => canApply(context),
    failed: ({ event }) => !(event as unknown as Answer).output.ok,
  },
  actions: {
    announce: (_, params: { updated: number }) => notify({ type: 'success', key: 'aed.bulkHours.done', values: { count: params.updated } }),
  },
}).createMachine({
  id: 'aedBulkHours',
  context: { udids: [], alwaysOpened: false, days: ['1', '2', '3', '4', '5'], open: '08:00', close: '18:00', errorKey: null, updated: 0, applied: 0 },
  initial: 'closed',
  states: {
    closed: {
      meta: observe({ shown: ['bulk-hours-open'], absent: ['bulk-hours-apply'] }),
      on: { 'hours.open': { guard: 'hasSelection', target: 'editing', actions: assign({ udids: ({ event }) => event.udids, errorKey: null }) } },
    },
    editing: {
      meta: observe({ shown: ['bulk-hours-apply', 'bulk-hours-from', 'bulk-hours-to'], enabled: ['aed.common.cancel'] }),
      on: {
        'hours.alwaysOpened': { actions: assign({ alwaysOpened: ({ event }) => event.value, errorKey: null }) },
        'hours.day': { actions: assign({ days: ({ context, event }) => toggledDays(context.days, event.day), errorKey: null }) },
        'hours.time': { actions: assign(({ event }) => ({ [event.part]: event.value, errorKey: null })) },
        'hours.apply': { guard: 'canApply', target: 'saving' },
        'hours.cancel': 'closed',
      },
    },
    saving: {
      meta: observe({ shown: ['bulk-hours-apply'], disabled: ['aed.bulkHours.apply', 'aed.common.cancel'], calls: ['aed.bulkHours'] }),
      invoke: {
        src: 'saveHours',
        input: ({ context }) => callOf(context),
        onDone: [
          { guard: 'failed', target: 'editing', actions: assign({ errorKey: ({ event }) => (event.output.ok ? null : event.output.key) }) },
          {
            target: 'closed',
            actions: [
              assign(({ context, event }) => ({ updated: event.output.ok ? event.output.data.updated : 0, applied: context.applied + 1 })),
              { type: 'announce', params: ({ context }) => ({ updated: context.updated }) },
            ],
          },
        ],
        onError: { target: 'editing', actions: assign({ errorKey: 'error.server-access' }) },
      },
    },
  },
});
