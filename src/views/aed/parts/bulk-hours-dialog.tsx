import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useIntl } from '../../../i18n/intl-provider';
import { weekdays } from '../../../machines/aed-bulk-hours/aed-bulk-hours.rules';
import { errorKeyOf, formOf, isDialogOpen, isSaving } from '../../../machines/aed-bulk-hours/aed-bulk-hours.selectors';
import { AedBulkHoursActor } from '../aed-bulk-hours-actor';

/** The list's selection action: opens the dialog for the AEDs ticked. */
export function BulkHoursButton({ selection }: { selection: string[] }) {
  const { t } = useIntl();
  const actor = AedBulkHoursActor.useActorRef();
  const canOpen = AedBulkHoursActor.useSelector((snapshot) => snapshot.can({ type: 'hours.open', udids: selection }));
  return (
    <span title={canOpen ? undefined : t('aed.bulkHours.pick')}>
      <Button type="button" icon="pi pi-clock" label={t('aed.bulkHours.open', { count: selection.length })} outlined size="small" disabled={!canOpen} data-testid="bulk-hours-open" onClick={() => actor.send({ type: 'hours.open', udids: selection })} />
    </span>
  );
}

/** Always open, or one range on the days ticked, for every AED of the selection. */
export function BulkHoursDialog() {
  const { t } = useIntl();
  const actor = AedBulkHoursActor.useActorRef();
  const visible = AedBulkHoursActor.useSelector(isDialogOpen);
  const saving = AedBulkHoursActor.useSelector(isSaving);
  const form = AedBulkHoursActor.useSelector(formOf);
  const errorKey = AedBulkHoursActor.useSelector(errorKeyOf);
  const canApply = AedBulkHoursActor.useSelector((snapshot) => snapshot.can({ type: 'hours.apply' }));
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button type="button" label={t('aed.common.cancel')} severity="secondary" text disabled={saving} onClick={() => actor.send({ type: 'hours.cancel' })} />
      <Button type="button" icon="pi pi-check" label={t('aed.bulkHours.apply')} loading={saving} disabled={!canApply} data-testid="bulk-hours-apply" onClick={() => actor.send({ type: 'hours.apply' })} />
    </div>
  );
  return (
    <Dialog header={t('aed.bulkHours.title', { count: form.udids.length })} visible={visible} onHide={() => actor.send({ type: 'hours.cancel' })} footer={footer} style={{ width: 'min(36rem, 95vw)' }} data-testid="bulk-hours">
      <div className="flex flex-column gap-3">
        <div className="flex align-items-center gap-2">
          <RadioButton inputId="bulk-hours-always" name="bulkHours" checked={form.alwaysOpened} onChange={() => actor.send({ type: 'hours.alwaysOpened', value: true })} />
          <label htmlFor="bulk-hours-always">{t('aed.bulkHours.always')}</label>
        </div>
        <div className="flex align-items-center gap-2">
          <RadioButton inputId="bulk-hours-week" name="bulkHours" checked={!form.alwaysOpened} onChange={() => actor.send({ type: 'hours.alwaysOpened', value: false })} />
          <label htmlFor="bulk-hours-week">{t('aed.bulkHours.week')}</label>
        </div>
        <div className="flex flex-wrap gap-3 pl-4">
          {weekdays.map((day) => (
            <div key={day} className="flex align-items-center gap-1">
              <Checkbox inputId={`bulk-hours-day-${day}`} checked={form.days.includes(day)} disabled={form.alwaysOpened} onChange={() => actor.send({ type: 'hours.day', day })} />
              <label htmlFor={`bulk-hours-day-${day}`}>{t(`aed.weekday.short.${day}`)}</label>
            </div>
          ))}
        </div>
        <div className="flex align-items-center gap-2 pl-4">
          <InputText value={form.open} onChange={(event) => actor.send({ type: 'hours.time', part: 'open', value: event.target.value })} aria-label={t('aed.bulkHours.from')} placeholder="08:00" maxLength={5} disabled={form.alwaysOpened} className="hours-input" data-testid="bulk-hours-from" />
          <span aria-hidden>–</span>
          <InputText value={form.close} onChange={(event) => actor.send({ type: 'hours.time', part: 'close', value: event.target.value })} aria-label={t('aed.bulkHours.to')} placeholder="18:00" maxLength={5} disabled={form.alwaysOpened} className="hours-input" data-testid="bulk-hours-to" />
        </div>
        <small className="text-600">{t('aed.bulkHours.help')}</small>
        {errorKey ? <Message severity="error" text={t(errorKey)} data-testid="bulk-hours-error" data-key={errorKey} /> : null}
      </div>
    </Dialog>
  );
}
