import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { aedBulkHoursMachine } from '../../src/machines/aed-bulk-hours/aed-bulk-hours.machine';
import { errorKeyOf } from '../../src/machines/aed-bulk-hours/aed-bulk-hours.selectors';
import type { BulkHoursCall, BulkHoursOutcome } from '../../src/machines/aed-bulk-hours/aed-bulk-hours.types';

/** Pinned journeys of the list's "hours of the selection" dialog (issue 22: the list can bulk-edit hours of a selection). */

const udids = ['0b7c1d2e-0000-4000-8000-000000000001', '0b7c1d2e-0000-4000-8000-000000000002'];

function start(answers: BulkHoursOutcome[] = [{ ok: true, data: { updated: 2 } }]) {
  const calls: BulkHoursCall[] = [];
  const machine = aedBulkHoursMachine.provide({
    actors: {
      saveHours: fromPromise(async ({ input }: { input: BulkHoursCall }) => {
        calls.push(input);
        return answers.length > 1 ? answers.shift()! : answers[0]!;
      }),
    } as never,
  });
  return { actor: createActor(machine).start(), calls };
}

describe('hours of a selection', () => {
  it('sends one range on the days ticked, then closes and counts the apply', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'hours.open', udids });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'hours.day', day: '6' });
    actor.send({ type: 'hours.day', day: '1' });
    actor.send({ type: 'hours.time', part: 'open', value: '09:00' });
    actor.send({ type: 'hours.time', part: 'close', value: '17:30' });
    actor.send({ type: 'hours.apply' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    const range = [{ open: '09:00', close: '17:30' }];
    expect(calls).toEqual([{ udids, alwaysOpened: false, openingHours: { '2': range, '3': range, '4': range, '5': range, '6': range } }]);
    expect(actor.getSnapshot().context).toMatchObject({ applied: 1, updated: 2 });
  });

  it('sends always open without a week', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'hours.open', udids });
    actor.send({ type: 'hours.alwaysOpened', value: true });
    actor.send({ type: 'hours.apply' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(calls).toEqual([{ udids, alwaysOpened: true, openingHours: {} }]);
  });

  it('opens only on a selection, and holds hours that close before they open', () => {
    const { actor, calls } = start();
    actor.send({ type: 'hours.open', udids: [] });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'hours.open', udids });
    actor.send({ type: 'hours.time', part: 'close', value: '07:00' });
    expect(errorKeyOf(actor.getSnapshot())).toBe('error.aed.hours-order');
    expect(actor.getSnapshot().can({ type: 'hours.apply' })).toBe(false);
    actor.send({ type: 'hours.apply' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls).toEqual([]);
  });

  it('stays open with the server’s refusal, and applies once it is fixed', async () => {
    const { actor } = start([{ ok: false, key: 'error.aed.not-found', status: 404 }, { ok: true, data: { updated: 2 } }]);
    actor.send({ type: 'hours.open', udids });
    actor.send({ type: 'hours.apply' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.errorKey !== null);
    expect(errorKeyOf(actor.getSnapshot())).toBe('error.aed.not-found');
    expect(actor.getSnapshot().context.applied).toBe(0);
    actor.send({ type: 'hours.apply' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(actor.getSnapshot().context.applied).toBe(1);
  });
});
