import { Navigate, type RouteObject } from 'react-router-dom';
import { screens, type ScreenName } from '../../../contract/access';
import { RootShell } from '../app/root-shell';
import { RouteErrorPage } from '../system/route-error-page';
import { defaultPath, RequireSession, ScreenGuard, SignedOutOnly, signInPath } from './guards';
import { lazyPage } from './lazy-page';
import { screenPages } from './screen-pages';

/** What a route carries for the layout (title of the top bar, active menu link). */
export interface RouteHandle {
  screen: ScreenName;
}

const screenRoutes: RouteObject[] = (Object.keys(screens) as ScreenName[]).map((screen) => ({
  path: screens[screen].path,
  element: <ScreenGuard screen={screen} />,
  handle: { screen } satisfies RouteHandle,
  children: [{ index: true, lazy: lazyPage(screenPages[screen], 'app') }],
}));

/** Every route of spec §2: auth screens for signed-out visitors, the rest behind the session and the group's route set. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    // The first screen loads on demand: nothing to show until it has.
    hydrateFallbackElement: <></>,
    children: [
      { element: <SignedOutOnly />, children: [{ path: signInPath, lazy: lazyPage(() => import('../auth/sign-in-page')) }] },
      { path: '/authentication/reset-password', lazy: lazyPage(() => import('../auth/reset-password-page')) },
      { path: '/authentication/renew-password', lazy: lazyPage(() => import('../auth/renew-password-page')) },
      {
        element: <RequireSession />,
        children: [
          { path: defaultPath, lazy: lazyPage(() => import('./default-landing').then((module) => ({ default: module.DefaultLanding })), 'app') },
          // The live inspector rides above every signed-in screen, for the groups allowed. Both load
          // with the first signed-in screen: the sign-in route downloads neither.
          {
            lazy: lazyPage(() => import('../inspector/inspector-host').then((module) => ({ default: module.InspectorHost })), 'app'),
            children: [{ lazy: lazyPage(() => import('../layout/app-layout').then((module) => ({ default: module.AppLayout })), 'app'), children: screenRoutes }],
          },
        ],
      },
      { path: '*', element: <Navigate to={defaultPath} replace /> },
    ],
  },
];
