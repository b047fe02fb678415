import { Navigate } from 'react-router-dom';
import { landingPathOf, sessionViewOf } from '../../machines/session/session.selectors';
import { SessionActor } from '../app/actor-contexts';
import { UpdatePasswordPage } from '../auth/update-password-page';
import { NoRightsPage } from '../system/no-rights-page';
import { WaitingConfigurationPage } from '../system/waiting-configuration-page';

/**
 * /dashboards/default: lands each group on its default screen (contract/access.ts), or shows the
 * page the session gets instead: forced password update, error page, account being configured.
 */
export function DefaultLanding() {
  const view = SessionActor.useSelector(sessionViewOf);
  const landing = SessionActor.useSelector(landingPathOf);
  switch (view) {
    case 'active':
    case 'switchingAccount':
      return <Navigate to={landing} replace />;
    case 'mustUpdatePassword':
    case 'updatingPassword':
      return <UpdatePasswordPage />;
    case 'noRights':
      return <NoRightsPage />;
    case 'waitingConfiguration':
      return <WaitingConfigurationPage />;
    default:
      return null;
  }
}
