import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Divider } from 'primereact/divider';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorKeys } from '../../../contract/errors';
import { LazyMessage } from '../../components/lazy-message';
import { PasswordInput } from '../../components/password-input';
import { useIntl } from '../../i18n/intl-provider';
import { thirdPartyOf } from '../../machines/extra-infos/extra-infos.selectors';
import { isBusy, messageOf } from '../../machines/session/session.selectors';
import { readThirdPartyReturn } from '../../services/third-party';
import { ExtraInfosActor, SessionActor } from '../app/actor-contexts';
import { PageFrame } from '../layout/page-frame';
import { FormField } from './parts/form-field';
import { emailError, requiredError } from './parts/validation';

/** Back from the identity provider: the fragment carries the user (or an error key); the address is then cleaned. */
function useThirdPartyReturn() {
  const session = SessionActor.useActorRef();
  useEffect(() => {
    let live = true;
    void readThirdPartyReturn(window.location.hash).then((outcome) => {
      if (!outcome || !live) return;
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
      if (outcome.ok) session.send({ type: 'session.thirdPartySignIn', user: outcome.user });
      else session.send({ type: 'session.thirdPartyFailed', key: outcome.key });
    });
    return () => {
      live = false;
    };
  }, [session]);
}

/** Sign in (spec §2): email or username, password, remember me, forgot-password link, third-party sign-in. */
export default function SignInPage() {
  const session = SessionActor.useActorRef();
  const busy = SessionActor.useSelector(isBusy);
  const message = SessionActor.useSelector(messageOf);
  const thirdParty = ExtraInfosActor.useSelector(thirdPartyOf);
  const infosFailed = ExtraInfosActor.useSelector((snapshot) => snapshot.matches('failed'));
  const extraInfos = ExtraInfosActor.useActorRef();
  const { t, locale } = useIntl();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  useThirdPartyReturn();

  // A login with an @ is an email address and must look like one; otherwise it is a username.
  const usernameError = username.includes('@') ? emailError(username) : requiredError(username);
  const passwordError = requiredError(password);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (usernameError || passwordError) return;
    session.send({ type: 'session.signIn', credentials: { username: username.trim(), password, rememberMe, lang: locale } });
  };

  return (
    <PageFrame title={t('auth.sign-in.title')}>
      {message ? <LazyMessage severity={message.msgType} text={t(message.msg)} className="w-full justify-content-start mb-4" /> : null}
      {infosFailed ? (
        // Without the sign-in information there is no third-party sign-in: it can be asked again.
        <div className="flex align-items-center justify-content-between gap-2 mb-4 text-700" role="alert" data-testid="sign-in-infos-failed">
          <span>{t(errorKeys.extraInfos)}</span>
          <Button type="button" link label={t('auth.sign-in.infos-retry')} onClick={() => extraInfos.send({ type: 'extraInfos.retry' })} />
        </div>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={t('auth.sign-in.title')} data-testid="sign-in-form">
        <FormField id="username" label={t('auth.sign-in.username')} error={submitted && usernameError ? t(usernameError) : null}>
          <InputText
            id="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="username"
            autoFocus
            className="w-full"
            invalid={submitted && Boolean(usernameError)}
            aria-describedby={submitted && usernameError ? 'username-error' : undefined}
          />
        </FormField>
        <FormField id="password" label={t('auth.sign-in.password')} error={submitted && passwordError ? t(passwordError) : null}>
          <PasswordInput
            id="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            className="w-full"
            inputClassName="w-full"
            invalid={submitted && Boolean(passwordError)}
            aria-describedby={submitted && passwordError ? 'password-error' : undefined}
          />
        </FormField>
        <div className="flex align-items-center justify-content-between mb-4">
          <div className="flex align-items-center gap-2">
            <Checkbox inputId="remember-me" checked={rememberMe} onChange={(event) => setRememberMe(Boolean(event.checked))} />
            <label htmlFor="remember-me">{t('auth.sign-in.remember-me')}</label>
          </div>
          <Link to="/authentication/reset-password" className="font-medium text-primary no-underline">
            {t('auth.sign-in.forgot')}
          </Link>
        </div>
        <Button type="submit" className="w-full" label={t('auth.sign-in.submit')} icon="pi pi-sign-in" loading={busy} disabled={busy} />
      </form>
      {thirdParty ? (
        <>
          <Divider align="center">
            <span className="text-600 text-sm">{t('auth.sign-in.or')}</span>
          </Divider>
          <a href={thirdParty.url} className="p-button p-button-outlined p-button-secondary w-full justify-content-center no-underline">
            <i className="pi pi-id-card mr-2" aria-hidden />
            {t('auth.sign-in.third-party', { label: thirdParty.label })}
          </a>
        </>
      ) : null}
    </PageFrame>
  );
}
