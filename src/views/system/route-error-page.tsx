import { Button } from 'primereact/button';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { useIntl } from '../../i18n/intl-provider';
import { reportError } from '../../services/error-reporting';
import { PageFrame } from '../layout/page-frame';

/** A screen that failed to load (time-out, lost connection) or crashed: say so, report it, offer a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useIntl();
  useEffect(() => {
    console.error(error);
    reportError(error, { source: 'route' });
  }, [error]);
  return (
    <PageFrame title={t('page.load-error.title')} icon="pi pi-exclamation-triangle">
      <p className="text-lg text-700 line-height-3 mt-0">{t('page.load-error.text')}</p>
      <Button label={t('server-error.reload')} icon="pi pi-refresh" onClick={() => window.location.reload()} />
    </PageFrame>
  );
}
