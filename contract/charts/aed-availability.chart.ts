import { setup } from 'xstate';

/** Availability states of an AED (spec §4 "AED availability"). */
export const aedAvailabilityStates = ['available', 'inMaintenance', 'unavailable', 'deleted'] as const;
export type AedAvailability = (typeof aedAvailabilityStates)[number];
/** What the AED was before a soft delete: where a restore brings it back. */
export type AedActiveAvailability = Exclude<AedAvailability, 'deleted'>;

/** Why an AED is unavailable (the unavailable popup). */
export const aedUnavailableReasons = ['maintenance', 'temporarilyUnavailable'] as const;
export type AedUnavailableReason = (typeof aedUnavailableReasons)[number];

export type AedAvailabilityEvent =
  | { type: 'availability.makeAvailable' }
  | { type: 'availability.startMaintenance' }
  | { type: 'availability.makeUnavailable'; reason: AedUnavailableReason; endDate?: string }
  /** The end date of a temporary unavailability has come (durable job). */
  | { type: 'availability.endReached' }
  | { type: 'aed.delete' }
  | { type: 'aed.restore'; previous?: AedActiveAvailability };

/**
 * The availability lifecycle of an AED, a pure chart: the server asks it before writing (an
 * illegal change is a 409 error.aed.availability-not-compliant) and the form uses it to offer only
 * the legal actions. Changing the reason or end date of an unavailable AED is a self-transition.
 */
export const aedAvailabilityChart = setup({
  types: { events: {} as AedAvailabilityEvent },
  guards: {
    backToMaintenance: ({ event }) => event.type === 'aed.restore' && event.previous === 'inMaintenance',
    backToUnavailable: ({ event }) => event.type === 'aed.restore' && event.previous === 'unavailable',
  },
}).createMachine({
  id: 'aedAvailability',
  initial: 'available',
  states: {
    available: {
      on: {
        'availability.startMaintenance': 'inMaintenance',
        'availability.makeUnavailable': 'unavailable',
        'aed.delete': 'deleted',
      },
    },
    inMaintenance: {
      on: {
        'availability.makeAvailable': 'available',
        'availability.makeUnavailable': 'unavailable',
        'aed.delete': 'deleted',
      },
    },
    unavailable: {
      on: {
        'availability.makeAvailable': 'available',
        'availability.startMaintenance': 'inMaintenance',
        'availability.makeUnavailable': 'unavailable',
        'availability.endReached': 'available',
        'aed.delete': 'deleted',
      },
    },
    // Soft-deleted: kept for history and restorable; nothing else may change it.
    deleted: {
      on: {
        'aed.restore': [
          { guard: 'backToMaintenance', target: 'inMaintenance' },
          { guard: 'backToUnavailable', target: 'unavailable' },
          { target: 'available' },
        ],
      },
    },
  },
});
