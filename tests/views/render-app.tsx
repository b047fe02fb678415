import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach } from 'vitest';
import { fromPromise } from 'xstate';
import type { ThirdAccess } from '../../src/services/account.api';
import type { ExtraInfos } from '../../src/services/auth.api';
import type { Result } from '../../src/services/http';
import type { SessionUser } from '../../src/services/storage';
import type { Credentials } from '../../src/machines/session/session.types';
import { extraInfosMachine } from '../../src/machines/extra-infos/extra-infos.machine';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { AppProviders } from '../../src/views/app/app-providers';
import { appRoutes } from '../../src/views/routes/app-routes';

/** jsdom has no layout: every media query answers "no", so the window counts as wide. */
function stubMatchMedia() {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});
afterEach(() => cleanup());

export function userOf(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    token: 'token-1',
    expiresIn: 3600,
    id: 1,
    idGroup: 1,
    siteId: 1,
    accountName: 'SDIS 63 — Puy-de-Dôme',
    accountLogo: '/logos/sdis63.svg',
    defaultLanguage: 'en_US',
    email: 'admin@vigil.test',
    username: 'admin',
    firstName: 'Alice',
    lastName: 'Martin',
    accountConfigured: true,
    ...overrides,
  };
}

export const extraInfos: ExtraInfos = {
  thirdParty: { enabled: false, label: 'Single sign-on', url: null },
  env: 'test',
  basemap: { archive: null, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Test tiles', maxZoom: 19, outlinesUrl: '/tiles/outlines.json', communesUrl: '/tiles/communes.json' },
  analyticsUrl: '',
  errorReportingUrl: '',
  wsPath: '/services/ws',
};

interface AppOptions {
  path: string;
  /** What the sign-in call answers. */
  signIn?: Result<SessionUser>;
  infos?: ExtraInfos;
}

/** The whole SPA on a memory router, its calls answered by stubs; `signInCalls` records what was sent. */
export function renderApp({ path, signIn = { ok: true, data: userOf() }, infos = extraInfos }: AppOptions) {
  const signInCalls: Credentials[] = [];
  const session = sessionMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }: { input: Credentials }) => {
        signInCalls.push(input);
        return signIn;
      }),
      listAccounts: fromPromise(async (): Promise<Result<ThirdAccess>> => ({ ok: true, data: { accountList: [], selectedAccount: 1 } })),
    },
  });
  const loadInfos = extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: infos })) } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders sessionLogic={session} extraInfosLogic={loadInfos}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, signInCalls };
}
