import type { AnyMachineSnapshot } from 'xstate';
import { indicatorsMachine } from '../../src/machines/dashboard/indicators.machine';
import { definePathModel, type EventSamples } from './kit';
import { failure, indicatorsOutcomeSample, ok } from './history.fixtures';

/**
 * Model of the indicators machine for `npm run test:paths` and
 * tests/machines/dashboard-indicators.model.test.ts: presets, an ordered and a reversed custom
 * range, area, site, temporality and display mode, and a load that answers or throws.
 */
export const indicatorEvents = {
  'range.preset': [{ type: 'range.preset', preset: 'last7Days' }],
  'range.custom': [
    { type: 'range.custom', startDate: '2026-10-01', endDate: '2026-10-31' },
    { type: 'range.custom', startDate: '2026-10-31', endDate: '2026-10-01' },
  ],
  'area.choose': [{ type: 'area.choose', area: '63' }],
  'site.choose': [{ type: 'site.choose', site: 2 }],
  'temporality.choose': [{ type: 'temporality.choose', temporality: 'week' }],
  'displayMode.choose': [{ type: 'displayMode.choose', displayMode: 'new' }],
  'indicators.refresh': [{ type: 'indicators.refresh' }],
} satisfies EventSamples<typeof indicatorsMachine>;

export const pathModel = definePathModel({
  machine: indicatorsMachine,
  input: { parts: ['alertsType', 'alertsGrowth', 'respondersGrowth', 'lookLast24'], lang: 'fr', preset: null },
  events: indicatorEvents,
  actors: {
    loadSites: { done: [ok([]), failure('error.network')] },
    loadIndicators: { done: [indicatorsOutcomeSample], error: [new Error('boom')] },
  },
  // No guard reads the context beyond the event: the state value is the whole story.
  serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value),
});
