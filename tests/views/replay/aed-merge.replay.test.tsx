import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { aedMergeMachine } from '../../../src/machines/aed-merge/aed-merge.machine';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { AppProviders } from '../../../src/views/app/app-providers';
import AedFormPage from '../../../src/views/aed/aed-form-page';
import AedListPage from '../../../src/views/aed/aed-list-page';
import { pathModel } from '../../machines/aed-merge.samples';
import { extraInfos } from '../render-app';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The merge chart replayed on /aed/list?merge=udid,udid (the list page opens the merge screen,
 * which runs its own machine); once merged, the screen opens the merged AED's form. Another set of
 * AEDs is another address: `merge.open` is the page going to it.
 */

let router: ReturnType<typeof createMemoryRouter> | undefined;

describeScreenReplay<typeof aedMergeMachine>({
  model: pathModel,
  render: () => {
    router = createMemoryRouter(
      [
        { path: '/aed/list', element: <AedListPage /> },
        { path: '/aed/form/update/:udid', element: <AedFormPage /> },
      ],
      { initialEntries: [`/aed/list?merge=${pathModel.input!.udids.join(',')}`] },
    );
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  },
  endpoints: { loadInfo: 'aed.mergeInfo', merge: 'aed.mergeAeds' },
  gestures: {
    'merge.open': (event) => router!.navigate(`/aed/list?merge=${event.udids.join(',')}`),
    'merge.prefer': (event) => fireEvent.click(document.getElementById(`prefer-${event.udid}`)!),
    'merge.choose': (event) => {
      // Only the values of the AEDs in the merge are offered: for another AED there is nothing to pick.
      const choice = document.getElementById(`choice-${event.field}-${event.udid}`);
      if (choice) fireEvent.click(choice);
    },
    'merge.submit': () => fireEvent.click(screen.getByTestId('merge-submit')),
    'merge.confirm': () => fireEvent.click(screen.getByTestId('merge-confirm')),
    'merge.cancel': () => fireEvent.click(screen.getByRole('button', { name: englishOf('aed.merge.confirm-back'), hidden: true })),
    'merge.retry': () => fireEvent.click(screen.getByRole('button', { name: englishOf('aed.common.retry') })),
  },
});

