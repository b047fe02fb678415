import OpeningHoursParser from 'opening_hours';
import type { OpeningHours } from '../../db/schema/aeds';
import { mergeRanges, type Range } from './values';

/** What an OSM `opening_hours` value says in Vigil's terms. */
export type OsmHoursReading =
  | { kind: 'always' }
  /** Weekly ranges; `partial` when the value says more than a week can hold (holidays, seasons, sun times, comments). */
  | { kind: 'weekly'; hours: OpeningHours; partial: boolean }
  /** The library cannot parse it: the text is kept as it is. */
  | { kind: 'unreadable' };

/** A week with no public holiday in France, Germany or Luxembourg, starting on a Monday (local time). */
const weekStart = () => new Date(2024, 0, 8);
const weekEnd = () => new Date(2024, 0, 15);
/** What the library needs to know public holidays; the week read has none, so the country barely matters. */
const place = { lat: 46.6, lon: 2.4, address: { country_code: 'fr', state: '' } };
const variableTimes = /\b(sunrise|sunset|dawn|dusk)\b/i;

const clock = (date: Date, end = false) => {
  const minutes = date.getHours() * 60 + date.getMinutes();
  const value = end && minutes === 0 ? 24 * 60 : minutes;
  return `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
};

/**
 * Reads an OSM `opening_hours` value with the `opening_hours` library: the open intervals of one
 * ordinary week become Vigil's weekday ranges (split at midnight). A value whose week changes with
 * the date, that names public or school holidays, sun times, or open "unknown"/commented intervals
 * is read as far as a week goes and flagged partial, so the caller keeps the text.
 */
export function readOsmHours(text: string): OsmHoursReading {
  let parsed: OpeningHoursParser;
  try {
    parsed = new OpeningHoursParser(text.trim(), place as never, { mode: 0 } as never);
  } catch {
    return { kind: 'unreadable' };
  }
  const intervals = parsed.getOpenIntervals(weekStart(), weekEnd());
  const first = intervals[0];
  if (intervals.length === 1 && !first[2] && first[0].getTime() === weekStart().getTime() && first[1].getTime() === weekEnd().getTime()) {
    return { kind: 'always' };
  }
  const days: Record<string, Range[]> = {};
  let uncertain = false;
  for (const [from, to, unknown, comment] of intervals) {
    if (unknown || comment) uncertain = true;
    // Cut each interval at midnights: a night opening belongs to two days.
    for (let start = from; start < to; ) {
      const midnight = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
      const end = to < midnight ? to : midnight;
      const weekday = ((start.getDay() + 6) % 7) + 1;
      (days[String(weekday)] ??= []).push({ open: clock(start), close: clock(end, true) });
      start = end;
    }
  }
  const hours: OpeningHours = {};
  for (const [day, ranges] of Object.entries(days)) hours[day as keyof OpeningHours] = mergeRanges(ranges);
  const partial = uncertain || !parsed.isWeekStable() || /\b(PH|SH)\b/.test(text) || variableTimes.test(text);
  return { kind: 'weekly', hours, partial };
}

/** Every day open all day: Vigil's "always open". */
export function coversWholeWeek(hours: OpeningHours): boolean {
  return [1, 2, 3, 4, 5, 6, 7].every((day) => {
    const ranges = hours[String(day) as keyof OpeningHours];
    return ranges?.length === 1 && ranges[0].open === '00:00' && ranges[0].close === '24:00';
  });
}

const osmDays = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/**
 * Vigil's hours in OSM `opening_hours` syntax, the reverse of readOsmHours: "24/7" when always
 * open, else one rule per run of days with the same ranges ("Mo-Fr 08:00-18:00; Sa 09:00-12:00");
 * undefined when no day is open (no tag: OSM says nothing rather than "closed").
 */
export function writeOsmHours(alwaysOpened: boolean, hours: OpeningHours | null): string | undefined {
  if (alwaysOpened || (hours && coversWholeWeek(hours))) return '24/7';
  const days = osmDays.map((_name, index) =>
    mergeRanges(hours?.[String(index + 1) as keyof OpeningHours] ?? [])
      .map((range) => `${range.open}-${range.close}`)
      .join(','),
  );
  const rules: string[] = [];
  for (let start = 0; start < 7; ) {
    let end = start;
    while (end + 1 < 7 && days[end + 1] === days[start]) end += 1;
    if (days[start] !== '') rules.push(`${osmDays[start]}${end > start ? `-${osmDays[end]}` : ''} ${days[start]}`);
    start = end + 1;
  }
  return rules.length > 0 ? rules.join('; ') : undefined;
}
