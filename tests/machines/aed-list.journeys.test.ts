import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { aedListMachine } from '../../src/machines/aed-list/aed-list.machine';
import { mergeFilters } from '../../src/machines/aed-list/aed-list.rules';
import { accountGroupsOf, allAccountsCountOf, entriesOf, phaseOf, type AedListSnapshot } from '../../src/machines/aed-list/aed-list.selectors';
import type { AccountsOutcome, ListOutcome, ListQuery, MapOutcome, MapQuery } from '../../src/machines/aed-list/aed-list.types';
import { onNotice, type Notice } from '../../src/services/notify';
import { accountTree, aedItem, failure, listPage, managedAccounts, mapClusters, plainTree, viewport } from './aed-list.fixtures';

/**
 * Pinned journeys of the AED list, one per rule of spec §4 "AED list", with explicit end states
 * and the requests the machine sent.
 */

interface Script {
  accounts?: AccountsOutcome[];
  /** Answers the list call from what it was asked. */
  list?: (query: ListQuery) => ListOutcome | Promise<ListOutcome>;
  map?: (query: MapQuery) => MapOutcome;
  softDelete?: () => { ok: true; data: { udid: string; idSite: number } } | { ok: false; key: string };
  tree?: typeof accountTree;
}

function start(script: Script = {}) {
  const lists: ListQuery[] = [];
  const maps: MapQuery[] = [];
  const exports: ListQuery[] = [];
  const accountAnswers = [...(script.accounts ?? [{ ok: true as const, data: script.tree ?? accountTree }])];
  const machine = aedListMachine.provide({
    actors: {
      loadAccounts: fromPromise(async () => (accountAnswers.length > 1 ? accountAnswers.shift()! : accountAnswers[0]!)),
      loadManagedAccounts: fromPromise(async () => ({ ok: true as const, data: managedAccounts })),
      loadList: fromPromise(async ({ input }: { input: ListQuery }) => {
        lists.push(input);
        return (script.list ?? (() => ({ ok: true as const, data: listPage(50) })))(input);
      }),
      loadMap: fromPromise(async ({ input }: { input: MapQuery }) => {
        maps.push(input);
        return (script.map ?? (() => ({ ok: true as const, data: mapClusters })))(input);
      }),
      softDelete: fromPromise(async () => (script.softDelete ?? (() => ({ ok: true as const, data: { udid: 'x', idSite: 1 } })))()),
      exportList: fromPromise(async ({ input }: { input: ListQuery }) => {
        exports.push(input);
        return { ok: true as const, data: new Blob(['xlsx']) };
      }),
    } as never,
  });
  const actor = createActor(machine, { input: { lang: 'en' } }).start();
  return { actor, lists, maps, exports };
}

const settled = (snapshot: AedListSnapshot) => ['ready', 'failed', 'accountsFailed'].includes(phaseOf(snapshot));
const account = (snapshot: AedListSnapshot, id: string) => snapshot.context.accounts.byId[id]!;

let stopNotices: (() => void) | null = null;
afterEach(() => stopNotices?.());
function collectNotices(): Notice[] {
  const notices: Notice[] = [];
  stopNotices = onNotice((notice) => notices.push(notice));
  return notices;
}

