import { setup } from 'xstate';
import { alertErrorKeys } from '../alert.errors';

/**
 * Lifecycle of an alert (an intervention), spec §4 "Alert flow". A draft is set up (geocoded,
 * previewed) as often as the dispatcher likes, launched once, followed live while its address may
 * move a little, and closed by a user or by the 20-minute auto-close. While live, the automatic
 * escalation (off by default) may widen its radius step by step. Pure: no I/O, no context.
 */
export type AlertEvent =
  | { type: 'alert.setUp' }
  | { type: 'address.change' }
  | { type: 'alert.launch' }
  | { type: 'alert.close' }
  | { type: 'alert.autoClose' }
  | { type: 'alert.escalate' }
  | { type: 'responder.stop' }
  | { type: 'responder.start' }
  | { type: 'responder.answer' };

export type AlertState = 'settingUp' | 'live' | 'closed';

export const alertChart = setup({ types: { events: {} as AlertEvent } }).createMachine({
  id: 'alert',
  initial: 'settingUp',
  states: {
    // A draft: the dispatcher is still placing the victim and reading the preview.
    settingUp: {
      on: {
        'alert.setUp': 'settingUp',
        'address.change': 'settingUp',
        'alert.launch': 'live',
        // An abandoned draft is closed so that it leaves no trace in the live list.
        'alert.close': 'closed',
      },
    },
    live: {
      on: {
        'address.change': 'live',
        'responder.stop': 'live',
        'responder.start': 'live',
        'responder.answer': 'live',
        // Too few accepted in time: the radius widens by a step and the newly reachable are alerted.
        'alert.escalate': 'live',
        'alert.close': 'closed',
        'alert.autoClose': 'closed',
      },
    },
    closed: { type: 'final' },
  },
});

/** Numeric status of an alert as the API carries it (`status`; the live list asks status=2). */
export const alertStatusCode = { settingUp: 1, live: 2, closed: 3 } as const satisfies Record<AlertState, number>;

/** The chart state of a numeric status. */
export function alertStateOf(status: number): AlertState {
  const entry = Object.entries(alertStatusCode).find(([, code]) => code === status);
  if (!entry) throw new Error(`unknown alert status ${status}`);
  return entry[0] as AlertState;
}

/** The message key that explains why `event` is refused in `state` (409). */
export function alertRefusalKey(state: AlertState, event: AlertEvent['type']): string {
  if (state === 'closed') return alertErrorKeys.closed;
  if (state === 'live' && (event === 'alert.launch' || event === 'alert.setUp')) return alertErrorKeys.alreadyLaunched;
  if (state === 'settingUp' && (event.startsWith('responder.') || event === 'alert.escalate')) return alertErrorKeys.notLaunched;
  return 'error.illegal-transition';
}
