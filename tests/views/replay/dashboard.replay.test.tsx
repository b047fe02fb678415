import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { endpoints } from '../../../contract/endpoints';
import type { dashboardMachine } from '../../../src/machines/dashboard/dashboard.machine';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import { DashboardActor } from '../../../src/views/dashboard/dashboard-actors';
import { DashboardScreen } from '../../../src/views/dashboard/dashboard-view-page';
import { ok } from '../../machines/history.fixtures';
import { pathModel } from '../../machines/dashboard.samples';
import { extraInfos, userOf } from '../render-app';
import { currentApi } from './current-api';
import type { FakeAnswer } from './fake-api';
import { need, steps } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The dashboard chart replayed on /dashboard (tabs, site filter, departure switch, refresh), signed
 * in as a super administrator (the Admin tab is offered). The referent and tech tabs also run the
 * indicators of their cards (replayed apart on the alert reporting page, indicators.replay.test.tsx): here every indicator
 * request gets no response, and the indicators' own account list (the same request as the
 * dashboard's, asked first) is answered without the server, so the one the chart waits for is the
 * dashboard's.
 */
// jsdom draws no chart and no heat (no canvas, no layout): a chart is its labelled frame only, a heatmap its map.
vi.mock('../../../src/components/charts/apex', () => ({ ApexChart: () => null }));
vi.mock('../../../src/components/map/heatmap-layer', () => ({ HeatmapLayer: () => null }));
vi.mock('../../../src/machines/dashboard/indicators.actors', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/machines/dashboard/indicators.actors')>();
  const { fromPromise: promised } = await import('xstate');
  return { indicatorsActors: { ...real.indicatorsActors, loadSites: promised(async () => ({ ok: true as const, data: [] })) } };
});

/** The router of the path running: an address typed by a person (an unknown dashboard) goes through it. */
let router: ReturnType<typeof createMemoryRouter> | undefined;

const sites = [
  { id: 1, name: 'SDIS 63', kind: 'internal' as const, tag: null, logo: null, country: 'FR', parentId: null },
  { id: 2, name: 'Clermont-Ferrand', kind: 'internal' as const, tag: null, logo: null, country: 'FR', parentId: 1 },
];

const noIndicators: Record<string, FakeAnswer> = Object.fromEntries(Object.keys(endpoints.indicator).map((name) => [`indicator.${name}`, 'network' as const]));

const tab = (view: string) => screen.getByRole('tab', { name: englishOf(`dashboard.tab.${view}`) });

describeScreenReplay<typeof dashboardMachine>({
  model: pathModel,
  render: (machine, clock) => {
    writeUser(toStoredUser(userOf({ idGroup: 1 })));
    router = createMemoryRouter(
      [
        {
          path: '/dashboard',
          element: (
            <DashboardActor.Provider logic={machine} options={{ input: { isSuperAdmin: true }, clock }}>
              <DashboardScreen />
            </DashboardActor.Provider>
          ),
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  },
  endpoints: {
    loadSites: 'account.getAccountList',
    loadStats: 'dashboard.getStatsReferentDashboard',
    loadCallActions: 'callback.getCallActions',
    loadAccountStats: 'dashboard.getAccountStats',
  },
  standing: noIndicators,
  gestures: {
    // The tabs write the view in the address; an unknown one is only reached by typing it there.
    'view.choose': ({ view }) => (['referent', 'tech', 'admin'].includes(view) ? fireEvent.click(tab(view)) : void router!.navigate(`/dashboard?view=${view}`)),
    // The filter offers the accounts once they are listed: a person picks after that answer.
    'site.choose': ({ site }) =>
      steps(
        () => void currentApi().answer('account.getAccountList', ok(sites)),
        () => {
          if (site === null) return fireEvent.click(need(document.querySelector<HTMLElement>('[data-testid="dashboard-site"] .p-dropdown-clear-icon'), 'the clear icon'));
          fireEvent.click(screen.getByTestId('dashboard-site'));
        },
        () => site === null || fireEvent.click(need(screen.queryAllByRole('option', { hidden: true }).find((option) => option.textContent === sites.find((account) => account.id === site)!.name), 'the account')),
      ),
    'departure.switch': ({ value }) => fireEvent.click(screen.getByText(englishOf(`dashboard.departures.switch.${value}`))),
    'dashboard.refresh': () => fireEvent.click(screen.getByRole('button', { name: englishOf('history.refresh') })),
  },
});
