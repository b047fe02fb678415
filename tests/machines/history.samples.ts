import type { AnyMachineSnapshot } from 'xstate';
import { historyRangeProblem } from '../../contract/history.rules';
import { historyMachine } from '../../src/machines/history/history.machine';
import type { HistoryContext } from '../../src/machines/history/history.types';
import { definePathModel, type EventSamples } from './kit';
import { chronologySample, failure, historyPageSample, ok } from './history.fixtures';

/**
 * Model of the history machine for `npm run test:paths` and tests/machines/history.model.test.ts:
 * every event with its payloads (a valid and a reversed calendar range, an existing and a missing
 * page) and every answer each call may give.
 */
export const historyEvents = {
  'filter.change': [
    { type: 'filter.change', changes: { alertType: 1, tag: 'toDo' } },
    // Start after end: breaks spec §5, never sent.
    { type: 'filter.change', changes: { startDate: '2026-11-20', endDate: '2026-11-10' } },
    { type: 'filter.change', changes: { startDate: '', endDate: '' } },
  ],
  'filter.type': [{ type: 'filter.type', address: 'jaude' }],
  'filter.delete': [{ type: 'filter.delete', key: 'startDate' }],
  'page.change': [
    { type: 'page.change', page: 1 },
    { type: 'page.change', page: 9 },
  ],
  'limit.change': [{ type: 'limit.change', limit: 50 }],
  'order.toggle': [{ type: 'order.toggle' }],
  'history.refresh': [{ type: 'history.refresh' }],
  'chronology.open': [{ type: 'chronology.open', alertId: 7 }],
  'chronology.close': [{ type: 'chronology.close' }],
  'chronology.retry': [{ type: 'chronology.retry' }],
  'export.start': [{ type: 'export.start' }],
} satisfies EventSamples<typeof historyMachine>;

/** Only what guards read: the states, whether the range may be sent, and where the page stands. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as HistoryContext;
  return JSON.stringify({
    value: snapshot.value,
    rangeValid: historyRangeProblem(context.filter.startDate, context.filter.endDate) === null,
    pages: Math.ceil(context.count / context.limit),
    page: context.page,
  });
}

export const pathModel = definePathModel({
  machine: historyMachine,
  input: { lang: 'en' },
  events: historyEvents,
  actors: {
    loadSites: { done: [ok([{ id: 1, name: 'SDIS 63', kind: 'internal', tag: null, logo: null, country: 'FR', parentId: null }]), failure('error.network')] },
    loadPage: { done: [ok(historyPageSample(45)), failure('error.network')], error: [new Error('boom')] },
    loadChronology: { done: [ok(chronologySample), failure('error.not-found', 404)], error: [new Error('boom')] },
    exportFile: { done: [ok({ saved: true as const }), failure('error.history.no-valid-alerts', 404)], error: [new Error('boom')] },
  },
  provide: { actions: { announce: () => undefined } },
  serializeState,
});
