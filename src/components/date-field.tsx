import { Calendar, type CalendarProps } from 'primereact/calendar';
import { calendarDayFormat, dayToPicker, instantToPicker, pickerToDay, pickerToInstant } from '../i18n/dates';
import { useIntl } from '../i18n/intl-provider';

type Passed = Omit<CalendarProps, 'value' | 'onChange' | 'dateFormat' | 'locale' | 'minDate' | 'maxDate' | 'selectionMode' | 'showTime'>;

interface DayFieldProps extends Passed {
  /** A day, YYYY-MM-DD, or null. */
  value: string | null;
  onChange: (day: string | null) => void;
  min?: string;
  max?: string;
}

interface DateTimeFieldProps extends Passed {
  /** An instant (ISO 8601), or null. */
  value: string | null;
  onChange: (instant: string | null) => void;
  /** The earliest instant that may be picked ('now' for a date in the future). */
  min?: string | 'now';
  max?: string;
}

/** What a calendar of the app takes from the interface language: its one day format and its texts. */
export function useCalendarLanguage() {
  const { locale, language } = useIntl();
  return { dateFormat: calendarDayFormat(locale), locale: language.iso };
}

/** The props every date field shares: the language's format and texts, the spec's years, a panel kept clear of the app header. */
function useShared() {
  return { ...useCalendarLanguage(), yearRange: '1900:2099', panelClassName: 'vigil-date-panel' };
}

/** A day field (no time zone: the day typed is the day sent), typed and shown in the interface language's format. */
export function DayField({ value, onChange, min, max, ...rest }: DayFieldProps) {
  const shared = useShared();
  return (
    <Calendar
      {...shared}
      {...rest}
      value={value ? dayToPicker(value) : null}
      minDate={min ? (dayToPicker(min) ?? undefined) : undefined}
      maxDate={max ? (dayToPicker(max) ?? undefined) : undefined}
      onChange={(event) => onChange(event.value instanceof Date ? pickerToDay(event.value) : null)}
    />
  );
}

/** A date and time field in the account's time zone (Europe/Paris) whatever the browser's, in the interface language's format. */
export function DateTimeField({ value, onChange, min, max, ...rest }: DateTimeFieldProps) {
  const shared = useShared();
  return (
    <Calendar
      {...shared}
      {...rest}
      showTime
      hourFormat="24"
      value={value ? instantToPicker(value) : null}
      minDate={min ? instantToPicker(min === 'now' ? Date.now() : min) : undefined}
      maxDate={max ? instantToPicker(max) : undefined}
      onChange={(event) => onChange(event.value instanceof Date ? pickerToInstant(event.value) : null)}
    />
  );
}