/** A promise the test resolves when it wants the call to answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('AED list journeys (spec §4 "AED list")', () => {
  it('opens on the list: accounts first, then page 1 of 50 with every account and the default order', async () => {
    const { actor, lists } = start();
    expect(actor.getSnapshot().matches('loadingAccounts')).toBe(true);
    await waitFor(actor, settled);
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.view).toBe('list');
    expect(lists).toEqual([{ filter: [], idSelected: '0', withChild: true, order: 'created', orderSort: 'desc', limit: 50, page: 0, lang: 'en' }]);
    expect(entriesOf(snapshot)).toEqual({ start: 1, end: 50, total: 52 });
  });

  it('recomputes account counts on every load: internal and public from allCount, external from externalCount, parents from their children', async () => {
    const { actor } = start({ list: () => ({ ok: true, data: listPage(3, 1, { externalCount: 8 }) }) });
    await waitFor(actor, settled);
    const snapshot = actor.getSnapshot();
    expect(account(snapshot, '2')).toMatchObject({ count: 10, totalLevel: 10 });
    expect(account(snapshot, '5')).toMatchObject({ count: 5, totalLevel: 5 });
    // externalCount wins over allCount for the one external account.
    expect(account(snapshot, '6')).toMatchObject({ count: 8, totalLevel: 8 });
    expect(account(snapshot, '1')).toMatchObject({ count: 30, totalLevel: 30 + 10 + 5 + 8 });
    expect(allAccountsCountOf(snapshot)).toBe(53);
    expect(accountGroupsOf(snapshot).map((group) => [group.key, group.accounts.map((entry) => entry.id)])).toEqual([
      ['internal', ['1', '2']],
      ['publicApp', ['5']],
      ['externalAccount', ['6']],
    ]);
  });

  it('changing the view empties the list and sets loading; the map waits for its viewport, then asks by viewport and zoom', async () => {
    const { actor, maps, lists } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'view.change', view: 'map' });
    let snapshot = actor.getSnapshot();
    expect(snapshot.context.aeds).toMatchObject({ list: [], aedLoading: true });
    expect(snapshot.matches({ showing: { data: { map: 'awaitingViewport' } } })).toBe(true);
    actor.send({ type: 'map.viewport', viewport });
    await waitFor(actor, settled);
    snapshot = actor.getSnapshot();
    expect(maps).toEqual([{ filter: [], idSelected: '0', withChild: true, viewport, lang: 'en', fit: false }]);
    expect(snapshot.context.map?.clusters).toHaveLength(1);
    expect(snapshot.context.aeds.total).toBe(1700);
    actor.send({ type: 'view.change', view: 'list' });
    expect(actor.getSnapshot().context.aeds).toMatchObject({ list: [], aedLoading: true });
    await waitFor(actor, settled);
    expect(lists).toHaveLength(2);
    // The known viewport is asked again at once when coming back to the map.
    actor.send({ type: 'view.change', view: 'map' });
    await waitFor(actor, settled);
    expect(maps).toHaveLength(2);
  });

  it('the map follows the filter: after a filter change it asks for the extent once and fits it, then asks by viewport again', async () => {
    const extent = { north: 45.9, south: 45.85, east: 3.12, west: 3.08 };
    const { actor, maps } = start({ map: (query) => ({ ok: true as const, data: query.fit ? { ...mapClusters, extent } : mapClusters }) });
    await waitFor(actor, settled);
    actor.send({ type: 'view.change', view: 'map' });
    actor.send({ type: 'map.viewport', viewport });
    await waitFor(actor, settled);
    expect(maps.map((query) => query.fit)).toEqual([false]);
    expect(actor.getSnapshot().context.mapFit).toBeNull();
    actor.send({ type: 'filter.add', entries: [{ type: 'TAG', tag: 'city', value: 'riom' }] });
    await waitFor(actor, settled);
    expect(maps.map((query) => query.fit)).toEqual([false, true]);
    expect(actor.getSnapshot().context.mapFit).toEqual({ extent, key: 1 });
    // The map fitted: its new viewport is asked without the extent, and the fit stays done.
    actor.send({ type: 'map.viewport', viewport: { bbox: extent, zoom: 14 } });
    await waitFor(actor, settled);
    expect(maps.map((query) => query.fit)).toEqual([false, true, false]);
    expect(actor.getSnapshot().context.mapFit).toEqual({ extent, key: 1 });
    // Another account: fitted again.
    actor.send({ type: 'account.select', id: '0', withChild: false });
    await waitFor(actor, settled);
    expect(maps.at(-1)!.fit).toBe(true);
    expect(actor.getSnapshot().context.mapFit?.key).toBe(2);
  });

  it('choosing an account resets the page and shows its own count, or its totalLevel with its children, until the list answers', async () => {
    let answer = deferred<ListOutcome>();
    const { actor, lists } = start({ list: (query) => (query.idSelected === '0' && query.page === 0 && lists.length === 1 ? { ok: true, data: listPage(50) } : answer.promise) });
    await waitFor(actor, settled);
    actor.send({ type: 'page.change', page: 1 });
    answer.resolve({ ok: true, data: listPage(2, 51) });
    await waitFor(actor, settled);
    answer = deferred();
    actor.send({ type: 'account.select', id: '1', withChild: false });
    let snapshot = actor.getSnapshot();
    expect(snapshot.context.pages).toBe(0);
    expect(snapshot.context.aeds).toMatchObject({ total: 30, aedLoading: true });
    actor.send({ type: 'account.select', id: '1', withChild: true });
    snapshot = actor.getSnapshot();
    expect(snapshot.context.aeds.total).toBe(30 + 10 + 5 + 7);
    expect(lists.at(-1)).toMatchObject({ idSelected: '1', withChild: true, page: 0 });
    answer.resolve({ ok: true, data: listPage(1, 1, { totalCount: 12 }) });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.aeds.total).toBe(12);
  });

  it('page changes keep the filter and set loading; limit, order and filter changes go back to page 0', async () => {
    const { actor, lists } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'page.change', page: 2 });
    expect(actor.getSnapshot().context.aeds.aedLoading).toBe(true);
    await waitFor(actor, settled);
    expect(lists.at(-1)).toMatchObject({ page: 2 });
    expect(entriesOf(actor.getSnapshot())).toEqual({ start: 101, end: 150, total: 52 });
    actor.send({ type: 'limit.change', limit: 100 });
    await waitFor(actor, settled);
    expect(lists.at(-1)).toMatchObject({ page: 0, limit: 100 });
    actor.send({ type: 'page.change', page: 1 });
    await waitFor(actor, settled);
    actor.send({ type: 'order.change', order: 'name', orderSort: 'asc' });
    await waitFor(actor, settled);
    expect(lists.at(-1)).toMatchObject({ page: 0, order: 'name', orderSort: 'asc' });
    actor.send({ type: 'page.change', page: 1 });
    await waitFor(actor, settled);
    actor.send({ type: 'filter.add', entries: [{ type: 'ALL', tag: '', value: 'riom' }] });
    expect(actor.getSnapshot().context.aeds.aedLoading).toBe(true);
    await waitFor(actor, settled);
    expect(lists.at(-1)).toMatchObject({ page: 0, filter: [{ type: 'ALL', tag: '', value: 'riom' }] });
  });

  it('merges filters: ALL and TAG replace their type, ADVANCED replace by tag, sorted ALL, TAG, ADVANCED by tag; the geoDAE flag follows unlink.geodae', async () => {
    const { actor, lists } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'filter.add', entries: [{ type: 'ADVANCED', tag: 'vigilance', value: 'alert' }] });
    actor.send({ type: 'filter.add', entries: [{ type: 'TAG', tag: 'city', value: 'clermont' }] });
    actor.send({ type: 'filter.add', entries: [{ type: 'ADVANCED', tag: 'unlink.geodae', value: true }] });
    actor.send({ type: 'filter.add', entries: [{ type: 'ALL', tag: '', value: 'mairie' }] });
    actor.send({ type: 'filter.add', entries: [{ type: 'TAG', tag: 'brand', value: 'zoll' }] });
    actor.send({ type: 'filter.add', entries: [{ type: 'ADVANCED', tag: 'certified', value: true }, { type: 'ALL', tag: '', value: 'ecole' }] });
    await waitFor(actor, settled);
    let snapshot = actor.getSnapshot();
    expect(snapshot.context.filter).toEqual([
      { type: 'ALL', tag: '', value: 'ecole' },
      { type: 'TAG', tag: 'brand', value: 'zoll' },
      { type: 'ADVANCED', tag: 'certified', value: true },
      { type: 'ADVANCED', tag: 'unlink.geodae', value: true },
      { type: 'ADVANCED', tag: 'vigilance', value: 'alert' },
    ]);
    expect(snapshot.context.accounts.geoDAE).toBe(true);
    // The request is the merged, sorted filter.
    expect(lists.at(-1)?.filter).toEqual(snapshot.context.filter);
    actor.send({ type: 'filter.add', entries: [{ type: 'ADVANCED', tag: 'vigilance', value: 'expired' }] });
    actor.send({ type: 'filter.remove', entry: { type: 'ADVANCED', tag: 'unlink.geodae' } });
    await waitFor(actor, settled);
    snapshot = actor.getSnapshot();
    expect(snapshot.context.filter.filter((entry) => entry.tag === 'vigilance')).toEqual([{ type: 'ADVANCED', tag: 'vigilance', value: 'expired' }]);
    expect(snapshot.context.accounts.geoDAE).toBe(false);
    // An empty value clears its slot.
    expect(mergeFilters(snapshot.context.filter, [{ type: 'ALL', tag: '', value: '  ' }]).some((entry) => entry.type === 'ALL')).toBe(false);
    actor.send({ type: 'filter.clear' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.filter).toEqual([]);
  });

  it("'0' is every account by default; the temporary account '-1' can be selected, and deleting it goes back to '0'", async () => {
    const { actor, lists } = start({ list: (query) => ({ ok: true, data: listPage(3, 1, query.idSelected === '-1' ? { totalCount: 3 } : {}) }) });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.accounts.idSelected).toBe('0');
    actor.send({ type: 'account.addTemporary', name: 'Import of 1 March' });
    await waitFor(actor, settled);
    let snapshot = actor.getSnapshot();
    expect(snapshot.context.accounts.idSelected).toBe('-1');
    expect(lists.at(-1)).toMatchObject({ idSelected: '-1', page: 0 });
    expect(account(snapshot, '-1')).toMatchObject({ name: 'Import of 1 March', count: 3 });
    actor.send({ type: 'account.deleteTemporary' });
    snapshot = actor.getSnapshot();
    expect(snapshot.context.accounts.idSelected).toBe('0');
    expect(snapshot.context.accounts.byId['-1']).toBeUndefined();
    await waitFor(actor, settled);
    expect(lists.at(-1)).toMatchObject({ idSelected: '0' });
  });

  it('the asynchronous select of a DEFAULT_ADMIN account swaps in the accounts it manages; another account swaps them out', async () => {
    const { actor, lists } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'account.selectAsync', id: '1' });
    expect(actor.getSnapshot().matches({ showing: { data: 'swappingAccounts' } })).toBe(true);
    await waitFor(actor, settled);
    let snapshot = actor.getSnapshot();
    expect(snapshot.context.accounts.adminManage).toEqual({ allIds: ['1', '2', '5', '6', '9'], isAdminInsert: true });
    expect(snapshot.context.accounts.allIds.internal).toEqual(['1', '2', '9']);
    expect(snapshot.context.accounts.idSelected).toBe('1');
    expect(lists.at(-1)).toMatchObject({ idSelected: '1' });
    actor.send({ type: 'account.selectAsync', id: '2' });
    await waitFor(actor, settled);
    snapshot = actor.getSnapshot();
    expect(snapshot.context.accounts.adminManage.isAdminInsert).toBe(false);
    expect(snapshot.context.accounts.allIds.internal).toEqual(['1', '2']);
    expect(snapshot.context.accounts.idSelected).toBe('2');
  });

  it('without a DEFAULT_ADMIN account the asynchronous select is a plain selection', async () => {
    const { actor } = start({ tree: plainTree });
    await waitFor(actor, settled);
    actor.send({ type: 'account.selectAsync', id: '1' });
    expect(actor.getSnapshot().matches({ showing: { data: 'swappingAccounts' } })).toBe(false);
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.accounts).toMatchObject({ idSelected: '1', adminManage: { isAdminInsert: false } });
  });

  it('deleting an AED takes it out of the page, the total, the entry counters and its account (and its parents)', async () => {
    const notices = collectNotices();
    const { actor } = start({ list: () => ({ ok: true, data: listPage(3) }) });
    await waitFor(actor, settled);
    const before = actor.getSnapshot();
    expect(entriesOf(before)).toEqual({ start: 1, end: 3, total: 52 });
    // Item 2 belongs to account 2 (CODIS), a child of account 1.
    actor.send({ type: 'aed.delete', udid: aedItem(2).udid });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    const after = actor.getSnapshot();
    expect(after.context.aeds.list.map((item) => item.id)).toEqual([1, 3]);
    expect(entriesOf(after)).toEqual({ start: 1, end: 2, total: 51 });
    expect(account(after, '2').count).toBe(account(before, '2').count - 1);
    expect(account(after, '1').totalLevel).toBe(account(before, '1').totalLevel - 1);
    expect(account(after, '1').count).toBe(account(before, '1').count);
    expect(notices.map((notice) => notice.key)).toEqual(['aed.delete.done']);
  });

  it('deleting the last AED of a page after the first steps back a page and loads it', async () => {
    const { actor, lists } = start({ list: (query) => ({ ok: true, data: query.page === 1 ? listPage(1, 51) : listPage(50) }) });
    await waitFor(actor, settled);
    actor.send({ type: 'page.change', page: 1 });
    await waitFor(actor, settled);
    expect(entriesOf(actor.getSnapshot())).toEqual({ start: 51, end: 51, total: 52 });
    actor.send({ type: 'aed.delete', udid: aedItem(51).udid });
    await waitFor(actor, (snapshot) => snapshot.matches({ showing: { data: { list: 'loading' } } }));
    expect(actor.getSnapshot().context.pages).toBe(0);
    await waitFor(actor, settled);
    expect(lists.at(-1)).toMatchObject({ page: 0 });
    expect(entriesOf(actor.getSnapshot()).start).toBe(1);
  });

  it('a refused delete keeps the AED and says why', async () => {
    const notices = collectNotices();
    const { actor } = start({ list: () => ({ ok: true, data: listPage(2) }), softDelete: () => failure('error.aed.availability-not-compliant', 409) });
    await waitFor(actor, settled);
    actor.send({ type: 'aed.delete', udid: aedItem(1).udid });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    expect(actor.getSnapshot().context.aeds.list).toHaveLength(2);
    expect(notices).toEqual([expect.objectContaining({ type: 'error', key: 'error.aed.availability-not-compliant' })]);
  });

  it('exports the scope and order of the list while the list stays usable', async () => {
    const notices = collectNotices();
    const { actor, exports, lists } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'filter.add', entries: [{ type: 'TAG', tag: 'city', value: 'riom' }] });
    await waitFor(actor, settled);
    actor.send({ type: 'list.export' });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    actor.send({ type: 'page.change', page: 1 });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('exporting') && settled(snapshot));
    expect(exports).toEqual([expect.objectContaining({ filter: [{ type: 'TAG', tag: 'city', value: 'riom' }], order: 'created', orderSort: 'desc' })]);
    expect(lists.at(-1)).toMatchObject({ page: 1 });
    expect(notices.map((notice) => notice.key)).toContain('aed.export.done');
  });

  it('a failed list load keeps the error key and flags the public and external counts; a reload clears them', async () => {
    let fail = true;
    const { actor } = start({ list: () => (fail ? failure('error.network', 0) : { ok: true, data: listPage(1) }) });
    await waitFor(actor, settled);
    let snapshot = actor.getSnapshot();
    expect(phaseOf(snapshot)).toBe('failed');
    expect(snapshot.context.errorKey).toBe('error.network');
    expect(snapshot.context.accounts).toMatchObject({ isPublicError: true, isExternalError: true });
    fail = false;
    actor.send({ type: 'list.reload' });
    await waitFor(actor, settled);
    snapshot = actor.getSnapshot();
    expect(phaseOf(snapshot)).toBe('ready');
    expect(snapshot.context.errorKey).toBeNull();
    expect(snapshot.context.accounts).toMatchObject({ isPublicError: false, isExternalError: false });
  });

  it('without its accounts the list waits for a retry', async () => {
    const { actor, lists } = start({ accounts: [failure('error.network', 0), { ok: true, data: accountTree }] });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().matches('accountsFailed')).toBe(true);
    expect(actor.getSnapshot().context.errorKey).toBe('error.aed.accounts');
    expect(lists).toHaveLength(0);
    actor.send({ type: 'accounts.retry' });
    await waitFor(actor, (snapshot) => phaseOf(snapshot) === 'ready');
    expect(lists).toHaveLength(1);
  });
});
