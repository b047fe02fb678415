import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { testersMachine } from '../../src/machines/testers/testers.machine';
import { isSearchTooShort, phaseOf, type TestersSnapshot } from '../../src/machines/testers/testers.selectors';
import { onNotice, type Notice } from '../../src/services/notify';
import { failure, lea, leaHit, tania } from './tester.fixtures';

/** Pinned journeys of tester management (spec §2, §5, §8). */

function start(answers: { list?: unknown; toggle?: (udid: string) => unknown; notify?: () => unknown } = {}) {
  const calls: Array<{ src: string; input: unknown }> = [];
  const record = (src: string, answer: (input: never) => unknown) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls.push({ src, input });
      return answer(input as never);
    });
  const machine = testersMachine.provide({
    actors: {
      loadTesters: record('loadTesters', () => answers.list ?? { ok: true, data: [tania] }),
      search: record('search', () => ({ ok: true, data: [leaHit, { ...leaHit, udid: tania.udid, name: tania.name, isTester: true }] })),
      toggle: record('toggle', ({ udid }: { udid: string }) =>
        answers.toggle ? answers.toggle(udid) : udid === lea.udid ? { ok: true, data: { udid, result: 'added', tester: lea } } : { ok: true, data: { udid, result: 'removed', tester: null } },
      ),
      notifyTester: record('notifyTester', () => (answers.notify ? answers.notify() : { ok: true, data: { udid: tania.udid, queued: 1, status: 'sent' } })),
    } as never,
  });
  const actor = createActor(machine).start();
  return { actor, of: (src: string) => calls.filter((call) => call.src === src).map((call) => call.input) };
}

const ready = (snapshot: TestersSnapshot) => snapshot.matches({ list: 'ready' });

let stopNotices: (() => void) | null = null;
afterEach(() => stopNotices?.());
function collectNotices(): Notice[] {
  const notices: Notice[] = [];
  stopNotices = onNotice((notice) => notices.push(notice));
  return notices;
}

describe('tester management journeys', () => {
  it('asks the server only from 2 characters, after the typing pauses', async () => {
    const { actor, of } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'search.change', text: 'L' });
    expect(isSearchTooShort(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'search.change', text: 'Lé' });
    actor.send({ type: 'search.change', text: 'Léa' });
    await waitFor(actor, (snapshot) => snapshot.context.hits.length === 2);
    expect(of('search')).toEqual([{ filter: 'Léa' }]);
    actor.send({ type: 'search.change', text: '' });
    expect(actor.getSnapshot().context.hits).toEqual([]);
    expect(isSearchTooShort(actor.getSnapshot())).toBe(false);
  });

  it('adds a phone found by the search and removes a tester, with the success messages', async () => {
    const notices = collectNotices();
    const { actor, of } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'search.change', text: 'Léa' });
    await waitFor(actor, (snapshot) => snapshot.context.hits.length === 2);
    actor.send({ type: 'tester.toggle', udid: lea.udid });
    await waitFor(actor, (snapshot) => ready(snapshot) && snapshot.context.testers.length === 2);
    expect(actor.getSnapshot().context.testers.map((tester) => tester.name)).toEqual(['Léa Morel', 'Tania Tester']);
    expect(actor.getSnapshot().context.hits.find((hit) => hit.udid === lea.udid)?.isTester).toBe(true);
    actor.send({ type: 'tester.toggle', udid: tania.udid });
    await waitFor(actor, (snapshot) => ready(snapshot) && snapshot.context.testers.length === 1);
    expect(of('toggle')).toEqual([{ udid: lea.udid }, { udid: tania.udid }]);
    expect(notices.map((notice) => notice.key)).toEqual(['tester.add.done', 'tester.remove.done']);
  });

  it('says a tester could not be added, or removed, with the server key or the right fallback', async () => {
    const notices = collectNotices();
    let answer: unknown = failure('error.tester.add', 404);
    const { actor } = start({ toggle: () => answer });
    await waitFor(actor, ready);
    actor.send({ type: 'tester.toggle', udid: lea.udid });
    await waitFor(actor, (snapshot) => ready(snapshot) && notices.length === 1);
    answer = Promise.reject(new Error('boom'));
    actor.send({ type: 'tester.toggle', udid: tania.udid });
    await waitFor(actor, (snapshot) => ready(snapshot) && notices.length === 2);
    expect(notices.map((notice) => [notice.type, notice.key])).toEqual([
      ['error', 'error.tester.add'],
      ['error', 'error.tester.remove'],
    ]);
    expect(actor.getSnapshot().context.testers).toEqual([tania]);
  });

  it('sends the test notification to a tester only', async () => {
    const notices = collectNotices();
    const { actor, of } = start({ notify: () => failure('error.tester.notify', 422, { reason: 'no-push-token' }) });
    await waitFor(actor, ready);
    actor.send({ type: 'tester.notify', udid: lea.udid });
    expect(of('notifyTester')).toEqual([]);
    actor.send({ type: 'tester.notify', udid: tania.udid });
    await waitFor(actor, (snapshot) => ready(snapshot) && notices.length === 1);
    expect(of('notifyTester')).toEqual([{ udid: tania.udid }]);
    expect(notices[0]).toMatchObject({ type: 'error', key: 'error.tester.notify' });
  });

  it('a list that cannot load says so and can be asked again', async () => {
    const notices = collectNotices();
    const { actor } = start({ list: failure('error.tester.list', 500) });
    await waitFor(actor, (snapshot) => phaseOf(snapshot) === 'failed');
    expect(notices.map((notice) => notice.key)).toEqual(['error.tester.list']);
    expect(actor.getSnapshot().context.errorKey).toBe('error.tester.list');
  });
});
