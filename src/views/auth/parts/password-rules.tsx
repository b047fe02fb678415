import { brokenPasswordRules, passwordMinLength, passwordRules, type PasswordRule } from '../../../../contract/auth.schemas';
import { useIntl } from '../../../i18n/intl-provider';

const rules = Object.keys(passwordRules) as PasswordRule[];

function RuleLine({ met, text }: { met: boolean; text: string }) {
  const { t } = useIntl();
  return (
    <li className={`password-rule ${met ? 'is-met' : ''}`}>
      <i className={met ? 'pi pi-check-circle' : 'pi pi-circle'} aria-hidden />
      <span>{text}</span>
      <span className="sr-only">{t(met ? 'password.rule.met' : 'password.rule.unmet')}</span>
    </li>
  );
}

interface PasswordRulesProps {
  password: string;
  /** When given, a last line says whether the confirmation matches. */
  confirmation?: string;
}

/** The password rules of spec §5 (contract/auth.schemas.ts), each shown live as met or not yet met. */
export function PasswordRules({ password, confirmation }: PasswordRulesProps) {
  const { t } = useIntl();
  const broken = brokenPasswordRules(password);
  return (
    <div className="password-rules">
      <div id="password-rules-title" className="text-sm font-medium text-700 mb-2">
        {t('password.rules.title')}
      </div>
      <ul aria-labelledby="password-rules-title" aria-live="polite">
        {rules.map((rule) => (
          <RuleLine key={rule} met={!broken.includes(rule)} text={t(`password.rule.${rule}`, { count: passwordMinLength })} />
        ))}
        {confirmation === undefined ? null : <RuleLine met={password !== '' && password === confirmation} text={t('password.rule.match')} />}
      </ul>
    </div>
  );
}

/** Whether a new password and its confirmation may be sent. */
export function isAcceptable(password: string, confirmation: string): boolean {
  return brokenPasswordRules(password).length === 0 && password === confirmation;
}
