import { Button } from 'primereact/button';
import { LazyDialog } from '../../../components/lazy-dialog';
import { useIntl } from '../../../i18n/intl-provider';
import { formatDateTime } from '../../../i18n/dates';
import { autoCloseMinutesOf, closureOf, isBusy, isClosedElsewhere, isConfirmingClose, isReplacing, isTooFar, optionsOf } from '../../../machines/alert/alert.selectors';
import { AlertActor } from '../alert-actor';

/** The three questions of the alert flow: end the intervention?, too far: close and create?, closed by someone else or by the auto-close: reload. */
export function AlertDialogs() {
  return (
    <>
      <ConfirmCloseDialog />
      <TooFarDialog />
      <ClosedElsewhereDialog />
    </>
  );
}

function ConfirmCloseDialog() {
  const { t } = useIntl();
  const alert = AlertActor.useActorRef();
  const visible = AlertActor.useSelector(isConfirmingClose);
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button type="button" label={t('alert.close.cancel')} text severity="secondary" onClick={() => alert.send({ type: 'alert.cancelClose' })} autoFocus />
      <Button type="button" icon="pi pi-power-off" label={t('alert.close.confirm')} severity="danger" data-testid="confirm-end" onClick={() => alert.send({ type: 'alert.confirmClose' })} />
    </div>
  );
  return (
    <LazyDialog header={t('alert.close.title')} visible={visible} footer={footer} onHide={() => alert.send({ type: 'alert.cancelClose' })} style={{ width: '32rem' }} data-testid="confirm-end-dialog">
      <p className="m-0 line-height-3">{t('alert.close.text')}</p>
    </LazyDialog>
  );
}

function TooFarDialog() {
  const { t } = useIntl();
  const alert = AlertActor.useActorRef();
  const visible = AlertActor.useSelector(isTooFar);
  const replacing = AlertActor.useSelector(isReplacing);
  const maxKm = AlertActor.useSelector((snapshot) => optionsOf(snapshot)?.maxAddressMoveKm ?? 0.3);
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button type="button" label={t('alert.too-far.keep')} text severity="secondary" disabled={replacing} onClick={() => alert.send({ type: 'address.cancel' })} />
      <Button type="button" icon="pi pi-refresh" label={t('alert.too-far.replace')} severity="danger" loading={replacing} data-testid="replace-intervention" onClick={() => alert.send({ type: 'alert.replace' })} />
    </div>
  );
  return (
    <LazyDialog header={t('alert.too-far.title')} visible={visible} footer={footer} closable={false} onHide={() => undefined} style={{ width: '34rem' }} data-testid="too-far-dialog">
      <p className="m-0 line-height-3">{t('error.alert.address-too-far')}</p>
      <p className="mt-2 mb-0 text-600 line-height-3">{t('alert.too-far.text', { km: maxKm })}</p>
    </LazyDialog>
  );
}

function ClosedElsewhereDialog() {
  const { t, locale } = useIntl();
  const alert = AlertActor.useActorRef();
  const visible = AlertActor.useSelector(isClosedElsewhere);
  const busy = AlertActor.useSelector(isBusy);
  const closure = AlertActor.useSelector(closureOf);
  const minutes = AlertActor.useSelector(autoCloseMinutesOf);
  const when = closure?.at ? formatDateTime(closure.at, locale) : '';
  const footer = <Button type="button" icon="pi pi-refresh" label={t('alert.closed-elsewhere.reload')} loading={busy} data-testid="reload-closed" onClick={() => alert.send({ type: 'alert.reload' })} autoFocus />;
  return (
    <LazyDialog header={t('alert.closed-elsewhere.title')} visible={visible} footer={footer} closable={false} onHide={() => undefined} style={{ width: '32rem' }} data-testid="closed-elsewhere-dialog">
      <p className="m-0 line-height-3">
        {closure?.reason === 'auto' ? t('alert.closed-elsewhere.auto', { minutes, when }) : t('alert.closed-elsewhere.text', { name: closure?.by ?? t('alert.closed-elsewhere.someone'), when })}
      </p>
    </LazyDialog>
  );
}
