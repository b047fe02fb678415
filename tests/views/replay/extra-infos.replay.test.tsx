import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import { AppProviders } from '../../../src/views/app/app-providers';
import { appRoutes } from '../../../src/views/routes/app-routes';
import { signInPath } from '../../../src/views/routes/guards';
import { pathModel } from '../../machines/extra-infos.samples';
import '../render-app';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The sign-in information load replayed on the app's first screen, the sign-in page (nobody is
 * stored in the browser): a failed load says so there, with a way to ask again.
 */
describeScreenReplay<typeof extraInfosMachine>({
  model: pathModel,
  render: (machine) =>
    void render(
      <AppProviders extraInfosLogic={machine}>
        <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [signInPath] })} />
      </AppProviders>,
    ),
  endpoints: { loadExtraInfos: 'auth.getExtraInfos' },
  gestures: { 'extraInfos.retry': () => fireEvent.click(screen.getByRole('button', { name: englishOf('auth.sign-in.infos-retry') })) },
});
