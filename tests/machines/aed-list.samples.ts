import type { AnyMachineSnapshot } from 'xstate';
import { aedListMachine } from '../../src/machines/aed-list/aed-list.machine';
import type { AedListContext } from '../../src/machines/aed-list/aed-list.types';
import { accountTree, aedItem, failure, listPage, managedAccounts, mapClusters, viewport } from './aed-list.fixtures';
import { definePathModel, type EventSamples } from './kit';

/** Model of the AED list machine for `npm run test:paths` and tests/machines/aed-list.model.test.ts. */

const deleteSample = aedItem(1).udid;

export const aedListEvents = {
  // Back to the list is the same transition; the journeys cover it.
  'view.change': [{ type: 'view.change', view: 'map' }],
  'account.select': [{ type: 'account.select', id: '2', withChild: false }],
  'account.selectAsync': [
    { type: 'account.selectAsync', id: '1' },
    { type: 'account.selectAsync', id: '2' },
  ],
  'account.addTemporary': [{ type: 'account.addTemporary', name: 'Import of 1 March' }],
  'account.deleteTemporary': [{ type: 'account.deleteTemporary' }],
  'page.change': [{ type: 'page.change', page: 1 }],
  'limit.change': [{ type: 'limit.change', limit: 100 }],
  'order.change': [{ type: 'order.change', order: 'name', orderSort: 'asc' }],
  'filter.add': [{ type: 'filter.add', entries: [{ type: 'ADVANCED', tag: 'unlink.geodae', value: true }] }],
  'filter.remove': [{ type: 'filter.remove', entry: { type: 'ADVANCED', tag: 'unlink.geodae' } }],
  'filter.clear': [{ type: 'filter.clear' }],
  'map.viewport': [{ type: 'map.viewport', viewport }],
  'aed.delete': [{ type: 'aed.delete', udid: deleteSample }],
  'list.export': [{ type: 'list.export' }],
  'list.reload': [{ type: 'list.reload' }],
  'accounts.retry': [{ type: 'accounts.retry' }],
} satisfies EventSamples<typeof aedListMachine>;

/** Only what guards read: the state, the view, whether a viewport is known, and what a delete depends on. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as AedListContext;
  const deletable = snapshot.matches({ showing: { data: { list: 'idle' } } }) || snapshot.matches({ showing: { data: { list: 'deleting' } } });
  const onPage = context.aeds.list.some((item) => item.udid === deleteSample);
  return JSON.stringify({
    value: snapshot.value,
    view: context.view,
    viewport: context.viewport !== null,
    firstPage: context.pages === 0,
    // Whether the sampled AED is on the page, and alone, matter to a delete only (a reload replaces the page).
    page: deletable ? { onPage, alone: onPage && context.aeds.list.length === 1 } : null,
  });
}

export const pathModel = definePathModel({
  machine: aedListMachine,
  input: { lang: 'en' },
  events: aedListEvents,
  actors: {
    loadAccounts: { done: [{ ok: true, data: accountTree }, failure('error.aed.accounts')], error: [new Error('boom')] },
    loadManagedAccounts: { done: [{ ok: true, data: managedAccounts }, failure('error.network', 0)], error: [new Error('boom')] },
    loadList: { done: [{ ok: true, data: listPage(1) }, { ok: true, data: listPage(2) }, failure('error.aed.list')], error: [new Error('boom')] },
    loadMap: { done: [{ ok: true, data: mapClusters }, failure('error.aed.map')], error: [new Error('boom')] },
    softDelete: { done: [{ ok: true, data: { udid: aedItem(1).udid, idSite: 1 } }, failure('error.aed.availability-not-compliant', 409)], error: [new Error('boom')] },
    exportList: { done: [{ ok: true, data: new Blob(['xlsx']) }, failure('error.aed.export-timeout')], error: [new Error('boom')] },
  },
  serializeState,
});
