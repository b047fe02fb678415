import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AnyActor, AnyStateMachine } from 'xstate';
import { fromPromise } from 'xstate';
import type { aedListMachine } from '../../../src/machines/aed-list/aed-list.machine';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { inspection } from '../../../src/services/inspection';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import AedListPage from '../../../src/views/aed/aed-list-page';
import { accountTree, listPage } from '../../machines/aed-list.fixtures';
import { pathModel } from '../../machines/aed-list.samples';
import { extraInfos, userOf } from '../render-app';
import { FakeApi } from './fake-api';
import { need, steps, type Step } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The AED list chart replayed on /aed/list (table, map, account selector, advanced search, filter
 * chips, export), signed in as an administrator of the DEFAULT_ADMIN account of the fixtures. The
 * list page runs its own machine. Some events are offered only once the screen shows what they act
 * on (pages once a page is there, a filter's chip once it is set, the list's retry once a load
 * failed): their gestures first bring the screen there the way a person would, with the server's
 * answers the chart's samples give.
 */

/** The fake API of the path running (a gesture that needs an answer in the middle gives it). */
let api: FakeApi | undefined;
const install = FakeApi.prototype.install;
FakeApi.prototype.install = function (this: FakeApi) {
  api = this; // eslint-disable-line @typescript-eslint/no-this-alias
  return install.call(this);
};

/** The page's list actor (the page makes its own): for the one event its screen cannot make. */
const listActor = () => inspection.liveRefs().find((ref: AnyActor) => (ref.logic as AnyStateMachine).id === 'aedList')!;

const button = (key: string) => screen.getByRole('button', { name: englishOf(key) });
const firstPage = listPage(2);

/** The pending first page answered as the samples do, so the table offers what acts on it. */
const answerPage: Step = () => void api!.answer('aed.getAllList', { ok: true, data: firstPage });
const tickUnlinked: Step[] = [
  () => fireEvent.click(screen.getByTestId('advanced-search-open')),
  () => fireEvent.click(need(document.getElementById('adv-unlink'), 'the advanced search')),
  () => fireEvent.click(screen.getByTestId('advanced-search-apply')),
];
const viewButton = (view: string) => need(document.querySelector(`[data-view="${view}"]`), `the ${view} switch`).closest<HTMLElement>('[role="button"], .p-button')!;

