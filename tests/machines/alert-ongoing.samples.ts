import { fromCallback } from 'xstate';
import { ongoingAlertsMachine } from '../../src/machines/ongoing-alerts/ongoing-alerts.machine';
import { alertSample, failure } from './alert.fixtures';
import { definePathModel, type EventSamples } from './kit';

/** Model of the ongoing alerts list (banner and dialog) for `npm run test:paths`. */
export const ongoingEvents = {
  'ongoing.refresh': [{ type: 'ongoing.refresh' }],
} satisfies EventSamples<typeof ongoingAlertsMachine>;

export const pathModel = definePathModel({
  machine: ongoingAlertsMachine,
  input: { siteId: 2 },
  events: ongoingEvents,
  actors: { listLive: { done: [{ ok: true, data: [alertSample('live')] }, failure('error.network')], error: [new Error('boom')] } },
  provide: { actors: { listenRefresh: fromCallback<{ type: 'ongoing.refresh' }>(() => undefined) } },
  // Guards read only the pending refresh; the list itself never changes where the chart goes.
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, refreshAgain: (snapshot.context as { refreshAgain: boolean }).refreshAgain }),
});
