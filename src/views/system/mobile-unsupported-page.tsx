import { useIntl } from '../../i18n/intl-provider';

/** The only thing shown under 768 px: Vigil is built for large screens (spec §1). */
export function MobileUnsupportedPage() {
  const { t } = useIntl();
  return (
    <main className="mobile-page">
      <img src="/logos/vigil.svg" alt={t('app.name')} className="mobile-page__logo" />
      <h1 className="text-2xl font-bold text-900">{t('page.mobile.error.title')}</h1>
      <p className="text-lg text-700 line-height-3">{t('page.mobile.error.text')}</p>
    </main>
  );
}
