import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { OngoingAlertsBanner } from '../alert/ongoing-alerts-banner';
import { LayoutActor } from '../app/actor-contexts';
import { AppFooter } from './app-footer';
import { Configurator } from './configurator';
import { Navbar } from './navbar';
import { NewsBanner } from './news-banner';
import { SideMenu } from './side-menu';

/** The dashboard frame of every screen: content with its top bar and footer, the side menu on the right, the configurator. */
export function AppLayout() {
  const layout = LayoutActor.useActorRef();
  const settings = LayoutActor.useSelector((snapshot) => snapshot.context.settings);
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
      <Configurator />
    </div>
  );
}
