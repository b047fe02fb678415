import { errorKeys } from '../../../contract/errors';
import { useIntl } from '../../i18n/intl-provider';
import { PageFrame } from '../layout/page-frame';
import { LogoutButton } from './logout-button';

/** The error page (route.fdbs.error) for group 100002 and unknown groups: no route set, no rights. */
export function NoRightsPage() {
  const { t } = useIntl();
  return (
    <PageFrame title={t('page.error.title')} icon="pi pi-lock">
      <p className="text-lg text-700 line-height-3 mt-0">{t(errorKeys.necessaryRights)}</p>
      <p className="text-600 line-height-3">{t('page.error.help')}</p>
      <LogoutButton />
    </PageFrame>
  );
}
