import { isSidenavOpen } from '../../machines/layout/layout.selectors';
import { menuOf, type MenuSection } from '../../machines/session/session.selectors';
import { useIntl } from '../../i18n/intl-provider';
import { LayoutActor, SessionActor } from '../app/actor-contexts';
import { LogoutButton } from '../system/logout-button';
import { AccountHeader } from './account-header';
import { LanguageList } from './language-list';
import { MenuSectionLinks } from './menu-section';

const sameMenu = (a: MenuSection[], b: MenuSection[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The side menu on the right (spec §2): 360 px open, an icon strip when collapsed. Account header,
 * the group's pages by category, the language list and logout.
 */
export function SideMenu() {
  const open = LayoutActor.useSelector(isSidenavOpen);
  const transparent = LayoutActor.useSelector((snapshot) => snapshot.context.settings.transparentSidenav);
  const sections = SessionActor.useSelector(menuOf, sameMenu);
  const { t } = useIntl();
  const classes = ['side-menu', open ? 'is-open' : 'is-mini', transparent ? 'is-transparent' : ''].join(' ');
  return (
    <nav id="side-menu" className={classes} aria-label={t('layout.menu.label')} data-testid="side-menu">
      <AccountHeader compact={!open} />
      <div className="side-menu__sections">
        {sections.map((section) => (
          <MenuSectionLinks key={section.category} section={section} compact={!open} />
        ))}
      </div>
      <div className="side-menu__bottom">
        <LanguageList compact={!open} />
        <div className={open ? 'px-3 pb-3' : 'flex justify-content-center pb-3'}>
          <LogoutButton text={open} />
        </div>
      </div>
    </nav>
  );
}
