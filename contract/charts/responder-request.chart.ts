import { setup } from 'xstate';
import { responderErrorKeys as keys } from '../alert.errors';

/**
 * Status of one responder on one alert (spec §4 "Responder status on an alert"). The request is
 * created `available` when the responder is alerted; the responder answers and reports progress,
 * the dispatcher stops or starts them, the server decides too late / too far / stand-by. Pure.
 */
export type RequestEvent =
  /** The responder accepts and is given a mission (to the AED first, or straight to the victim). */
  | { type: 'request.accept' }
  /** A trained responder accepts when the alert already has enough: held in reserve. */
  | { type: 'request.standBy' }
  /** Accepting after the alert has enough responders, or after it closed. */
  | { type: 'request.late' }
  /** Accepting from a position beyond the alert's distanceMax. */
  | { type: 'request.far' }
  | { type: 'request.refuse' }
  /** The responder switched availability off before answering. */
  | { type: 'request.unavailable' }
  /** A stand-by responder takes the place of one who dropped out. */
  | { type: 'request.promote' }
  | { type: 'request.goAed' }
  | { type: 'request.reachAed' }
  | { type: 'request.goVictim' }
  | { type: 'request.reachVictim' }
  /** The AED to fetch is missing, closed or already taken: the AED run ends. */
  | { type: 'request.noAed' }
  /** The responder gives up after accepting. */
  | { type: 'request.cancel' }
  /** The dispatcher stops the responder (emergency services on site, enough people). */
  | { type: 'request.stop' }
  /** The dispatcher sends a stopped responder the alert again. */
  | { type: 'request.start' };

export const requestStatuses = [
  'available',
  'waiting',
  'dispatched',
  'onTheWayAed',
  'onSiteAed',
  'onTheWayVictim',
  'onSiteVictim',
  'refused',
  'stopped',
  'tooFar',
  'tooLate',
  'unavailable',
  'withoutAedCancel',
  'cancelled',
] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** Statuses of a responder who accepted and is (or may be) going: "engaged" on that alert. */
export const engagedStatuses = ['dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim'] as const satisfies readonly RequestStatus[];
/** Statuses that keep a responder busy: engaged or held in stand-by. Not selectable for another alert. */
export const busyStatuses = [...engagedStatuses, 'waiting'] as const satisfies readonly RequestStatus[];

const leave = { 'request.cancel': 'cancelled', 'request.stop': 'stopped' } as const;

export const responderRequestChart = setup({ types: { events: {} as RequestEvent } }).createMachine({
  id: 'responderRequest',
  initial: 'available',
  states: {
    // Alerted, no answer yet.
    available: {
      on: {
        'request.accept': 'dispatched',
        'request.standBy': 'waiting',
        'request.late': 'tooLate',
        'request.far': 'tooFar',
        'request.refuse': 'refused',
        'request.unavailable': 'unavailable',
        'request.stop': 'stopped',
      },
    },
    // Stand-by: accepted when the alert already had enough responders (trained responders only).
    waiting: { on: { 'request.promote': 'dispatched', 'request.unavailable': 'unavailable', ...leave } },
    dispatched: { on: { 'request.goAed': 'onTheWayAed', 'request.goVictim': 'onTheWayVictim', ...leave } },
    onTheWayAed: { on: { 'request.reachAed': 'onSiteAed', 'request.noAed': 'withoutAedCancel', ...leave } },
    onSiteAed: { on: { 'request.goVictim': 'onTheWayVictim', 'request.noAed': 'withoutAedCancel', ...leave } },
    onTheWayVictim: { on: { 'request.reachVictim': 'onSiteVictim', ...leave } },
    onSiteVictim: { on: leave },
    stopped: { on: { 'request.start': 'available' } },
    refused: { type: 'final' },
    tooFar: { type: 'final' },
    tooLate: { type: 'final' },
    unavailable: { type: 'final' },
    withoutAedCancel: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** The progress a responder may report, and the chart event each one is. */
export const progressEvents = {
  onTheWayAed: 'request.goAed',
  onSiteAed: 'request.reachAed',
  onTheWayVictim: 'request.goVictim',
  onSiteVictim: 'request.reachVictim',
} as const satisfies Partial<Record<RequestStatus, RequestEvent['type']>>;
export type ProgressStatus = keyof typeof progressEvents;

/** The message key for a refused request transition (409). */
export function requestRefusalKey(status: RequestStatus, event: RequestEvent['type']): string {
  if (event === 'request.start') return keys.notStopped;
  if (status === 'stopped') return event === 'request.stop' ? keys.alreadyStopped : keys.stopped;
  if (event === 'request.stop') return keys.notActive;
  if (['request.accept', 'request.refuse', 'request.late', 'request.far', 'request.standBy'].includes(event)) return keys.alreadyAnswered;
  return keys.illegalStatus;
}
