import { Button } from 'primereact/button';
import { LazyDialog as Dialog } from '../../components/lazy-dialog';
import { errorKeys } from '../../../contract/errors';
import { useIntl } from '../../i18n/intl-provider';
import { SessionActor } from '../app/actor-contexts';

/** "Your session has just expired, please log in again": over the page, until the user signs in again. */
export function SessionExpiredDialog() {
  const expired = SessionActor.useSelector((snapshot) => snapshot.matches('expired'));
  const session = SessionActor.useActorRef();
  const { t } = useIntl();
  const signInAgain = () => session.send({ type: 'session.signInAgain', path: `${window.location.pathname}${window.location.search}` });
  return (
    <Dialog
      visible={expired}
      onHide={signInAgain}
      header={t('session.expired.title')}
      closable={false}
      draggable={false}
      modal
      style={{ width: '32rem' }}
      footer={<Button label={t('session.expired.sign-in-again')} icon="pi pi-sign-in" onClick={signInAgain} autoFocus />}
    >
      <p className="m-0 text-lg line-height-3">{t(errorKeys.sessionExpired)}</p>
    </Dialog>
  );
}
