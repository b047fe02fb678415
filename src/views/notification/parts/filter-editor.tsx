import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import { filterFields, type FilterField } from '../../../../contract/notification.filter';
import { DayField } from '../../../components/date-field';
import { useIntl } from '../../../i18n/intl-provider';
import { filterValueKinds, maxFilterRows, operatorsOf } from '../../../machines/notification-form/notification-form.rules';
import type { FilterRow } from '../../../machines/notification-form/notification-form.types';
import { useNotificationForm } from './use-form';

/** The label key of a choice value of a field. */
function choiceKey(field: FilterField, value: string): string {
  if (field === 'trainedStatus') return `responder.trained.${value}`;
  if (field === 'os') return `notification.os.${value}`;
  if (field === 'language') return `notification.filter.language.${value}`;
  return `notification.filter.${field}.${value}`;
}

function ValueInput({ row, index, invalid }: { row: FilterRow; index: number; invalid: boolean }) {
  const { t } = useIntl();
  const { form } = useNotificationForm();
  const kind = filterValueKinds[row.field];
  const id = `filter-value-${index}`;
  const set = (value: FilterRow['value']) => form.send({ type: 'filter.update', index, row: { value } });
  const label = t('notification.filter.value');
  if (kind.kind === 'choice') {
    const options = kind.options.map((value) => ({ value, label: t(choiceKey(row.field, value)) }));
    if (row.operator === 'in' || row.operator === 'notIn') {
      return <MultiSelect inputId={id} value={(row.value as string[] | null) ?? []} options={options} display="chip" invalid={invalid} aria-label={label} className="notif-filter__value" onChange={(event) => set(event.value as string[])} />;
    }
    return <Dropdown inputId={id} value={row.value} options={options} invalid={invalid} aria-label={label} placeholder={label} className="notif-filter__value" onChange={(event) => set(event.value as string)} />;
  }
  if (kind.kind === 'boolean') {
    const options = [
      { value: true, label: t('notification.filter.yes') },
      { value: false, label: t('notification.filter.no') },
    ];
    return <SelectButton id={id} value={row.value} options={options} allowEmpty={false} aria-label={label} className="notif-filter__value" onChange={(event) => event.value !== null && set(event.value as boolean)} />;
  }
  if (kind.kind === 'integer') {
    return <InputNumber inputId={id} value={(row.value as number | null) ?? null} min={kind.min} max={kind.max} useGrouping={false} invalid={invalid} aria-label={label} className="notif-filter__value" onValueChange={(event) => set(event.value ?? null)} />;
  }
  if (kind.kind === 'date') {
    return <DayField inputId={id} value={typeof row.value === 'string' && row.value ? row.value : null} showIcon invalid={invalid} aria-label={label} className="notif-filter__value" onChange={(day) => set(day)} />;
  }
  return (
    <InputText
      id={id}
      value={(row.value as string | null) ?? ''}
      placeholder={kind.kind === 'phone' ? '+33 6' : label}
      invalid={invalid}
      aria-label={label}
      className="notif-filter__value"
      onChange={(event) => set(event.target.value === '' ? null : event.target.value)}
    />
  );
}

/**
 * The additional targeting filter (spec §3): rows of field, operator and value, chosen from the
 * whitelist the server accepts; all must hold. Never SQL.
 */
export function FilterEditor() {
  const { t } = useIntl();
  const { form, values, errors } = useNotificationForm();
  const fieldOptions = filterFields.map((field) => ({ value: field, label: t(`notification.filter.field.${field}`) }));
  return (
    <div className="notif-filter" data-testid="filter-editor">
      <div className="notif-filter__header">
        <span className="notif-field__label">{t('notification.field.filter')}</span>
        <small className="notif-field__hint">{t('notification.field.filter.hint')}</small>
      </div>
      {values.filter.map((row, index) => (
        <div key={index} className="notif-filter__row" data-testid="filter-row">
          <span className="notif-filter__and">{index === 0 ? t('notification.filter.where') : t('notification.filter.and')}</span>
          <Dropdown
            inputId={`filter-field-${index}`}
            value={row.field}
            options={fieldOptions}
            aria-label={t('notification.filter.field')}
            className="notif-filter__field"
            onChange={(event) => form.send({ type: 'filter.update', index, row: { field: event.value as FilterField } })}
          />
          <Dropdown
            inputId={`filter-operator-${index}`}
            value={row.operator}
            options={operatorsOf(row.field).map((operator) => ({ value: operator, label: t(`notification.filter.operator.${operator}`) }))}
            aria-label={t('notification.filter.operator')}
            className="notif-filter__operator"
            onChange={(event) => form.send({ type: 'filter.update', index, row: { operator: event.value as FilterRow['operator'] } })}
          />
          <ValueInput row={row} index={index} invalid={Boolean(errors[`filter.${index}`])} />
          <Button type="button" icon="pi pi-times" rounded text severity="secondary" aria-label={t('notification.filter.remove')} onClick={() => form.send({ type: 'filter.remove', index })} />
          {errors[`filter.${index}`] ? <small className="p-error notif-filter__error">{t(errors[`filter.${index}`]!)}</small> : null}
        </div>
      ))}
      {errors.filter ? <small className="p-error">{t(errors.filter)}</small> : null}
      <Button
        type="button"
        icon="pi pi-plus"
        label={t('notification.filter.add')}
        text
        size="small"
        disabled={values.filter.length >= maxFilterRows}
        data-testid="filter-add"
        onClick={() => form.send({ type: 'filter.add' })}
      />
    </div>
  );
}
