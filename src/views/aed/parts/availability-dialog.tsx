import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AedUnavailableReason } from '../../../../contract/charts/aed-availability.chart';
import { useCalendarLanguage } from '../../../components/date-field';
import { useIntl } from '../../../i18n/intl-provider';
import { aedOf, availabilityChoicesOf, doneOf, optionsOf, runningActionOf } from '../../../machines/aed-form/aed-form.selectors';
import type { AvailabilityRequest } from '../../../machines/aed-form/aed-form.types';
import { AedFormActor } from '../aed-form-actor';
import { toDay } from './form-fields';
import { DialogFooter } from './dialog-footer';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The availability popup (spec §4): only the changes the availability chart allows from the
 * AED's status are offered; unavailable asks for a reason and an optional end date, after which
 * the AED is available again by itself.
 */
export function AvailabilityDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useIntl();
  const calendarLanguage = useCalendarLanguage();
  const form = AedFormActor.useActorRef();
  const choices = AedFormActor.useSelector(availabilityChoicesOf, sameJson);
  const aed = AedFormActor.useSelector(aedOf, sameJson);
  const options = AedFormActor.useSelector(optionsOf, sameJson);
  const done = AedFormActor.useSelector(doneOf, sameJson);
  const saving = AedFormActor.useSelector((snapshot) => runningActionOf(snapshot)?.kind === 'availability');
  const [status, setStatus] = useState<AvailabilityRequest['status'] | null>(null);
  const [reason, setReason] = useState<AedUnavailableReason | null>(null);
  const [endDate, setEndDate] = useState<Date | null>(null);
  const openedAt = useRef(0);
  useEffect(() => {
    if (!visible) return;
    setStatus(choices.find((choice) => choice !== aed?.status) ?? choices[0] ?? null);
    setReason((aed?.unavailableReason as AedUnavailableReason | null) ?? null);
    setEndDate(null);
    openedAt.current = done?.seq ?? 0;
  }, [visible]);
  const close = useCallback(onClose, [onClose]);
  useEffect(() => {
    if (visible && done?.kind === 'availability' && done.seq > openedAt.current) close();
  }, [done, visible, close]);
  const reasons = options?.unavailableReasons?.map((option) => ({ value: String(option.value), label: option.label })) ?? ['maintenance', 'temporarilyUnavailable'].map((value) => ({ value, label: t(`aed.unavailable.${value}`) }));
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(0, 0, 0, 0);
  return (
    <Dialog
      visible={visible}
      onHide={onClose}
      header={t('aed.availability.title')}
      style={{ width: '32rem' }}
      footer={
        <DialogFooter onCancel={onClose}>
          <Button
            type="button"
            icon="pi pi-check"
            label={t('aed.availability.apply')}
            loading={saving}
            disabled={!status}
            data-testid="availability-apply"
            onClick={() => status && form.send({ type: 'availability.change', change: { status, ...(status === 'unavailable' ? { reason: reason ?? undefined, endDate: endDate ? toDay(endDate) : null } : {}) } })}
          />
        </DialogFooter>
      }
    >
      <div className="flex flex-column gap-3" data-testid="availability-dialog">
        <p className="m-0 text-600">{t('aed.availability.current', { status: t(`aed.status.${aed?.status ?? 'available'}`) })}</p>
        {choices.length === 0 ? <p className="m-0">{t('aed.availability.none')}</p> : null}
        {choices.map((choice) => (
          <div key={choice} className="flex align-items-center gap-2">
            <RadioButton inputId={`availability-${choice}`} name="availability" value={choice} checked={status === choice} onChange={() => setStatus(choice)} />
            <label htmlFor={`availability-${choice}`}>{t(`aed.availability.to.${choice}`)}</label>
          </div>
        ))}
        {status === 'unavailable' ? (
          <div className="availability-unavailable">
            <div className="field">
              <label htmlFor="availability-reason">
                {t('aed.availability.reason')}
                <span className="aed-field__required"> *</span>
              </label>
              <Dropdown inputId="availability-reason" value={reason} options={reasons} onChange={(event) => setReason(event.value as AedUnavailableReason)} placeholder={t('aed.form.choose')} className="w-full" />
            </div>
            <div className="field">
              <label htmlFor="availability-end">{t('aed.availability.end-date')}</label>
              <Calendar inputId="availability-end" value={endDate} onChange={(event) => setEndDate((event.value as Date | null) ?? null)} minDate={tomorrow} {...calendarLanguage} showIcon showButtonBar className="w-full" />
              <small className="text-600">{t('aed.availability.end-date-hint')}</small>
            </div>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

/** Certify (on a date, today by default) or remove the certification. */
export function CertificationDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useIntl();
  const calendarLanguage = useCalendarLanguage();
  const form = AedFormActor.useActorRef();
  const aed = AedFormActor.useSelector(aedOf, sameJson);
  const [date, setDate] = useState<Date>(new Date());
  useEffect(() => {
    if (visible) setDate(new Date());
  }, [visible]);
  const certified = aed?.certified === true;
  return (
    <Dialog
      visible={visible}
      onHide={onClose}
      header={t('aed.certification.title')}
      style={{ width: '28rem' }}
      footer={
        <DialogFooter onCancel={onClose}>
          {certified ? (
            <Button
              type="button"
              icon="pi pi-times"
              label={t('aed.certification.remove')}
              severity="danger"
              outlined
              onClick={() => {
                form.send({ type: 'certification.change', certified: false });
                onClose();
              }}
            />
          ) : null}
          <Button
            type="button"
            icon="pi pi-verified"
            label={certified ? t('aed.certification.renew') : t('aed.certification.certify')}
            onClick={() => {
              form.send({ type: 'certification.change', certified: true, date: toDay(date) });
              onClose();
            }}
          />
        </DialogFooter>
      }
    >
      <div className="field">
        <label htmlFor="certification-date">{t('aed.certification.date')}</label>
        <Calendar inputId="certification-date" value={date} onChange={(event) => event.value && setDate(event.value as Date)} maxDate={new Date()} {...calendarLanguage} showIcon className="w-full" />
      </div>
    </Dialog>
  );
}
