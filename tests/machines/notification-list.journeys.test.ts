import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { NotificationItem } from '../../contract/notification.schemas';
import { notificationListMachine } from '../../src/machines/notification-list/notification-list.machine';
import { actionsOf, phaseOf, type NotificationListSnapshot } from '../../src/machines/notification-list/notification-list.selectors';
import type { NotificationListQuery, PageOutcome } from '../../src/machines/notification-list/notification-list.types';
import { onNotice, type Notice } from '../../src/services/notify';
import { failure, notificationItem, notificationPage, sites } from './notification.fixtures';

/** Pinned journeys of the notification list, one per rule of spec §4 "Notification statuses". */

interface Script {
  page?: (query: NotificationListQuery) => PageOutcome | Promise<PageOutcome>;
  toggle?: (id: number) => unknown;
  remove?: (id: number) => unknown;
}

function start(script: Script = {}) {
  const queries: NotificationListQuery[] = [];
  const calls: Array<{ src: string; id: number }> = [];
  let refresh: (() => void) | null = null;
  const machine = notificationListMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }: { input: NotificationListQuery }) => {
        queries.push(input);
        return (script.page ?? (() => notificationPage([notificationItem(1, 'activated'), notificationItem(2, 'stopped'), notificationItem(3, 'planned')], 3)))(input);
      }),
      loadSites: fromPromise(async () => ({ ok: true as const, data: sites })),
      toggle: fromPromise(async ({ input }: { input: { id: number } }) => {
        calls.push({ src: 'toggle', id: input.id });
        return script.toggle ? script.toggle(input.id) : { ok: true, data: notificationItem(input.id, 'stopped') };
      }),
      remove: fromPromise(async ({ input }: { input: { id: number } }) => {
        calls.push({ src: 'remove', id: input.id });
        return script.remove ? script.remove(input.id) : { ok: true, data: { id: input.id, deleted: true } };
      }),
      duplicate: fromPromise(async ({ input }: { input: { id: number } }) => {
        calls.push({ src: 'duplicate', id: input.id });
        return { ok: true, data: notificationItem(99, 'draft', { title: 'Copy' }) };
      }),
      listenRefresh: fromCallback(({ sendBack }) => {
        refresh = () => sendBack({ type: 'list.refresh' });
      }),
    } as never,
  });
  const actor = createActor(machine).start();
  return { actor, queries, calls, pushRefresh: () => refresh?.() };
}

const settled = (snapshot: NotificationListSnapshot) => snapshot.matches('idle') || snapshot.matches('failed');
const item = (snapshot: NotificationListSnapshot, id: number) => snapshot.context.list.find((other) => other.id === id)!;

let stopNotices: (() => void) | null = null;
afterEach(() => stopNotices?.());
function collectNotices(): Notice[] {
  const notices: Notice[] = [];
  stopNotices = onNotice((notice) => notices.push(notice));
  return notices;
}

