import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { testersMachine } from '../../../src/machines/testers/testers.machine';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { TesterManagementScreen } from '../../../src/views/alert/tester-management-page';
import { AppProviders } from '../../../src/views/app/app-providers';
import { TestersActor } from '../../../src/views/testers/testers-actor';
import type { VirtualClock } from '../../machines/kit-replay';
import { leaHit } from '../../machines/tester.fixtures';
import { pathModel } from '../../machines/testers.samples';
import { extraInfos, userOf } from '../render-app';
import { currentApi } from './current-api';
import { need, steps } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The tester management chart replayed on /alert/testerManagement: the testers' list with reload
 * and retry, removal through its confirmation and the test send on a row, the phone search typed
 * (asked once the typing pauses, from 2 characters) and a phone added from its hits.
 */

/** The clock of the path running: a gesture that searches lets the typing pause on it. */
let clock: VirtualClock | undefined;

const row = (udid: string) => need(document.querySelector<HTMLElement>(`[data-testid="tester-row"][data-udid="${udid}"]`), `the row of ${udid}`).closest('tr')!;
const type = (text: string) => fireEvent.change(document.getElementById('tester-search')!, { target: { value: text } });

describeScreenReplay<typeof testersMachine>({
  model: pathModel,
  render: (machine, virtualClock) => {
    clock = virtualClock;
    writeUser(toStoredUser(userOf()));
    const router = createMemoryRouter(
      [
        {
          path: '/alert/testerManagement',
          element: (
            <TestersActor.Provider logic={machine} options={{ clock: virtualClock }}>
              <TesterManagementScreen />
            </TestersActor.Provider>
          ),
        },
      ],
      { initialEntries: ['/alert/testerManagement'] },
    );
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  },
  endpoints: { loadTesters: 'tester.getFilterTester', search: 'tester.search', toggle: 'tester.subUnsub', notifyTester: 'tester.notifForTester' },
  gestures: {
    // An empty text is made by clearing what is typed (something is typed first when nothing is).
    'search.change': ({ text }) =>
      steps(
        () => text === '' && (document.getElementById('tester-search') as HTMLInputElement).value === '' && type('M'),
        () => type(text),
      ),
    'testers.reload': () => fireEvent.click(screen.queryByRole('button', { name: englishOf('notification.common.retry') }) ?? screen.getByRole('button', { name: englishOf('notification.list.refresh') })),
    // A tester is removed from the list (through its confirmation); a phone that is not one is
    // added from the search's hits: searched first, the server answering with it.
    'tester.toggle': ({ udid }) =>
      document.querySelector(`[data-testid="tester-row"][data-udid="${udid}"]`)
        ? steps(
            () => fireEvent.click(within(row(udid)).getByRole('button', { name: englishOf('tester.remove.action') })),
            () =>
              fireEvent.click(within(need(document.querySelector<HTMLElement>('.p-confirm-popup'), 'the confirm popup')).getByRole('button', { name: englishOf('tester.remove.action'), hidden: true })),
          )
        : steps(
            () => type(leaHit.name.slice(0, 3)),
            () => void clock!.fireNext(),
            () => need(currentApi().answer('tester.search', { ok: true, data: [{ ...leaHit, udid }] }) || null, 'the search request'),
            () => fireEvent.click(need(document.querySelector<HTMLElement>(`[data-testid="tester-hit"][data-udid="${udid}"] [data-testid="hit-add"]`), 'the hit’s add button')),
          ),
    'tester.notify': ({ udid }) => fireEvent.click(within(row(udid)).getByRole('button', { name: englishOf('tester.notify.action') })),
  },
});
