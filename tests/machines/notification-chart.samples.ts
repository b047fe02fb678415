import { notificationChart } from '../../contract/charts/notification.chart';
import { definePathModel, type EventSamples } from './kit';

/** The notification status chart with both distributions, so the draft-never-immediate guard is taken both ways. */
export const pathModel = definePathModel({
  machine: notificationChart,
  events: {
    'notification.saveDraft': [
      { type: 'notification.saveDraft', distribution: 'programmed' },
      { type: 'notification.saveDraft', distribution: 'immediate' },
    ],
    'notification.submit': [
      { type: 'notification.submit', distribution: 'programmed' },
      { type: 'notification.submit', distribution: 'immediate' },
    ],
    'notification.start': [{ type: 'notification.start' }],
    'notification.toggle': [{ type: 'notification.toggle' }],
    'notification.finish': [{ type: 'notification.finish' }],
    'notification.block': [{ type: 'notification.block' }],
    'notification.delete': [{ type: 'notification.delete' }],
  } satisfies EventSamples<typeof notificationChart>,
  actors: {},
});