describe('notification list journeys (spec §4 "Notification statuses")', () => {
  it('opens on the first page of 20 with no filter, and keeps the sites for the filter', async () => {
    const { actor, queries } = start();
    await waitFor(actor, settled);
    expect(queries).toEqual([{ idSite: null, osDevice: null, type: null, limit: 20, page: 0 }]);
    expect(actor.getSnapshot().context.count).toBe(3);
    expect(actor.getSnapshot().context.sites).toEqual(sites);
  });

  it('a filter change goes back to page 0 and asks with the merged filters', async () => {
    const { actor, queries } = start({ page: () => notificationPage([notificationItem(1)], 45) });
    await waitFor(actor, settled);
    actor.send({ type: 'page.change', page: 2 });
    await waitFor(actor, settled);
    actor.send({ type: 'filter.change', filter: { idSite: 5 } });
    await waitFor(actor, settled);
    actor.send({ type: 'filter.change', filter: { type: 'survey' } });
    await waitFor(actor, settled);
    expect(queries.map((query) => [query.page, query.idSite, query.type])).toEqual([
      [0, null, null],
      [2, null, null],
      [0, 5, null],
      [0, 5, 'survey'],
    ]);
  });

  it('offers play or stop and delete as the chart allows from each status', async () => {
    const { actor } = start({
      page: () => notificationPage(['draft', 'planned', 'activated', 'stopped', 'sent', 'sentBlocked'].map((status, index) => notificationItem(index + 1, status as NotificationItem['status']))),
    });
    await waitFor(actor, settled);
    const snapshot = actor.getSnapshot();
    const offered = snapshot.context.list.map((entry) => [entry.status, actionsOf(snapshot, entry).toggle, actionsOf(snapshot, entry).delete]);
    expect(offered).toEqual([
      ['draft', null, true],
      ['planned', null, true],
      ['activated', 'stop', false],
      ['stopped', 'play', true],
      ['sent', null, true],
      ['sentBlocked', 'play', true],
    ]);
    // What the chart refuses is not even sent.
    actor.send({ type: 'notification.toggle', id: 2 });
    actor.send({ type: 'notification.delete', id: 3 });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('stop replaces the item with the answer and says so', async () => {
    const notices = collectNotices();
    const { actor, calls } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'notification.toggle', id: 1 });
    expect(actor.getSnapshot().context.pending).toEqual({ id: 1, action: 'toggle' });
    await waitFor(actor, settled);
    expect(calls).toEqual([{ src: 'toggle', id: 1 }]);
    expect(item(actor.getSnapshot(), 1).status).toBe('stopped');
    expect(notices.map((notice) => notice.key)).toEqual(['notification.stop.done']);
  });

  it('a refused toggle says why and reloads to show the real status', async () => {
    const notices = collectNotices();
    const { actor, queries } = start({ toggle: () => failure('error.notification.cannot-toggle', 409) });
    await waitFor(actor, settled);
    actor.send({ type: 'notification.toggle', id: 1 });
    await waitFor(actor, (snapshot) => queries.length === 2 && settled(snapshot));
    expect(notices.map((notice) => [notice.type, notice.key])).toEqual([['error', 'error.notification.cannot-toggle']]);
  });

  it('delete takes the item out and lowers the count', async () => {
    const { actor, queries } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'notification.delete', id: 3 });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.list.map((entry) => entry.id)).toEqual([1, 2]);
    expect(actor.getSnapshot().context.count).toBe(2);
    expect(queries).toHaveLength(1);
  });

  it('deleting the last item of a page above 0 steps back a page and loads it', async () => {
    const { actor, queries } = start({ page: (query) => (query.page === 2 ? notificationPage([notificationItem(41)], 41) : notificationPage([notificationItem(21)], 40)) });
    await waitFor(actor, settled);
    actor.send({ type: 'page.change', page: 2 });
    await waitFor(actor, settled);
    actor.send({ type: 'notification.delete', id: 41 });
    expect(actor.getSnapshot().matches('deleting')).toBe(true);
    await waitFor(actor, (snapshot) => queries.length === 3 && settled(snapshot));
    expect(queries.map((query) => query.page)).toEqual([0, 2, 1]);
    expect(actor.getSnapshot().context.pages).toBe(1);
  });

  it('deleting the last item of page 0 stays on page 0', async () => {
    const { actor, queries } = start({ page: () => notificationPage([notificationItem(3)]) });
    await waitFor(actor, settled);
    actor.send({ type: 'notification.delete', id: 3 });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context).toMatchObject({ list: [], count: 0, pages: 0 });
    expect(queries).toHaveLength(1);
  });

  it('duplicate puts the copy on top and raises the count; the page keeps its size', async () => {
    const full = Array.from({ length: 20 }, (_, index) => notificationItem(index + 1, 'sent'));
    const { actor } = start({ page: () => notificationPage(full, 30) });
    await waitFor(actor, settled);
    actor.send({ type: 'notification.duplicate', id: 5 });
    await waitFor(actor, settled);
    const { list, count } = actor.getSnapshot().context;
    expect(list[0]).toMatchObject({ id: 99, status: 'draft' });
    expect(list).toHaveLength(20);
    expect(count).toBe(31);
  });

  it('REFRESH_NOTIFS reloads quietly, and one arriving during a load loads once more', async () => {
    let answer: ((value: PageOutcome) => void) | null = null;
    const { actor, queries, pushRefresh } = start({ page: () => new Promise<PageOutcome>((resolve) => (answer = resolve)) });
    pushRefresh();
    pushRefresh();
    answer!(notificationPage([notificationItem(1)]));
    await waitFor(actor, () => queries.length === 2);
    expect(phaseOf(actor.getSnapshot())).toBe('refreshing');
    answer!(notificationPage([notificationItem(1, 'sent')]));
    await waitFor(actor, settled);
    expect(queries).toHaveLength(2);
    pushRefresh();
    expect(phaseOf(actor.getSnapshot())).toBe('refreshing');
  });

  it('a failed load keeps its key and the refresh button tries again', async () => {
    let first = true;
    const { actor } = start({
      page: () => {
        const outcome = first ? failure('error.network', 0) : notificationPage([notificationItem(1)]);
        first = false;
        return outcome;
      },
    });
    await waitFor(actor, settled);
    expect(phaseOf(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.errorKey).toBe('error.network');
    actor.send({ type: 'list.refresh' });
    await waitFor(actor, settled);
    expect(phaseOf(actor.getSnapshot())).toBe('ready');
  });
});