describeScreenReplay<typeof aedListMachine>({
  model: pathModel,
  render: () => {
    writeUser(toStoredUser(userOf()));
    URL.createObjectURL = () => 'blob:vigil.test/export';
    URL.revokeObjectURL = () => undefined;
    const router = createMemoryRouter([{ path: '/aed/list', element: <AedListPage /> }], { initialEntries: ['/aed/list'] });
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  },
  endpoints: {
    loadAccounts: 'aed.getAccountListWithAedCount',
    loadManagedAccounts: 'account.getSelectAccountList',
    loadList: 'aed.getAllList',
    loadMap: 'aed.getAedsMap',
    softDelete: 'aed.softDelete',
    exportList: 'aed.exportAeds',
  },
  // A failure without a status is a request that got no response.
  toServer: { loadManagedAccounts: (outcome) => (outcome !== 'network' && !outcome.ok && !outcome.status ? 'network' : outcome) },
  standing: { 'aed.getOptionsModules': { ok: true, data: {} } },
  gestures: {
    'accounts.retry': () => fireEvent.click(button('aed.common.retry')),
    // The switch offers the other view only: already on it, back to the list first.
    'view.change': (event) =>
      steps(
        () => viewButton(event.view).getAttribute('aria-pressed') === 'true' && fireEvent.click(viewButton(event.view === 'map' ? 'list' : 'map')),
        () => fireEvent.click(viewButton(event.view)),
      ),
    'account.select': (event) =>
      steps(
        () => fireEvent.click(document.getElementById('aed-account')!.closest('.p-dropdown')!),
        () => {
          const name = accountTree.find((account) => String(account.id) === event.id)!.name;
          fireEvent.click(need(screen.queryAllByRole('option', { hidden: true }).find((option) => option.textContent?.includes(name)), name));
        },
      ),
    'account.selectAsync': (event) => {
      const defaultAdmin = accountTree.find((account) => account.tag === 'DEFAULT_ADMIN')!;
      if (String(defaultAdmin.id) === event.id) return fireEvent.click(button('aed.accounts.managed'));
      // The screen brings in the managed accounts of the DEFAULT_ADMIN account only: any other
      // account asked that way is the chart's own fallback, reached through the page's actor.
      listActor().send(event);
    },
    'account.addTemporary': (event) =>
      steps(
        () => fireEvent.click(screen.getByTestId('temporary-add')),
        () => fireEvent.change(need(document.getElementById('aed-temporary-name'), 'the name field'), { target: { value: event.name } }),
        () => fireEvent.click(button('aed.accounts.add-temporary')),
      ),
    // Removing a temporary account is offered once there is one.
    'account.deleteTemporary': () =>
      steps(
        () => !screen.queryByTestId('temporary-remove') && fireEvent.click(screen.getByTestId('temporary-add')),
        () => screen.queryByTestId('temporary-remove') ?? fireEvent.change(need(document.getElementById('aed-temporary-name'), 'the name field'), { target: { value: 'Import of 1 March' } }),
        () => screen.queryByTestId('temporary-remove') ?? fireEvent.click(button('aed.accounts.add-temporary')),
        () => fireEvent.click(need(screen.queryByTestId('temporary-remove'), 'the remove button')),
      ),
    // The pages are offered once the first page is there.
    'page.change': (event) =>
      steps(answerPage, () => fireEvent.click(need([...document.querySelectorAll<HTMLElement>('.p-paginator-page')].find((page) => page.textContent?.trim() === String(event.page + 1)), `page ${event.page + 1}`))),
    'limit.change': (event) =>
      steps(
        answerPage,
        () => fireEvent.click(need(document.querySelector('.p-paginator .p-dropdown'), 'the page size')!),
        () => fireEvent.click(need(screen.queryAllByRole('option', { hidden: true }).find((option) => option.textContent?.trim() === String(event.limit)), `${event.limit} a page`)),
      ),
    'order.change': (event) => {
      const header = screen.getAllByRole('columnheader').find((cell) => cell.textContent?.includes(englishOf(`aed.field.${event.order}`)))!;
      fireEvent.click(header);
    },
    'filter.add': () => steps(...tickUnlinked),
    // A filter's chip, and the clearing of all, are offered once a filter is set.
    'filter.remove': (event) =>
      steps(...tickUnlinked, () => fireEvent.click(need(document.querySelector(`[data-filter="${event.entry.type}:${event.entry.tag}"] .p-chip-remove-icon`), 'the chip'))),
    'filter.clear': () => steps(...tickUnlinked, () => fireEvent.click(need(screen.queryByRole('button', { name: englishOf('aed.filter.clear') }), 'the clear button'))),
    // The map tells its viewport by itself once drawn (and after each pan or zoom).
    'map.viewport': () => undefined,
    'aed.delete': (event) =>
      steps(
        () => {
          const name = firstPage.list.find((aed) => aed.udid === event.udid)?.name ?? '';
          const row = need(screen.queryAllByTestId('aed-link').find((link) => link.textContent?.includes(name)), 'the row').closest('tr')!;
          fireEvent.click(within(row).getByRole('button', { name: englishOf('aed.delete.action') }));
        },
        () => fireEvent.click(within(need(document.querySelector<HTMLElement>('.p-confirm-popup'), 'the confirm popup')).getByRole('button', { name: englishOf('aed.delete.action'), hidden: true })),
      ),
    'list.export': () => fireEvent.click(screen.getByTestId('aed-export')),
    // Reloading is offered once a load failed (or hours were applied to a selection).
    'list.reload': () =>
      steps(
        () => void api!.answer('aed.getAllList', { ok: false, key: 'error.aed.list', status: 503 }),
        () => fireEvent.click(need(screen.queryByRole('button', { name: englishOf('aed.common.retry') }), 'the retry button')),
      ),
  },
});
