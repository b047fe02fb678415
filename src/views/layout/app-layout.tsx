import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { OngoingAlertsBanner } from '../alert/ongoing-alerts-banner';
import { isConfiguratorOpen } from '../../machines/layout/layout.selectors';
import { LayoutActor } from '../app/actor-contexts';
import { AppFooter } from './app-footer';
import { Navbar } from './navbar';
import { NewsBanner } from './news-banner';
import { SideMenu } from './side-menu';

/** "Your settings" downloads when it is first opened, not with every first screen. */
const Configurator = lazy(() => import('./configurator').then((module) => ({ default: module.Configurator })));

/** The dashboard frame of every screen: content with its top bar and footer, the side menu on the right, the configurator. */
export function AppLayout() {
  const layout = LayoutActor.useActorRef();
  const settings = LayoutActor.useSelector((snapshot) => snapshot.context.settings);
  const configuring = LayoutActor.useSelector(isConfiguratorOpen);
  useEffect(() => layout.send({ type: 'layout.use', layout: 'dashboard' }), [layout]);
  return (
    <div className={`app-frame accent-${settings.sidenavColor}`}>
      <div className="app-main">
        <Navbar />
        <main className="app-content">
          <NewsBanner />
          <OngoingAlertsBanner />
          <Outlet />
        </main>
        <AppFooter />
      </div>
      <SideMenu />
      {configuring ? (
        <Suspense fallback={null}>
          <Configurator />
        </Suspense>
      ) : null}
    </div>
  );
}
