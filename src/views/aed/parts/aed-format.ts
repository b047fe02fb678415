import { DateTime } from 'luxon';
import { displayTimeZone } from '../../../i18n/intl';

/** A day ("2026-03-01" or an ISO instant) in the user's language, in Europe/Paris. */
export function formatDay(value: string, locale: string): string {
  const parsed = value.length === 10 ? DateTime.fromISO(value, { zone: displayTimeZone }) : DateTime.fromISO(value).setZone(displayTimeZone);
  return parsed.isValid ? parsed.setLocale(locale.replace('_', '-')).toLocaleString(DateTime.DATE_MED) : value;
}

/** The short two-letter language of a locale (what the server's option lists take). */
export const langOf = (locale: string) => locale.slice(0, 2).toLowerCase();
