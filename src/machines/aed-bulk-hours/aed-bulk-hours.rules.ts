import { openingHours } from '../../../contract/aed.schemas';
import type { AedBulkHoursContext, BulkHoursCall, Weekday } from './aed-bulk-hours.types';

/** Every weekday, Monday first. */
export const weekdays: readonly Weekday[] = ['1', '2', '3', '4', '5', '6', '7'];

/** What the apply sends: always open, or the same range on each day ticked. */
export function callOf(context: Pick<AedBulkHoursContext, 'udids' | 'alwaysOpened' | 'days' | 'open' | 'close'>): BulkHoursCall {
  if (context.alwaysOpened) return { udids: context.udids, alwaysOpened: true, openingHours: {} };
  const range = { open: context.open.trim(), close: context.close.trim() };
  return { udids: context.udids, alwaysOpened: false, openingHours: Object.fromEntries(context.days.map((day) => [day, [range]])) };
}

/** The message key of hours the server would refuse (times, order), or null when they hold. */
export function hoursErrorOf(context: Pick<AedBulkHoursContext, 'udids' | 'alwaysOpened' | 'days' | 'open' | 'close'>): string | null {
  if (context.alwaysOpened) return null;
  const parsed = openingHours.safeParse(callOf(context).openingHours);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** The dialog can apply: AEDs ticked and hours that hold (no day ticked closes them every day, as asked). */
export const canApply = (context: AedBulkHoursContext) => context.udids.length > 0 && hoursErrorOf(context) === null;

/** Ticks or unticks a day, keeping the week's order. */
export const toggledDays = (days: Weekday[], day: Weekday): Weekday[] => (days.includes(day) ? days.filter((entry) => entry !== day) : weekdays.filter((entry) => entry === day || days.includes(entry)));
