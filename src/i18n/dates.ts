import { DateTime } from 'luxon';
import { displayTimeZone } from './intl';

type DateInput = string | number | Date;

function toParis(value: DateInput): DateTime {
  const parsed = typeof value === 'string' ? DateTime.fromISO(value) : typeof value === 'number' ? DateTime.fromMillis(value) : DateTime.fromJSDate(value);
  return parsed.setZone(displayTimeZone);
}

const luxonLocale = (locale: string) => locale.replace('_', '-');

/** Localised date plus HH:mm:ss, in Europe/Paris (spec §9). */
export function formatDateTime(value: DateInput, locale: string): string {
  const date = toParis(value);
  return `${date.setLocale(luxonLocale(locale)).toLocaleString(DateTime.DATE_SHORT)} ${date.toFormat('HH:mm:ss')}`;
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
