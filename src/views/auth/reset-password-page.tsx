import { useMachine } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useIntl } from '../../i18n/intl-provider';
import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine';
import { emailOf, errorKeyOf, isSending, isSent } from '../../machines/forgot-password/forgot-password.selectors';
import { PageFrame } from '../layout/page-frame';
import { FormField } from './parts/form-field';
import { emailError } from './parts/validation';

/** A number from the query (idSite), or undefined. */
function optionalNumber(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isInteger(number) ? number : undefined;
}

/** Forgot password (spec §2): an email, then a confirmation that the renewal mail was sent. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [snapshot, send] = useMachine(forgotPasswordMachine, { input: { baseUrl: window.location.origin, idSite: optionalNumber(params.get('idSite')) } });
  const { t } = useIntl();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const error = emailError(email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!error) send({ type: 'forgot.submit', email: email.trim() });
  };
  const backToSignIn = (
    <Link to="/authentication/sign-in" className="inline-flex align-items-center gap-2 font-medium text-primary no-underline mt-4">
      <i className="pi pi-arrow-left" aria-hidden />
      {t('auth.back-to-sign-in')}
    </Link>
  );

  if (isSent(snapshot)) {
    return (
      <PageFrame title={t('auth.reset.sent.title')} icon="pi pi-envelope">
        <p className="text-lg text-700 line-height-3 mt-0">{t('auth.reset.sent.text', { email: emailOf(snapshot) })}</p>
        {backToSignIn}
      </PageFrame>
    );
  }
  const failure = errorKeyOf(snapshot);
  return (
    <PageFrame title={t('auth.reset.title')}>
      <p className="text-700 line-height-3 mt-0 mb-4">{t('auth.reset.intro')}</p>
      {failure ? <Message severity="error" text={t(failure)} className="w-full justify-content-start mb-4" /> : null}
      <form onSubmit={submit} noValidate data-testid="forgot-password-form">
        <FormField id="email" label={t('auth.reset.email')} error={submitted && error ? t(error) : null}>
          <InputText id="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" autoFocus className="w-full" invalid={submitted && Boolean(error)} />
        </FormField>
        <Button type="submit" className="w-full" label={t('auth.reset.submit')} icon="pi pi-send" loading={isSending(snapshot)} disabled={isSending(snapshot)} />
      </form>
      {backToSignIn}
    </PageFrame>
  );
}
