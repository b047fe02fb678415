import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { screens } from '../../../contract/access';
import { useIntl } from '../../i18n/intl-provider';
import { canOpen } from '../../machines/session/session.selectors';
import { contactHref, problemReportHref } from '../../services/support';
import { SessionActor } from '../app/actor-contexts';

/** The header help menu (spec §2): contact, report a problem (mail with the context), tutorial when the group has it. */
export function HelpMenu() {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const { t } = useIntl();
  const user = SessionActor.useSelector((snapshot) => snapshot.context.user);
  const tutorial = SessionActor.useSelector((snapshot) => canOpen(snapshot, 'alertTutorial'));
  const items: MenuItem[] = [
    { label: t('layout.help.contact'), icon: 'pi pi-envelope', url: contactHref(t('layout.help.contact-subject')) },
    { label: t('layout.help.report'), icon: 'pi pi-flag', url: problemReportHref(t('layout.help.report-subject'), { ...user }) },
    ...(tutorial ? [{ label: t('layout.help.tutorial'), icon: 'pi pi-book', command: () => navigate(screens.alertTutorial.path) }] : []),
  ];
  return (
    <>
      <Menu model={items} popup ref={menu} id="help-menu" />
      <Button
        type="button"
        icon="pi pi-question-circle"
        label={t('layout.help.title')}
        text
        severity="secondary"
        aria-controls="help-menu"
        aria-haspopup
        onClick={(event) => menu.current?.toggle(event)}
      />
    </>
  );
}
