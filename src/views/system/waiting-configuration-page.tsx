import { useIntl } from '../../i18n/intl-provider';
import { AccountSwitcher } from '../layout/account-header';
import { PageFrame } from '../layout/page-frame';
import { LogoutButton } from './logout-button';

/**
 * Shown while the user's account is being configured: nothing can be used yet, but a user with
 * third-party access may switch to another account (docs/decisions.md).
 */
export function WaitingConfigurationPage() {
  const { t } = useIntl();
  return (
    <PageFrame title={t('page.waiting.title')} icon="pi pi-hourglass">
      <p className="text-lg text-700 line-height-3 mt-0">{t('page.waiting.text')}</p>
      <AccountSwitcher className="w-full mb-4" />
      <LogoutButton />
    </PageFrame>
  );
}
