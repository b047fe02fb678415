import type { AlertEvent, AlertState } from '../../contract/charts/alert.chart';
import type { RequestEvent, RequestStatus } from '../../contract/charts/responder-request.chart';

/**
 * Where spec §4 says each event takes an alert and a responder's request: event → state → next
 * state, a missing state being a refusal. Written out by hand, so that the charts alone
 * (alert-charts.test.ts) and the server through HTTP (*-chart-http.test.ts) are both held to it.
 */
export const alertTransitions = {
  'alert.setUp': { settingUp: 'settingUp' },
  'address.change': { settingUp: 'settingUp', live: 'live' },
  'alert.launch': { settingUp: 'live' },
  'alert.close': { settingUp: 'closed', live: 'closed' },
  'alert.autoClose': { live: 'closed' },
  'alert.escalate': { live: 'live' },
  'responder.stop': { live: 'live' },
  'responder.start': { live: 'live' },
  'responder.answer': { live: 'live' },
} satisfies Record<AlertEvent['type'], Partial<Record<AlertState, AlertState>>>;

const active = ['waiting', 'dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim'] as const;
const fromActive = (to: RequestStatus) => Object.fromEntries(active.map((status) => [status, to]));

export const requestTransitions = {
  'request.accept': { available: 'dispatched' },
  'request.standBy': { available: 'waiting' },
  'request.late': { available: 'tooLate' },
  'request.far': { available: 'tooFar' },
  'request.refuse': { available: 'refused' },
  'request.unavailable': { available: 'unavailable', waiting: 'unavailable' },
  'request.promote': { waiting: 'dispatched' },
  'request.goAed': { dispatched: 'onTheWayAed' },
  'request.reachAed': { onTheWayAed: 'onSiteAed' },
  'request.goVictim': { dispatched: 'onTheWayVictim', onSiteAed: 'onTheWayVictim' },
  'request.reachVictim': { onTheWayVictim: 'onSiteVictim' },
  'request.noAed': { onTheWayAed: 'withoutAedCancel', onSiteAed: 'withoutAedCancel' },
  'request.cancel': fromActive('cancelled'),
  'request.stop': { available: 'stopped', ...fromActive('stopped') },
  'request.start': { stopped: 'available' },
} satisfies Record<RequestEvent['type'], Partial<Record<RequestStatus, RequestStatus>>>;
