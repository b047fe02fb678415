import { aedAvailabilityChart } from '../../contract/charts/aed-availability.chart';
import { definePathModel, type EventSamples } from './kit';

/** The AED availability chart, restoring to each earlier availability so every restore branch is taken. */
export const pathModel = definePathModel({
  machine: aedAvailabilityChart,
  events: {
    'availability.makeAvailable': [{ type: 'availability.makeAvailable' }],
    'availability.startMaintenance': [{ type: 'availability.startMaintenance' }],
    'availability.makeUnavailable': [
      { type: 'availability.makeUnavailable', reason: 'maintenance' },
      { type: 'availability.makeUnavailable', reason: 'temporarilyUnavailable', endDate: '2030-01-01' },
    ],
    'availability.endReached': [{ type: 'availability.endReached' }],
    'aed.delete': [{ type: 'aed.delete' }],
    'aed.restore': [{ type: 'aed.restore' }, { type: 'aed.restore', previous: 'inMaintenance' }, { type: 'aed.restore', previous: 'unavailable' }],
  } satisfies EventSamples<typeof aedAvailabilityChart>,
  actors: {},
});
