import { useMachine } from '@xstate/react';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Link, useSearchParams } from 'react-router-dom';
import { useIntl } from '../../i18n/intl-provider';
import { renewPasswordMachine } from '../../machines/renew-password/renew-password.machine';
import { errorKeyOf, isBusy, renewViewOf } from '../../machines/renew-password/renew-password.selectors';
import { PageFrame } from '../layout/page-frame';
import { NewPasswordForm } from './parts/new-password-form';

function optionalNumber(value: string | null): number | null {
  const number = Number(value);
  return value !== null && value !== '' && Number.isInteger(number) ? number : null;
}

/** Password renewal (spec §2): the link's token and user id are verified first, then a new password and its confirmation. */
export default function RenewPasswordPage() {
  const [params] = useSearchParams();
  const [snapshot, send] = useMachine(renewPasswordMachine, {
    input: {
      token: params.get('token'),
      idUser: optionalNumber(params.get('id') ?? params.get('idUser')),
      idSite: optionalNumber(params.get('idSite')) ?? undefined,
      baseUrl: window.location.origin,
    },
  });
  const { t } = useIntl();
  const view = renewViewOf(snapshot);

  if (view === 'verifying') {
    return (
      <PageFrame title={t('auth.renew.title')}>
        <div className="flex align-items-center gap-3 text-700">
          <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="6" />
          {t('auth.renew.checking')}
        </div>
      </PageFrame>
    );
  }
  if (view === 'invalidLink') {
    return (
      <PageFrame title={t('auth.renew.title')} icon="pi pi-link">
        <Message severity="error" text={t(errorKeyOf(snapshot) ?? 'error.auth.token-not-found')} className="w-full justify-content-start mb-4" />
        <Link to="/authentication/reset-password" className="p-button no-underline">
          {t('auth.renew.ask-new-link')}
        </Link>
      </PageFrame>
    );
  }
  if (view === 'renewed') {
    return (
      <PageFrame title={t('auth.renew.done.title')} icon="pi pi-check-circle">
        <p className="text-lg text-700 line-height-3 mt-0">{t('auth.renew.done.text')}</p>
        <Link to="/authentication/sign-in" className="p-button no-underline">
          {t('auth.sign-in.submit')}
        </Link>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('auth.renew.title')}>
      <NewPasswordForm busy={isBusy(snapshot)} errorKey={errorKeyOf(snapshot)} onSubmit={(password) => send({ type: 'renew.submit', password })} />
    </PageFrame>
  );
}
