import { screens, type ScreenName } from '../../../contract/access';
import { useIntl } from '../../i18n/intl-provider';

/**
 * The page of a screen a later issue builds: its title and a plain "not available yet". The route,
 * its guard and its menu link are already final; the issue replaces the page file that uses this.
 */
export function ScreenUnavailable({ screen }: { screen: ScreenName }) {
  const { t } = useIntl();
  return (
    <section className="surface-card border-round-xl shadow-1 p-5">
      <h2 className="text-2xl font-semibold text-900 mt-0 mb-3">{t(screens[screen].title)}</h2>
      <p className="flex align-items-center gap-2 text-lg text-700 m-0">
        <i className="pi pi-info-circle text-primary" aria-hidden />
        {t('page.unavailable.text')}
      </p>
    </section>
  );
}
