import { setup } from 'xstate';
import { callbackErrorKeys } from '../callback.errors';

/**
 * Lifecycle of the call-back of one responder after one alert (spec §4 "Call contact status"):
 * nothing to do while the alert is open, to do once it is closed, then each call leaves an outcome.
 * A completed interview may be amended; a refusal to be contacted ends the call-back. Pure.
 */
export type CallbackEvent =
  /** The alert closed (by a user or the 20-minute rule): the responder is to be called. */
  | { type: 'callback.alertClosed' }
  /** A call nobody answered. */
  | { type: 'callback.noAnswer' }
  /** Call again at a date in the future. */
  | { type: 'callback.recall' }
  /** Call again later, planned because the responder was emotionally shaken. */
  | { type: 'callback.recallFragile' }
  /** The interview was completed (or amended). */
  | { type: 'callback.done' }
  /** The responder refuses to be contacted about this alert. */
  | { type: 'callback.refuse' };

export const contactStatuses = ['alertInProgress', 'toDo', 'noAnswer', 'recall', 'recallFragile', 'done', 'refusal'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

/** The outcome of one call: every status a call may leave. */
export const callOutcomes = ['noAnswer', 'recall', 'recallFragile', 'done', 'refusal'] as const satisfies readonly ContactStatus[];
export type CallOutcome = (typeof callOutcomes)[number];

/** The chart event of each call outcome. */
export const outcomeEvents = {
  noAnswer: 'callback.noAnswer',
  recall: 'callback.recall',
  recallFragile: 'callback.recallFragile',
  done: 'callback.done',
  refusal: 'callback.refuse',
} as const satisfies Record<CallOutcome, CallbackEvent['type']>;

const call = {
  'callback.noAnswer': 'noAnswer',
  'callback.recall': 'recall',
  'callback.recallFragile': 'recallFragile',
  'callback.done': 'done',
  'callback.refuse': 'refusal',
} as const;

export const callbackChart = setup({ types: { events: {} as CallbackEvent } }).createMachine({
  id: 'callback',
  initial: 'alertInProgress',
  states: {
    // The intervention is still running: nobody calls a responder who may be on site.
    alertInProgress: { on: { 'callback.alertClosed': 'toDo' } },
    toDo: { on: call },
    noAnswer: { on: call },
    recall: { on: call },
    recallFragile: { on: call },
    // The interview is on file; staff may still correct it.
    done: { on: { 'callback.done': 'done' } },
    refusal: { type: 'final' },
  },
});

/** Why a call outcome is refused in a status (409). */
export function callbackRefusalKey(status: ContactStatus): string {
  if (status === 'alertInProgress') return callbackErrorKeys.alertInProgress;
  if (status === 'refusal') return callbackErrorKeys.refused;
  if (status === 'done') return callbackErrorKeys.alreadyDone;
  return callbackErrorKeys.illegalOutcome;
}
