import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { layoutMachine } from '../../../src/machines/layout/layout.machine';
import type { LayoutSettings } from '../../../src/machines/layout/layout.types';
import { toStoredUser, writeLanguageChoice, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import { appRoutes } from '../../../src/views/routes/app-routes';
import { pathModel } from '../../machines/layout.samples';
import { extraInfos, userOf } from '../render-app';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The layout chart replayed on the app frame of a signed-in super administrator (on the audit log):
 * the side-menu toggle, "Your settings" opened, changed, reset and closed, and a page outside the
 * frame.
 */

// "Your settings" loads on demand: loaded once here, the panel renders as soon as it is opened.
await import('../../../src/views/layout/configurator');

let router: ReturnType<typeof createMemoryRouter> | undefined;

const click = (key: string) => screen.findAllByRole('button', { name: englishOf(key) }).then((found) => fireEvent.click(found[0]!));

/** Picks each setting in the open panel, as a person does. */
async function configure(settings: Partial<LayoutSettings>): Promise<void> {
  for (const [setting, value] of Object.entries(settings)) {
    if (setting === 'sidenavColor') await click(`configurator.color.${String(value)}`);
    else if (setting === 'direction') fireEvent.click(await screen.findByText(englishOf(`configurator.direction.${String(value)}`)));
    else fireEvent.click(await screen.findByLabelText(englishOf(`configurator.${setting.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`)));
  }
}

/** The panel's own close button. */
async function closeConfigurator(): Promise<void> {
  fireEvent.click((await screen.findByTestId('configurator')).closest('.p-sidebar')!.querySelector('.p-sidebar-close')!);
}

describeScreenReplay<typeof layoutMachine>({
  model: pathModel,
  render: (machine) => {
    writeLanguageChoice('en_US');
    writeUser(toStoredUser(userOf({ idGroup: 1 })));
    router = createMemoryRouter(appRoutes, { initialEntries: ['/admin/audit'] });
    render(
      <AppProviders layoutLogic={machine}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  },
  standing: { 'auth.getExtraInfos': { ok: true, data: extraInfos } },
  gestures: {
    'layout.toggleSidenav': async () => fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^(${englishOf('layout.menu.open')}|${englishOf('layout.menu.close')})$`) })),
    'layout.openConfigurator': () => click('configurator.title'),
    'layout.closeConfigurator': closeConfigurator,
    // Settings are changed in "Your settings": opened, set, closed again (once the panel has rendered, after the click).
    'layout.configure': async ({ settings }) => {
      await click('configurator.title');
      void configure(settings).then(closeConfigurator);
    },
    'layout.reset': () => click('configurator.reset'),
    // A page outside the app frame (the password reset page), opened while signed in.
    'layout.use': async ({ layout }) => {
      if (layout !== 'page') throw new Error('the replay opens only a page outside the frame');
      await router!.navigate('/authentication/reset-password');
    },
  },
});
