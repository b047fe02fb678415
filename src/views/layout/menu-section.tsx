import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { screens } from '../../../contract/access';
import { useIntl } from '../../i18n/intl-provider';
import type { MenuSection } from '../../machines/session/session.selectors';
import { categoryIcons, categoryTitleKey, screenIcons } from './screen-icons';

interface MenuSectionLinksProps {
  section: MenuSection;
  /** Icon strip: no section title, icons only (their names in tooltips). */
  compact: boolean;
}

/** One collapsible category of the side menu and its page links. */
export function MenuSectionLinks({ section, compact }: MenuSectionLinksProps) {
  const [expanded, setExpanded] = useState(true);
  const { t } = useIntl();
  const title = t(categoryTitleKey(section.category));
  const listId = `menu-section-${section.category}`;
  const links = (
    <ul id={listId} className="menu-section__links">
      {section.screens.map((screen) => (
        <li key={screen}>
          <NavLink to={screens[screen].path} className="menu-link" title={compact ? t(screens[screen].title) : undefined}>
            <i className={screenIcons[screen]} aria-hidden />
            <span className={compact ? 'sr-only' : ''}>{t(screens[screen].title)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
  if (compact) return <div className="menu-section is-compact">{links}</div>;
  return (
    <div className="menu-section">
      <button type="button" className="menu-section__header" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
        <i className={categoryIcons[section.category]} aria-hidden />
        <span className="flex-1">{title}</span>
        <i className={expanded ? 'pi pi-chevron-up' : 'pi pi-chevron-down'} aria-hidden />
      </button>
      {expanded ? links : null}
    </div>
  );
}
