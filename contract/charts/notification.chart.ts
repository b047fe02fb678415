import { setup } from 'xstate';

/** How a notification leaves: now, or at a programmed date. */
export type Distribution = 'immediate' | 'programmed';

/** Every event that moves a push notification through its lifecycle (spec §4 "Notification statuses"). */
export type NotificationEvent =
  /** Staff save the form without sending. */
  | { type: 'notification.saveDraft'; distribution: Distribution }
  /** Staff send the form: now (immediate) or at its date (programmed). */
  | { type: 'notification.submit'; distribution: Distribution }
  /** The programmed date is reached (the durable job fires). */
  | { type: 'notification.start' }
  /** Play or stop in the list. */
  | { type: 'notification.toggle' }
  /** Every recipient has had its attempt. */
  | { type: 'notification.finish' }
  /** Delivery cannot go on (no provider, provider refusing everything, process error). */
  | { type: 'notification.block' }
  | { type: 'notification.delete' };

/** Stored statuses; `new` is the form before anything is stored and is never written. */
export const notificationStatuses = ['draft', 'planned', 'activated', 'stopped', 'sent', 'sentBlocked', 'deleted'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

/** The five statuses the list shows (spec §4): activated and stopped are both "in progress". */
export type NotificationStatusGroup = 'draft' | 'planned' | 'inProgress' | 'sent' | 'sentBlocked';

const programmed = ({ event }: { event: NotificationEvent }) => 'distribution' in event && event.distribution === 'programmed';

/**
 * The lifecycle of a push notification. Pure: no I/O. The server asks `nextState` before every
 * write (an illegal change is a 409), the SPA asks `can` to enable play, stop and delete.
 */
export const notificationChart = setup({
  types: { events: {} as NotificationEvent },
  guards: {
    /** A draft cannot take an immediate distribution (spec §4, §5). */
    programmed,
  },
}).createMachine({
  id: 'notification',
  initial: 'new',
  states: {
    new: {
      on: {
        'notification.saveDraft': { target: 'draft', guard: 'programmed' },
        'notification.submit': [{ target: 'planned', guard: 'programmed' }, { target: 'activated' }],
      },
    },
    draft: {
      on: {
        'notification.saveDraft': { target: 'draft', guard: 'programmed' },
        'notification.submit': { target: 'planned', guard: 'programmed' },
        'notification.delete': 'deleted',
      },
    },
    // Waiting for its date; a durable job fires notification.start once.
    planned: {
      on: {
        'notification.start': 'activated',
        'notification.delete': 'deleted',
      },
    },
    activated: {
      tags: ['inProgress'],
      on: {
        'notification.toggle': 'stopped',
        'notification.finish': 'sent',
        'notification.block': 'sentBlocked',
      },
    },
    // Paused by staff: pending messages wait; play resumes them.
    stopped: {
      tags: ['inProgress'],
      on: {
        'notification.toggle': 'activated',
        'notification.delete': 'deleted',
      },
    },
    sent: {
      on: { 'notification.delete': 'deleted' },
    },
    // Some messages could not be handed over; play tries the pending ones again.
    sentBlocked: {
      on: {
        'notification.toggle': 'activated',
        'notification.delete': 'deleted',
      },
    },
    deleted: { type: 'final' },
  },
});

/** The list group of a stored status. */
export function statusGroupOf(status: NotificationStatus): NotificationStatusGroup | undefined {
  if (status === 'activated' || status === 'stopped') return 'inProgress';
  if (status === 'deleted') return undefined;
  return status;
}
