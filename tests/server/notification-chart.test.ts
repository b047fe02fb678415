import { describe, expect, it } from 'vitest';
import { notificationChart, notificationStatuses, statusGroupOf, type NotificationEvent } from '../../contract/charts/notification.chart';
import { nextState } from '../../contract/charts/transition';

/** Every event the chart knows, with both distributions where the event carries one. */
const events = {
  'notification.saveDraft': [{ type: 'notification.saveDraft', distribution: 'programmed' }, { type: 'notification.saveDraft', distribution: 'immediate' }],
  'notification.submit': [{ type: 'notification.submit', distribution: 'programmed' }, { type: 'notification.submit', distribution: 'immediate' }],
  'notification.start': [{ type: 'notification.start' }],
  'notification.toggle': [{ type: 'notification.toggle' }],
  'notification.finish': [{ type: 'notification.finish' }],
  'notification.block': [{ type: 'notification.block' }],
  'notification.delete': [{ type: 'notification.delete' }],
} satisfies Record<NotificationEvent['type'], NotificationEvent[]>;

const label = (event: NotificationEvent) => ('distribution' in event ? `${event.type}(${event.distribution})` : event.type);

/** The whole transition table, derived from the chart: state → event → next state. */
function table(): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  for (const state of ['new', ...notificationStatuses]) {
    for (const event of Object.values(events).flat() as NotificationEvent[]) {
      const next = nextState(notificationChart, state, event);
      if (next) (result[state] ??= {})[label(event)] = next;
    }
  }
  return result;
}

describe('notification status chart', () => {
  it('allows exactly the changes of spec §4 and nothing else', () => {
    expect(table()).toEqual({
      new: { 'notification.saveDraft(programmed)': 'draft', 'notification.submit(programmed)': 'planned', 'notification.submit(immediate)': 'activated' },
      draft: { 'notification.saveDraft(programmed)': 'draft', 'notification.submit(programmed)': 'planned', 'notification.delete': 'deleted' },
      planned: { 'notification.start': 'activated', 'notification.delete': 'deleted' },
      activated: { 'notification.toggle': 'stopped', 'notification.finish': 'sent', 'notification.block': 'sentBlocked' },
      stopped: { 'notification.toggle': 'activated', 'notification.delete': 'deleted' },
      sent: { 'notification.delete': 'deleted' },
      sentBlocked: { 'notification.toggle': 'activated', 'notification.delete': 'deleted' },
    });
  });

  it('never lets a draft take an immediate distribution', () => {
    for (const type of ['notification.saveDraft', 'notification.submit'] as const) {
      expect(nextState(notificationChart, 'draft', { type, distribution: 'immediate' })).toBeUndefined();
    }
    expect(nextState(notificationChart, 'new', { type: 'notification.saveDraft', distribution: 'immediate' })).toBeUndefined();
  });

  it('toggles play and stop both ways, and reaches every stored status from a new form', () => {
    expect(nextState(notificationChart, nextState(notificationChart, 'activated', { type: 'notification.toggle' })!, { type: 'notification.toggle' })).toBe('activated');
    const reached = new Set<string>();
    const frontier = ['new'];
    while (frontier.length > 0) {
      const state = frontier.pop()!;
      for (const next of Object.values(table()[state] ?? {})) {
        if (reached.has(next)) continue;
        reached.add(next);
        frontier.push(next);
      }
    }
    expect([...reached].sort()).toEqual([...notificationStatuses].sort());
  });

  it('groups activated and stopped as in progress for the list', () => {
    expect(notificationStatuses.map((status) => statusGroupOf(status))).toEqual(['draft', 'planned', 'inProgress', 'inProgress', 'sent', 'sentBlocked', undefined]);
  });
});
