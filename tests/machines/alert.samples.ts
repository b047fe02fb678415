import type { AnyMachineSnapshot } from 'xstate';
import { fromCallback } from 'xstate';
import { alertErrorKeys } from '../../contract/alert.errors';
import { alertMachine } from '../../src/machines/alert/alert.machine';
import { definePathModel, type EventSamples } from './kit';
import { alertSample, dispatcherId, failure, options, respondersAfterStop, respondersOnCall, setUpSample } from './alert.fixtures';

/**
 * Model of the alert machine for `npm run test:paths` and tests/machines/alert.model.test.ts: every
 * event with its payloads and every answer each call may give, expected failures included.
 */

export const alertEvents = {
  'address.submit': [{ type: 'address.submit', address: '1 place de Jaude, Clermont-Ferrand' }],
  'pin.move': [{ type: 'pin.move', lat: 45.7772, lon: 3.087, source: 'drag' }],
  'details.change': [{ type: 'details.change', addressInfo: '3rd floor, code 1234' }],
  'details.save': [{ type: 'details.save', addressInfo: '5th floor, code 9876' }],
  'type.choose': [{ type: 'type.choose', alertType: 7 }],
  'debugMode.choose': [{ type: 'debugMode.choose', debugMode: 3 }],
  'alert.launch': [{ type: 'alert.launch' }],
  'alerts.refresh': [{ type: 'alerts.refresh' }],
  // 11 is on the way (may be stopped, not started); 12 is stopped (may be started, not stopped).
  'responder.stop': [{ type: 'responder.stop', id: 11 }, { type: 'responder.stop', id: 12 }],
  'responder.start': [{ type: 'responder.start', id: 12 }, { type: 'responder.start', id: 11 }],
  'alert.requestClose': [{ type: 'alert.requestClose' }],
  'alert.cancelClose': [{ type: 'alert.cancelClose' }],
  'alert.confirmClose': [{ type: 'alert.confirmClose' }],
  'alert.replace': [{ type: 'alert.replace' }],
  'address.cancel': [{ type: 'address.cancel' }],
  'alert.new': [{ type: 'alert.new' }],
  'alert.resume': [{ type: 'alert.resume', alertId: 42 }],
  'alert.reload': [{ type: 'alert.reload' }],
  'options.retry': [{ type: 'options.retry' }],
} satisfies EventSamples<typeof alertMachine>;

const live = (state: Parameters<typeof alertSample>[0], responders = respondersOnCall) => ({ ok: true as const, data: { alert: alertSample(state), responders } });

/** Only what guards read: the state, responders' statuses, whether a place is known, a pending refresh or resume. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as { responders: Array<{ id: number; status: string }>; place: { address: string; lat?: number }; refreshAgain: boolean; resumeAlertId: number | null };
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    responders: context.responders.map((card) => `${card.id}:${card.status}`),
    hasPlace: context.place.address !== '' || context.place.lat !== undefined,
    refreshAgain: context.refreshAgain,
    resume: context.resumeAlertId !== null,
  });
}

export const pathModel = definePathModel({
  machine: alertMachine,
  input: { userId: dispatcherId },
  events: alertEvents,
  actors: {
    loadOptions: { done: [{ ok: true, data: options }, failure('error.network')], error: [new Error('boom')] },
    setUp: {
      done: [{ ok: true, data: setUpSample('ready') }, { ok: true, data: setUpSample('wrongAddress') }, { ok: true, data: setUpSample('imprecise') }, failure('error.network')],
      error: [new Error('boom')],
    },
    launch: { done: [{ ok: true, data: alertSample('live') }, failure(alertErrorKeys.siteNotAllowed)], error: [new Error('boom')] },
    fetchLive: {
      done: [live('live'), live('draft', []), live('closedBySystem'), live('closedByMe'), live('closedByOther'), { ok: true, data: { alert: alertSample('draft', { needsPinMove: true }), responders: [] } }, failure('error.network')],
      error: [new Error('boom')],
    },
    changeResponder: { done: [{ ok: true, data: respondersAfterStop }, failure('error.responder.not-active')], error: [new Error('boom')] },
    moveAlert: { done: [{ ok: true, data: alertSample('live', { distance: 0.12 }) }, failure(alertErrorKeys.addressTooFar), failure(alertErrorKeys.addressNotFound)], error: [new Error('boom')] },
    closeAlert: { done: [{ ok: true, data: alertSample('closedByMe') }, failure(alertErrorKeys.closed, alertSample('closedByOther')), failure('error.network')], error: [new Error('boom')] },
  },
  provide: { actors: { listenRefresh: fromCallback<{ type: 'alerts.refresh' }, { alertId: number }>(() => undefined) } },
  serializeState,
});
