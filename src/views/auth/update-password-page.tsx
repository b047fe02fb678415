import { useIntl } from '../../i18n/intl-provider';
import { isBusy, messageOf } from '../../machines/session/session.selectors';
import { SessionActor } from '../app/actor-contexts';
import { PageFrame } from '../layout/page-frame';
import { LogoutButton } from '../system/logout-button';
import { NewPasswordForm } from './parts/new-password-form';

/** The forced password update (route.fdbs.updt-pwd) of group 100001, at /dashboards/default. */
export function UpdatePasswordPage() {
  const session = SessionActor.useActorRef();
  const busy = SessionActor.useSelector(isBusy);
  const message = SessionActor.useSelector(messageOf);
  const { t } = useIntl();
  return (
    <PageFrame title={t('auth.update-password.title')}>
      <p className="text-700 line-height-3 mt-0 mb-4">{t('auth.update-password.intro')}</p>
      <NewPasswordForm busy={busy} errorKey={message?.msg ?? null} onSubmit={(password) => session.send({ type: 'session.updatePassword', password })} />
      <div className="mt-4">
        <LogoutButton />
      </div>
    </PageFrame>
  );
}
