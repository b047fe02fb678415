import { Button } from 'primereact/button';
import { LazyDialog as Dialog } from '../../components/lazy-dialog';
import { useEffect, useState } from 'react';
import { errorKeys } from '../../../contract/errors';
import { useIntl } from '../../i18n/intl-provider';
import { onServerError } from '../../services/http';
import { problemReportHref } from '../../services/support';
import { SessionActor } from '../app/actor-contexts';

/** The generic dialog "A server error has occurred", with a reload button and a report-form link (spec §8). */
export function ServerErrorDialog() {
  const [key, setKey] = useState<string | null>(null);
  const user = SessionActor.useSelector((snapshot) => snapshot.context.user);
  const { t } = useIntl();
  useEffect(() => onServerError(setKey), []);
  const report = problemReportHref(t('layout.help.report-subject'), { ...user, detail: key ?? undefined });
  return (
    <Dialog
      visible={key !== null}
      onHide={() => setKey(null)}
      header={t('server-error.title')}
      draggable={false}
      modal
      style={{ width: '34rem' }}
      footer={
        <div className="flex justify-content-between align-items-center">
          <a href={report} className="footer-link">
            <i className="pi pi-envelope mr-2" aria-hidden />
            {t('server-error.report')}
          </a>
          <Button label={t('server-error.reload')} icon="pi pi-refresh" onClick={() => window.location.reload()} />
        </div>
      }
    >
      <p className="m-0 text-lg line-height-3">{t(errorKeys.serverError)}</p>
    </Dialog>
  );
}
