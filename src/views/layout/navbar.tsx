import { Button } from 'primereact/button';
import { useMatches } from 'react-router-dom';
import { screens } from '../../../contract/access';
import { useIntl } from '../../i18n/intl-provider';
import { isSidenavOpen } from '../../machines/layout/layout.selectors';
import { LayoutActor } from '../app/actor-contexts';
import type { RouteHandle } from '../routes/app-routes';
import { HelpMenu } from './help-menu';
import { categoryTitleKey } from './screen-icons';

/** The screen of the deepest route that names one. */
function useCurrentScreen() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.screen)?.handle as RouteHandle | undefined;
  return handle ? screens[handle.screen] : undefined;
}

/** The top bar: where the user is (category and screen title), help, settings and the side-menu toggle. */
export function Navbar() {
  const layout = LayoutActor.useActorRef();
  const settings = LayoutActor.useSelector((snapshot) => snapshot.context.settings);
  const menuOpen = LayoutActor.useSelector(isSidenavOpen);
  const screen = useCurrentScreen();
  const { t, direction } = useIntl();
  // The menu sits on the inline end: collapsing it points towards that side.
  const collapseIcon = direction === 'rtl' ? 'pi pi-angle-double-left' : 'pi pi-angle-double-right';
  const classes = ['app-navbar', settings.transparentNavbar ? 'is-transparent' : '', settings.fixedNavbar ? 'is-fixed' : ''].join(' ');
  return (
    <header className={classes}>
      <div className="flex flex-column">
        {screen ? <span className="text-sm text-600">{t(categoryTitleKey(screen.category))}</span> : null}
        <h1 className="app-navbar__title">{screen ? t(screen.title) : t('app.name')}</h1>
      </div>
      <div className="flex align-items-center gap-2">
        <HelpMenu />
        <Button
          id="configurator-button"
          type="button"
          icon="pi pi-sliders-h"
          rounded
          text
          severity="secondary"
          aria-label={t('configurator.title')}
          tooltip={t('configurator.title')}
          tooltipOptions={{ position: 'bottom' }}
          onClick={() => layout.send({ type: 'layout.openConfigurator' })}
        />
        <Button
          id="side-menu-toggle"
          type="button"
          icon={menuOpen ? collapseIcon : 'pi pi-bars'}
          rounded
          text
          severity="secondary"
          aria-label={t(menuOpen ? 'layout.menu.close' : 'layout.menu.open')}
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={() => layout.send({ type: 'layout.toggleSidenav' })}
        />
      </div>
    </header>
  );
}
