import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { aedBulkHoursMachine } from '../../../src/machines/aed-bulk-hours/aed-bulk-hours.machine';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import AedListPage from '../../../src/views/aed/aed-list-page';
import { pathModel } from '../../machines/aed-bulk-hours.samples';
import { accountTree, aedItem, listPage } from '../../machines/aed-list.fixtures';
import { extraInfos, userOf } from '../render-app';
import { need, steps } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The "hours of the selection" chart replayed on the AED list (/aed/list, signed in as an
 * administrator): the AEDs of the samples are the list's rows, ticked in the table before the
 * button opens the dialog. The list's own calls are standing answers.
 */

const udids = pathModel.events['hours.open'][0]!.udids;
const page = listPage(udids.length);
page.list = udids.map((udid, index) => aedItem(index + 1, { udid, name: `DAE ${index + 1}` }));

describeScreenReplay<typeof aedBulkHoursMachine>({
  model: pathModel,
  render: () => {
    writeUser(toStoredUser(userOf()));
    const router = createMemoryRouter([{ path: '/aed/list', element: <AedListPage /> }], { initialEntries: ['/aed/list'] });
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  },
  endpoints: { saveHours: 'aed.bulkHours' },
  standing: {
    'aed.getAccountListWithAedCount': { ok: true, data: accountTree },
    'aed.getAllList': { ok: true, data: page },
    'aed.getOptionsModules': { ok: true, data: {} },
    'account.getSelectAccountList': { ok: true, data: [] },
  },
  gestures: {
    'hours.open': (event) =>
      steps(
        ...event.udids.map((udid) => () => {
          const row = need(screen.queryByRole('link', { name: page.list.find((aed) => aed.udid === udid)!.name }), 'the row of the AED').closest('tr')!;
          fireEvent.click(row.querySelector('input[type="checkbox"]')!);
        }),
        () => fireEvent.click(screen.getByTestId('bulk-hours-open')),
      ),
    'hours.alwaysOpened': (event) => fireEvent.click(document.getElementById(event.value ? 'bulk-hours-always' : 'bulk-hours-week')!),
    'hours.day': (event) => fireEvent.click(document.getElementById(`bulk-hours-day-${event.day}`)!),
    'hours.time': (event) => fireEvent.change(screen.getByTestId(event.part === 'open' ? 'bulk-hours-from' : 'bulk-hours-to'), { target: { value: event.value } }),
    'hours.apply': () => fireEvent.click(screen.getByTestId('bulk-hours-apply')),
    'hours.cancel': () => fireEvent.click(within(screen.getByTestId('bulk-hours-apply').closest('.p-dialog')!).getByRole('button', { name: englishOf('aed.common.cancel'), hidden: true })),
  },
});
