import { formatDay } from './aed-format';

type Translate = (key: string, values?: Record<string, string | number>) => string;

const dayFields = new Set(['installDate', 'lastInspection', 'padsExpiration', 'childPadsExpiration', 'batteryExpiration', 'padsPackExpiration', 'maintenanceLastDate']);

/** Opening hours as one line: "Mon 08:30–12:00 13:30–18:00 · Tue …". */
export function hoursText(hours: Record<string, Array<{ open: string; close: string }>> | null | undefined, t: Translate): string {
  if (!hours) return '';
  return ['1', '2', '3', '4', '5', '6', '7']
    .filter((day) => hours[day]?.length)
    .map((day) => `${t(`aed.weekday.short.${day}`)} ${hours[day]!.map((range) => `${range.open}–${range.close}`).join(' ')}`)
    .join(' · ');
}

/** A field's value as words: yes/no, option labels, days, opening hours. */
export function valueText(field: string, value: unknown, t: Translate, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return t(value ? 'aed.common.yes' : 'aed.common.no');
  if (field === 'openingHours') return hoursText(value as Record<string, Array<{ open: string; close: string }>>, t);
  if (field === 'position' || field === 'accessibility' || field === 'maintenanceAlertType' || field === 'source') return t(`aed.filter.value.${field}.${String(value)}`);
  if (dayFields.has(field) && typeof value === 'string') return formatDay(value, locale);
  if (typeof value === 'number' && (field === 'lat' || field === 'lon')) return value.toFixed(6);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
