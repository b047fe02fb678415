import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useIntl } from '../../../i18n/intl-provider';
import { potentialOf } from '../../../machines/notification-form/notification-form.selectors';
import { NotificationFormActor } from '../notification-actors';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The last question before a send to many phones goes out (now or at its date): how many
 * responders and phones it reaches, counted as the form stands. Confirming is possible only once
 * the count is known; a count that failed can be tried again from here.
 */
export function MassSendConfirm({ visible, immediate, onConfirm, onCancel }: { visible: boolean; immediate: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t, locale } = useIntl();
  const form = NotificationFormActor.useActorRef();
  const potential = NotificationFormActor.useSelector(potentialOf, sameJson);
  const counted = potential.state === 'counted' && potential.potential !== null;
  const number = new Intl.NumberFormat(locale.replace('_', '-'));
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button type="button" label={t('notification.common.cancel')} text severity="secondary" onClick={onCancel} autoFocus />
      <Button type="button" icon={immediate ? 'pi pi-send' : 'pi pi-calendar-plus'} label={t(immediate ? 'notification.confirm-send.send' : 'notification.confirm-send.schedule')} severity="danger" disabled={!counted} data-testid="confirm-mass-send" onClick={onConfirm} />
    </div>
  );
  let body;
  if (counted) {
    body = (
      <p className="m-0 line-height-3" data-testid="mass-send-count">
        {t(immediate ? 'notification.confirm-send.text-now' : 'notification.confirm-send.text-later', { citizens: number.format(potential.potential!.citizens), devices: number.format(potential.potential!.devices), count: potential.potential!.devices })}
      </p>
    );
  } else if (potential.state === 'failed') {
    body = (
      <div className="flex flex-column gap-2 align-items-start">
        <small className="p-error">{t(potential.key ?? 'error.server')}</small>
        <Button type="button" icon="pi pi-refresh" label={t('notification.common.retry')} text size="small" onClick={() => form.send({ type: 'potential.refresh' })} />
      </div>
    );
  } else {
    body = (
      <p className="m-0 flex align-items-center gap-2">
        <ProgressSpinner style={{ width: '1.2rem', height: '1.2rem' }} strokeWidth="6" /> {t('notification.potential.counting')}
      </p>
    );
  }
  return (
    <Dialog header={t('notification.confirm-send.title')} visible={visible} footer={footer} onHide={onCancel} style={{ width: 'min(32rem, 92vw)' }} data-testid="mass-send-dialog">
      {body}
    </Dialog>
  );
}
