import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AnyActor, AnyStateMachine } from 'xstate';
import { fromCallback, fromPromise } from 'xstate';
import type { notificationListMachine } from '../../../src/machines/notification-list/notification-list.machine';
import type { SiteOption } from '../../../src/machines/notification-list/notification-list.types';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { inspection } from '../../../src/services/inspection';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { NotificationListScreen } from '../../../src/views/admin/notification-list-page';
import { AppProviders } from '../../../src/views/app/app-providers';
import { NotificationListActor } from '../../../src/views/notification/notification-actors';
import { pathModel } from '../../machines/notification-list.samples';
import { extraInfos, userOf } from '../render-app';
import type { FakeAnswer } from './fake-api';
import { need, steps } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The notification list chart replayed on /admin/notification/list: the OS filter, pages, refresh
 * and retry, and on a row stop, delete (through its confirmation) and duplicate, with every answer.
 * The live REFRESH_NOTIFS of the socket is not under test here (no socket in jsdom): the refresh
 * button makes the same event.
 */

/** The page's list actor: for a page the paginator does not offer yet (see page.change). */
const listActor = () => inspection.liveRefs().find((ref: AnyActor) => (ref.logic as AnyStateMachine).id === 'notificationList')!;

/** The row of a notification, by id. */
const row = (id: number) => need(document.querySelector<HTMLElement>(`[data-testid="notification-row"][data-id="${id}"]`), `row ${id}`).closest('tr')!;

/** A failure without a status is a request that got no response. */
const noStatusIsNoResponse = (outcome: FakeAnswer): FakeAnswer => (outcome !== 'network' && !outcome.ok && !outcome.status ? 'network' : outcome);

describeScreenReplay<typeof notificationListMachine>({
  model: pathModel,
  render: (machine, clock) => {
    writeUser(toStoredUser(userOf()));
    const router = createMemoryRouter(
      [
        {
          path: '/admin/notification/list',
          element: (
            <NotificationListActor.Provider logic={machine} options={{ clock }}>
              <NotificationListScreen />
            </NotificationListActor.Provider>
          ),
        },
      ],
      { initialEntries: ['/admin/notification/list'] },
    );
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  },
  provide: { actors: { listenRefresh: fromCallback<{ type: 'list.refresh' }>(() => undefined) } },
  endpoints: {
    loadPage: 'notification.getAdminNotifications',
    loadSites: 'account.getAccountList',
    // The site list is asked by the machine's root, whose invocations the chart names by their index.
    '1.notificationList': 'account.getAccountList',
    toggle: 'notification.playOrStopNotification',
    remove: 'notification.deleteAdminNotification',
    duplicate: 'notification.duplicateDraft',
  },
  toServer: {
    loadPage: noStatusIsNoResponse,
    // The applications are the accounts the server lists (external registers left out by the screen).
    loadSites: (outcome) =>
      outcome !== 'network' && outcome.ok ? { ok: true, data: (outcome.data as SiteOption[]).map((site) => ({ ...site, kind: 'internal', tag: null, logo: null, country: 'FR', parentId: null })) } : outcome,
  },
  gestures: {
    'filter.change': ({ filter }) =>
      steps(
        () => fireEvent.click(document.getElementById('filter-os')!.closest('.p-dropdown')!),
        () => fireEvent.click(need(screen.queryAllByRole('option', { hidden: true }).find((option) => option.textContent?.trim() === englishOf(`notification.os.${filter.osDevice}`)), filter.osDevice ?? 'the OS')),
      ),
    // The paginator offers another page once a page of more than 20 is listed; before that (the
    // first load under way or failed) the screen has no way to it, and the event goes to the page's actor.
    'page.change': (event) => {
      const link = [...document.querySelectorAll<HTMLElement>('.p-paginator-page')].find((page) => page.textContent?.trim() === String(event.page + 1));
      if (link) fireEvent.click(link);
      else listActor().send(event);
    },
    'list.refresh': () => {
      const retry = screen.queryByRole('button', { name: englishOf('notification.common.retry') });
      fireEvent.click(retry ?? screen.getByTestId('notification-refresh'));
    },
    // Stop on an activated notification, activate on a stopped one.
    'notification.toggle': ({ id }) => {
      const labels = [englishOf('notification.stop.action'), englishOf('notification.play.action')];
      fireEvent.click(need(within(row(id)).queryAllByRole('button').find((button) => labels.includes(button.getAttribute('aria-label') ?? '')), 'the stop or activate button'));
    },
    'notification.delete': ({ id }) =>
      steps(
        () => fireEvent.click(within(row(id)).getByRole('button', { name: englishOf('notification.delete.action') })),
        () =>
          fireEvent.click(within(need(document.querySelector<HTMLElement>('.p-confirm-popup'), 'the confirm popup')).getByRole('button', { name: englishOf('notification.delete.action'), hidden: true })),
      ),
    'notification.duplicate': ({ id }) => fireEvent.click(within(row(id)).getByRole('button', { name: englishOf('notification.duplicate.action') })),
  },
});
