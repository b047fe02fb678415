import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { historyMachine } from '../../src/machines/history/history.machine';
import { chronologyErrorOf, chronologyOf, entriesEndOf, entriesStartOf, historyLoadErrorOf, isChronologyOpen, rangeErrorOf } from '../../src/machines/history/history.selectors';
import type { HistoryFilter, PageRequest } from '../../src/machines/history/history.types';
import { describePathModel } from './kit';
import { VirtualClock } from './kit-replay';
import { chronologySample, failure, historyPageSample, ok } from './history.fixtures';
import { pathModel } from './history.samples';

/** The history machine: model-based replay (history.samples.ts), then journeys with what each call was sent. */
describePathModel(pathModel);

function scripted(pages: unknown[] = [ok(historyPageSample(45))], initialFilter?: Partial<HistoryFilter>) {
  const requests: PageRequest[] = [];
  const exports: PageRequest[] = [];
  const clock = new VirtualClock();
  const machine = historyMachine.provide({
    actors: {
      loadSites: fromPromise(async () => ok([]) as never),
      loadPage: fromPromise(async ({ input }: { input: PageRequest }) => {
        requests.push(input);
        return (pages.length > 1 ? pages.shift() : pages[0]) as never;
      }),
      loadChronology: fromPromise(async ({ input }: { input: { alertId: number } }) => (input.alertId === 7 ? ok(chronologySample) : failure('error.not-found', 404)) as never),
      exportFile: fromPromise(async ({ input }: { input: PageRequest }) => {
        exports.push(input);
        return ok({ saved: true as const }) as never;
      }),
    } as never,
    actions: { announce: () => undefined },
  });
  const actor = createActor(machine, { input: { lang: 'fr', initialFilter }, clock }).start();
  return { actor, requests, exports, clock };
}

const ready = (actor: ReturnType<typeof scripted>['actor']) => waitFor(actor, (snapshot) => snapshot.matches({ list: 'ready' }) || snapshot.matches({ list: 'failed' }) || snapshot.matches({ list: 'invalid' }));

describe('history journeys', () => {
  it('asks the first page (sent as 1) of the last four months, 20 a page, newest first', async () => {
    const { actor, requests } = scripted();
    await ready(actor);
    expect(requests).toHaveLength(1);
    const [first] = requests;
    expect(first).toMatchObject({ page: 0, limit: 20, lang: 'fr', filter: { order: 'desc', address: '', tag: null, withTest: false } });
    expect(first.filter.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([entriesStartOf(actor.getSnapshot()), entriesEndOf(actor.getSnapshot())]).toEqual([1, 20]);
  });

  it('goes back to page 0 on a filter or page-size change, and blanks a deleted filter', async () => {
    const { actor, requests } = scripted([ok(historyPageSample(45))], { tag: 'toDo' });
    await ready(actor);
    actor.send({ type: 'page.change', page: 2 });
    await ready(actor);
    expect(requests.at(-1)!.page).toBe(2);
    expect([entriesStartOf(actor.getSnapshot()), entriesEndOf(actor.getSnapshot())]).toEqual([41, 45]);
    actor.send({ type: 'filter.change', changes: { alertType: 3 } });
    await ready(actor);
    expect(requests.at(-1)).toMatchObject({ page: 0, filter: { alertType: 3, tag: 'toDo' } });
    actor.send({ type: 'page.change', page: 1 });
    await ready(actor);
    actor.send({ type: 'limit.change', limit: 50 });
    await ready(actor);
    expect(requests.at(-1)).toMatchObject({ page: 0, limit: 50 });
    actor.send({ type: 'filter.delete', key: 'tag' });
    await ready(actor);
    expect(requests.at(-1)!.filter.tag).toBeNull();
    actor.send({ type: 'page.change', page: 7 });
    expect(actor.getSnapshot().context.page).toBe(0);
  });

  it('never sends a range that breaks spec §5, and says why', async () => {
    const { actor, requests } = scripted();
    await ready(actor);
    actor.send({ type: 'filter.change', changes: { startDate: '2026-11-20', endDate: '2026-11-10' } });
    await ready(actor);
    expect(rangeErrorOf(actor.getSnapshot())).toBe('error.history.start-after-end');
    actor.send({ type: 'filter.change', changes: { startDate: '2001-01-01', endDate: '' } });
    expect(rangeErrorOf(actor.getSnapshot())).toBe('error.history.start-too-old');
    actor.send({ type: 'export.start' });
    expect(actor.getSnapshot().matches({ export: 'idle' })).toBe(true);
    expect(requests).toHaveLength(1);
    actor.send({ type: 'filter.delete', key: 'startDate' });
    await ready(actor);
    expect(requests).toHaveLength(2);
    expect(rangeErrorOf(actor.getSnapshot())).toBeNull();
  });

  it('waits for a pause in the address typing, then asks once', async () => {
    const { actor, requests, clock } = scripted();
    await ready(actor);
    actor.send({ type: 'filter.type', address: 'j' });
    actor.send({ type: 'filter.type', address: 'ja' });
    actor.send({ type: 'filter.type', address: 'jaude' });
    expect(requests).toHaveLength(1);
    clock.fireNext();
    await ready(actor);
    expect(requests).toHaveLength(2);
    expect(requests[1].filter.address).toBe('jaude');
  });

  it('keeps the last list when a load fails, with the key', async () => {
    const { actor } = scripted([ok(historyPageSample(45)), failure('error.network')]);
    await ready(actor);
    actor.send({ type: 'history.refresh' });
    await ready(actor);
    expect(historyLoadErrorOf(actor.getSnapshot())).toBe('error.network');
    expect(actor.getSnapshot().context.list).toHaveLength(20);
  });

  it('opens a chronology, says when it cannot, and exports with the list’s filters', async () => {
    const { actor, exports } = scripted();
    await ready(actor);
    actor.send({ type: 'chronology.open', alertId: 7 });
    await waitFor(actor, (snapshot) => snapshot.matches({ chronology: 'open' }));
    expect(chronologyOf(actor.getSnapshot())?.entries.map((entry) => entry.kind)).toEqual(['launched', 'offer', 'autoClosed']);
    actor.send({ type: 'chronology.open', alertId: 8 });
    await waitFor(actor, (snapshot) => snapshot.matches({ chronology: 'failed' }));
    expect(chronologyErrorOf(actor.getSnapshot())).toBe('error.not-found');
    actor.send({ type: 'chronology.close' });
    expect(isChronologyOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'filter.change', changes: { withCitizenResponderOnly: true } });
    await ready(actor);
    actor.send({ type: 'export.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ export: 'idle' }));
    expect(exports).toHaveLength(1);
    expect(exports[0].filter.withCitizenResponderOnly).toBe(true);
  });
});
