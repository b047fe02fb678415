import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useIntl } from '../../../i18n/intl-provider';
import { FormField } from './form-field';
import { isAcceptable, PasswordRules } from './password-rules';

interface NewPasswordFormProps {
  busy: boolean;
  /** Key of the last failure, shown above the fields. */
  errorKey: string | null;
  onSubmit: (password: string) => void;
}

/** New password and confirmation with the live rules; used by the renewal and the forced update. */
export function NewPasswordForm({ busy, errorKey, onSubmit }: NewPasswordFormProps) {
  const { t } = useIntl();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const mismatch = submitted && confirmation !== '' && confirmation !== password ? t('password.mismatch') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (isAcceptable(password, confirmation)) onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="new-password-form">
      {errorKey ? <Message severity="error" text={t(errorKey)} className="w-full justify-content-start mb-4" /> : null}
      <FormField id="new-password" label={t('auth.password.new')} error={submitted && !password ? t('error.required') : null}>
        <Password inputId="new-password" value={password} onChange={(event) => setPassword(event.target.value)} feedback={false} toggleMask autoComplete="new-password" className="w-full" inputClassName="w-full" />
      </FormField>
      <FormField id="confirm-password" label={t('auth.password.confirm')} error={mismatch ?? (submitted && !confirmation ? t('error.required') : null)}>
        <Password inputId="confirm-password" value={confirmation} onChange={(event) => setConfirmation(event.target.value)} feedback={false} toggleMask autoComplete="new-password" className="w-full" inputClassName="w-full" />
      </FormField>
      <PasswordRules password={password} confirmation={confirmation} />
      <Button type="submit" className="w-full mt-4" label={t('auth.password.submit')} icon="pi pi-check" loading={busy} disabled={busy} />
    </form>
  );
}
