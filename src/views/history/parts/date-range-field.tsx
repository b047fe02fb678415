import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useCalendarLanguage } from '../../../components/date-field';
import { dayToPicker, pickerToDay } from '../../../i18n/dates';
import { useIntl } from '../../../i18n/intl-provider';
import { calendarPresets, presetOf, presetRange, type CalendarPreset } from '../../../machines/dashboard/presets';

interface DateRangeFieldProps {
  id: string;
  startDate: string;
  endDate: string;
  onChange: (range: { startDate: string; endDate: string }) => void;
  /** The oldest day that may be picked. */
  minDate?: string;
  /** A message key under the field (a range breaking a rule of spec §5). */
  errorKey?: string | null;
  errorValues?: Record<string, string | number>;
  /** The screen's own default range, offered first under its own name (the history's last four months). */
  defaultRange?: { startDate: string; endDate: string; label: string };
}

/**
 * The calendar of spec §9: a period picked among the presets (today, last 7 days, last 30 days,
 * current month, last month, last 6 rolling months, current year) or two days on the calendar.
 */
export function DateRangeField({ id, startDate, endDate, onChange, minDate, errorKey, errorValues, defaultRange }: DateRangeFieldProps) {
  const { t } = useIntl();
  const calendarLanguage = useCalendarLanguage();
  const isDefault = defaultRange !== undefined && defaultRange.startDate === startDate && defaultRange.endDate === endDate;
  const preset = isDefault ? 'default' : startDate && endDate ? presetOf({ startDate, endDate }) : null;
  const options = [
    ...(defaultRange ? [{ value: 'default', label: defaultRange.label }] : []),
    ...calendarPresets.map((value) => ({ value, label: t(`calendar.preset.${value}`) })),
    { value: 'custom', label: t('calendar.preset.custom') },
  ];
  const start = dayToPicker(startDate);
  const end = dayToPicker(endDate);
  // The first day picked, until the second is: the range is told once both are (the calendar shows the half range meanwhile).
  const [firstDay, setFirstDay] = useState<Date | null>(null);
  return (
    <div className="date-range-field">
      <div className="date-range-field__inputs">
        <Dropdown
          inputId={`${id}-preset`}
          aria-label={t('calendar.period')}
          value={preset ?? 'custom'}
          options={options}
          onChange={(event) => {
            // A blank default is each indicator's own range: nothing to ask.
            if (event.value === 'default' && defaultRange && defaultRange.startDate) onChange({ startDate: defaultRange.startDate, endDate: defaultRange.endDate });
            else if (event.value !== 'custom' && event.value !== 'default') onChange(presetRange(event.value as CalendarPreset));
          }}
          className="date-range-field__preset"
        />
        <Calendar
          inputId={id}
          aria-label={t('calendar.range')}
          value={firstDay ? [firstDay, null] : start && end ? [start, end] : start ? [start, null] : null}
          selectionMode="range"
          readOnlyInput
          hideOnRangeSelection
          showIcon
          {...calendarLanguage}
          minDate={minDate ? (dayToPicker(minDate) ?? undefined) : undefined}
          maxDate={new Date(2099, 11, 31)}
          onChange={(event) => {
            const [from, to] = (event.value ?? []) as (Date | null)[];
            setFirstDay(from && !to ? from : null);
            if (from && to) onChange({ startDate: pickerToDay(from), endDate: pickerToDay(to) });
          }}
          onHide={() => setFirstDay(null)}
          className="date-range-field__calendar"
        />
      </div>
      {errorKey ? (
        <small className="p-error" role="alert">
          {t(errorKey, errorValues)}
        </small>
      ) : null}
    </div>
  );
}
