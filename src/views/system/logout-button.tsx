import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import { useIntl } from '../../i18n/intl-provider';
import { SessionActor } from '../app/actor-contexts';

/** Ends the session and goes to the sign-in page (no page is remembered after a logout). */
export function LogoutButton({ text = true }: { text?: boolean }) {
  const session = SessionActor.useActorRef();
  const navigate = useNavigate();
  const { t } = useIntl();
  const logout = () => {
    session.send({ type: 'session.logout' });
    navigate('/authentication/sign-in', { replace: true });
  };
  return <Button type="button" icon="pi pi-sign-out" label={text ? t('layout.menu.logout') : undefined} aria-label={t('layout.menu.logout')} severity="secondary" outlined onClick={logout} />;
}
