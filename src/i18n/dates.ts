import { DateTime } from 'luxon';
import { displayTimeZone } from './intl';

type DateInput = string | number | Date;

function toParis(value: DateInput): DateTime {
  const parsed = typeof value === 'string' ? DateTime.fromISO(value) : typeof value === 'number' ? DateTime.fromMillis(value) : DateTime.fromJSDate(value);
  return parsed.setZone(displayTimeZone);
}

const luxonLocale = (locale: string) => locale.replace('_', '-');

/**
 * The one day format of each interface language, shown in tables and typed in date fields alike:
 * dd/MM/yyyy in French and English (the service's dates are French; an English reader is never
 * shown 03/04 meaning March), dd.MM.yyyy in German.
 */
export function dayPattern(locale: string): string {
  return locale.toLowerCase().startsWith('de') ? 'dd.MM.yyyy' : 'dd/MM/yyyy';
}

/** The same format as PrimeReact's calendar writes it (yy is the four-digit year there). */
export function calendarDayFormat(locale: string): string {
  return locale.toLowerCase().startsWith('de') ? 'dd.mm.yy' : 'dd/mm/yy';
}

/** The language's day, in Europe/Paris. */
export function formatDay(value: DateInput, locale: string): string {
  return toParis(value).toFormat(dayPattern(locale));
}

/** The language's day plus HH:mm:ss, in Europe/Paris (spec §9). */
export function formatDateTime(value: DateInput, locale: string): string {
  const date = toParis(value);
  return `${date.setLocale(luxonLocale(locale)).toFormat(dayPattern(locale))} ${date.toFormat('HH:mm:ss')}`;
}

/**
 * Calendars work on the browser's clock; these turn an instant into a Date that shows its Paris
 * wall-clock time in any browser time zone, and back, so a date picker works in the account's
 * time zone (Europe/Paris) whatever the browser's.
 */
export function instantToPicker(value: DateInput): Date {
  const paris = toParis(value);
  return new Date(paris.year, paris.month - 1, paris.day, paris.hour, paris.minute, paris.second);
}

/** The instant of the Paris wall-clock time a picker shows (see instantToPicker). */
export function pickerToInstant(date: Date): string {
  return DateTime.fromObject({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours(), minute: date.getMinutes(), second: date.getSeconds() }, { zone: displayTimeZone }).toUTC().toISO()!;
}

/** A day (YYYY-MM-DD) as a picker shows it: that day at the browser's midnight. */
export function dayToPicker(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** The day a picker shows, as YYYY-MM-DD (its own fields: no time zone moves it). */
export function pickerToDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** HH:mm in Europe/Paris. */
export function formatTime(value: DateInput): string {
  return toParis(value).toFormat('HH:mm');
}

/** HH:mm:ss in Europe/Paris: a timeline where seconds matter (the chronology). */
export function formatTimeWithSeconds(value: DateInput): string {
  return toParis(value).toFormat('HH:mm:ss');
}

/** YYYY-MM-DD in Europe/Paris (what date filters send). */
export function formatIsoDate(value: DateInput): string {
  return toParis(value).toFormat('yyyy-MM-dd');
}

/** Now, in the display time zone. */
export function nowInParis(): DateTime {
  return DateTime.now().setZone(displayTimeZone);
}
