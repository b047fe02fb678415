import { DateTime } from 'luxon';
import { historyZone } from '../../../contract/history.schemas';

/** Calendar presets of spec §9, in the order the calendar lists them. */
export const calendarPresets = ['today', 'last7Days', 'last30Days', 'currentMonth', 'lastMonth', 'last6Months', 'currentYear'] as const;
export type CalendarPreset = (typeof calendarPresets)[number];

/** The days a preset covers (YYYY-MM-DD, both included, Europe/Paris) at `now`. */
export function presetRange(preset: CalendarPreset, now: number = Date.now()): { startDate: string; endDate: string } {
  const today = DateTime.fromMillis(now).setZone(historyZone).startOf('day');
  const day = (value: DateTime) => value.toISODate()!;
  switch (preset) {
    case 'today':
      return { startDate: day(today), endDate: day(today) };
    case 'last7Days':
      return { startDate: day(today.minus({ days: 6 })), endDate: day(today) };
    case 'last30Days':
      return { startDate: day(today.minus({ days: 29 })), endDate: day(today) };
    case 'currentMonth':
      return { startDate: day(today.startOf('month')), endDate: day(today) };
    case 'lastMonth': {
      const last = today.minus({ months: 1 });
      return { startDate: day(last.startOf('month')), endDate: day(last.endOf('month')) };
    }
    case 'last6Months':
      return { startDate: day(today.minus({ months: 6 }).plus({ days: 1 })), endDate: day(today) };
    case 'currentYear':
      return { startDate: day(today.startOf('year')), endDate: day(today) };
  }
}

/** The preset a range is, if any (to highlight it in the calendar). */
export function presetOf(range: { startDate: string; endDate: string }, now: number = Date.now()): CalendarPreset | null {
  return calendarPresets.find((preset) => {
    const candidate = presetRange(preset, now);
    return candidate.startDate === range.startDate && candidate.endDate === range.endDate;
  }) ?? null;
}
