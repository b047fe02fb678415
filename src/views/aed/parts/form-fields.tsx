import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ReactNode } from 'react';
import type { AedEditableField } from '../../../../contract/aed.schemas';
import { useCalendarLanguage } from '../../../components/date-field';
import { pickerToDay } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { fieldErrorsOf, isDeleted, isEdited, valueOf } from '../../../machines/aed-form/aed-form.selectors';
import { AedFormActor } from '../aed-form-actor';

/** "YYYY-MM-DD" of a calendar day picked in the browser (its own day, whatever the time zone). */
export const toDay = pickerToDay;

/** The calendar day of "YYYY-MM-DD" (or of an ISO instant) as a local Date. */
export function fromDay(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length < 10) return null;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  return year && month && day ? new Date(year, month - 1, day) : null;
}

/** One field of the form: its value (edit or stored), its error key and whether it was edited, and how to change it. */
export function useAedField(field: AedEditableField) {
  const form = AedFormActor.useActorRef();
  const value = AedFormActor.useSelector((snapshot) => valueOf(snapshot, field));
  const error = AedFormActor.useSelector((snapshot) => fieldErrorsOf(snapshot)[field] ?? null);
  const edited = AedFormActor.useSelector((snapshot) => isEdited(snapshot, field));
  const readOnly = AedFormActor.useSelector(isDeleted);
  return { value, error, edited, readOnly, change: (next: unknown) => form.send({ type: 'field.change', field, value: next }) };
}

interface FieldFrameProps {
  id: string;
  label: string;
  error: string | null;
  edited?: boolean;
  hint?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error of one field; an edited field is marked until saved. */
export function FieldFrame({ id, label, error, edited, hint, required, className, children }: FieldFrameProps) {
  const { t } = useIntl();
  return (
    <div className={`field aed-field ${edited ? 'is-edited' : ''} ${className ?? ''}`} data-field={id}>
      <label htmlFor={`aed-${id}`} className="aed-field__label">
        {label}
        {required ? <span className="aed-field__required" aria-hidden> *</span> : null}
        {edited ? <span className="aed-field__edited" title={t('aed.form.edited')} aria-label={t('aed.form.edited')} /> : null}
      </label>
      {children}
      {error ? (
        <small className="p-error aed-field__error" role="alert" id={`aed-${id}-error`}>
          {t(error)}
        </small>
      ) : hint ? (
        <small className="text-600">{hint}</small>
      ) : null}
    </div>
  );
}

type TextFieldProps = { field: AedEditableField; label?: string; required?: boolean; hint?: string; className?: string; maxLength?: number; multiline?: boolean };

/** A text field; an emptied optional field is sent as null. */
export function TextField({ field, label, required, hint, className, maxLength, multiline }: TextFieldProps) {
  const { t } = useIntl();
  const { value, error, edited, readOnly, change } = useAedField(field);
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  const onChange = (next: string) => change(next === '' && !required ? null : next);
  const common = { id: `aed-${field}`, value: text, disabled: readOnly, maxLength, invalid: !!error, 'aria-describedby': error ? `aed-${field}-error` : undefined, className: 'w-full' };
  return (
    <FieldFrame id={field} label={label ?? t(`aed.field.${field}`)} error={error} edited={edited} hint={hint} required={required} className={className}>
      {multiline ? <InputTextarea {...common} rows={3} autoResize onChange={(event) => onChange(event.target.value)} /> : <InputText {...common} onChange={(event) => onChange(event.target.value)} />}
    </FieldFrame>
  );
}

/** A number field (spec §5: number-only fields). */
export function NumberField({ field, label, suffix, min, max, decimals = 0, className }: { field: AedEditableField; label?: string; suffix?: string; min?: number; max?: number; decimals?: number; className?: string }) {
  const { t } = useIntl();
  const { value, error, edited, readOnly, change } = useAedField(field);
  return (
    <FieldFrame id={field} label={label ?? t(`aed.field.${field}`)} error={error} edited={edited} className={className}>
      <InputNumber
        inputId={`aed-${field}`}
        value={typeof value === 'number' ? value : null}
        onValueChange={(event) => change(event.value ?? null)}
        suffix={suffix}
        min={min}
        max={max}
        minFractionDigits={0}
        maxFractionDigits={decimals}
        useGrouping={false}
        disabled={readOnly}
        invalid={!!error}
        className="w-full"
        inputClassName="w-full"
      />
    </FieldFrame>
  );
}

/** A day field ("YYYY-MM-DD"). */
export function DayField({ field, label, className }: { field: AedEditableField; label?: string; className?: string }) {
  const { t } = useIntl();
  const { value, error, edited, readOnly, change } = useAedField(field);
  const calendarLanguage = useCalendarLanguage();
  return (
    <FieldFrame id={field} label={label ?? t(`aed.field.${field}`)} error={error} edited={edited} className={className}>
      <Calendar inputId={`aed-${field}`} value={fromDay(value)} onChange={(event) => change(event.value ? toDay(event.value as Date) : null)} {...calendarLanguage} showIcon showButtonBar disabled={readOnly} invalid={!!error} className="w-full" yearRange="1900:2099" />
    </FieldFrame>
  );
}

/** A choice among options (value and label). */
export function ChoiceField({ field, label, options, editable, filter, showClear = true, className, onChosen }: { field: AedEditableField; label?: string; options: Array<{ value: string | number; label: string }>; editable?: boolean; filter?: boolean; showClear?: boolean; className?: string; onChosen?: (value: unknown) => void }) {
  const { t } = useIntl();
  const { value, error, edited, readOnly, change } = useAedField(field);
  return (
    <FieldFrame id={field} label={label ?? t(`aed.field.${field}`)} error={error} edited={edited} className={className}>
      <Dropdown
        inputId={`aed-${field}`}
        value={value ?? null}
        options={options}
        optionLabel="label"
        optionValue="value"
        editable={editable}
        filter={filter}
        showClear={showClear}
        disabled={readOnly}
        invalid={!!error}
        placeholder={t('aed.form.choose')}
        className="w-full"
        onChange={(event) => {
          const next = event.value === '' || event.value === undefined ? null : event.value;
          change(next);
          onChosen?.(next);
        }}
      />
    </FieldFrame>
  );
}

/** A yes/no field as a switch. */
export function SwitchField({ field, label, hint }: { field: AedEditableField; label?: string; hint?: string }) {
  const { t } = useIntl();
  const { value, edited, readOnly, change } = useAedField(field);
  return (
    <div className={`aed-switch ${edited ? 'is-edited' : ''}`} data-field={field}>
      <InputSwitch inputId={`aed-${field}`} checked={value === true} onChange={(event) => change(!!event.value)} disabled={readOnly} />
      <label htmlFor={`aed-${field}`}>
        <span className="font-medium">{label ?? t(`aed.field.${field}`)}</span>
        {hint ? <small className="block text-600">{hint}</small> : null}
      </label>
    </div>
  );
}

/** A yes/no field as a checkbox. */
export function CheckField({ field, label }: { field: AedEditableField; label?: string }) {
  const { t } = useIntl();
  const { value, readOnly, change } = useAedField(field);
  return (
    <div className="flex align-items-center gap-2" data-field={field}>
      <Checkbox inputId={`aed-${field}`} checked={value === true} onChange={(event) => change(!!event.checked)} disabled={readOnly} />
      <label htmlFor={`aed-${field}`}>{label ?? t(`aed.field.${field}`)}</label>
    </div>
  );
}
