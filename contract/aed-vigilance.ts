/**
 * Vigilance of an AED (spec §4): whether its battery, adult pads and child pads are expired or
 * about to expire, and how long ago its data was last confirmed. Pure functions: the server
 * computes them for every AED it answers with, and the list filters use the same thresholds.
 */
export type ConsumableVigilance = 'ok' | 'soon' | 'expired' | 'unknown';
export type ChildPadsVigilance = ConsumableVigilance | 'none';
export type ConfirmationBand = 'never' | 'under3Months' | 'under6Months' | 'under1Year' | 'over1Year';

export interface AedVigilance {
  battery: ConsumableVigilance;
  pads: ConsumableVigilance;
  childPads: ChildPadsVigilance;
  /** True when any of the three is expired or expires soon. */
  alert: boolean;
  confirmation: ConfirmationBand;
}

/** Default number of days before an expiry date from which it counts as "soon". */
export const defaultVigilanceDays = 60;

/** "YYYY-MM-DD" of a day, in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Adds days to a "YYYY-MM-DD" day. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** Expired strictly before today; soon when it falls within `soonDays` days from today. */
export function consumableVigilance(expiry: string | null | undefined, today: string, soonDays: number): ConsumableVigilance {
  if (!expiry) return 'unknown';
  if (expiry < today) return 'expired';
  return expiry <= addDays(today, soonDays) ? 'soon' : 'ok';
}

/** Adds calendar months to a day, clamping to the month's last day. */
function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return isoDay(target);
}

const programmeDays = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The Europe/Paris day ("YYYY-MM-DD") of a confirmation: a moment is counted in the programme's
 * days (spec §9), as the list's SQL filters count it, so a confirmation at 23:30 UTC falls on the
 * next Paris day in both. A bare day is taken as it is.
 */
export function confirmationDay(value: string | Date): string {
  if (typeof value === 'string' && value.length <= 10) return value;
  return programmeDay(typeof value === 'string' ? new Date(value) : value);
}

/** The Europe/Paris day ("YYYY-MM-DD") of a moment, with one formatter built once (a list answer asks it per row). */
export function programmeDay(moment: Date): string {
  return programmeDays.format(moment);
}

/** The confirmation age band of spec §9: 3 months, 6 months, 1 year. */
export function confirmationBand(lastConfirmation: string | Date | null | undefined, today: string): ConfirmationBand {
  if (!lastConfirmation) return 'never';
  const day = confirmationDay(lastConfirmation);
  if (day > addMonths(today, -3)) return 'under3Months';
  if (day > addMonths(today, -6)) return 'under6Months';
  if (day > addMonths(today, -12)) return 'under1Year';
  return 'over1Year';
}

/** The lower bound (exclusive) of each band's confirmation day, for SQL filters. */
export function confirmationBounds(today: string): Record<Exclude<ConfirmationBand, 'never'>, { after?: string; notAfter?: string }> {
  const m3 = addMonths(today, -3);
  const m6 = addMonths(today, -6);
  const y1 = addMonths(today, -12);
  return {
    under3Months: { after: m3 },
    under6Months: { after: m6, notAfter: m3 },
    under1Year: { after: y1, notAfter: m6 },
    over1Year: { notAfter: y1 },
  };
}

export interface VigilanceInput {
  batteryExpiration?: string | null;
  padsExpiration?: string | null;
  childPadsExpiration?: string | null;
  hasChildPads?: boolean | null;
  lastConfirmationDate?: string | Date | null;
}

/**
 * A vigilance function for one day: the thresholds are computed once, so a list or an export of
 * many AEDs pays only string comparisons per AED.
 */
export function vigilanceOn(today: string, soonDays: number = defaultVigilanceDays): (aed: VigilanceInput) => AedVigilance {
  const soon = addDays(today, soonDays);
  const m3 = addMonths(today, -3);
  const m6 = addMonths(today, -6);
  const y1 = addMonths(today, -12);
  const consumable = (expiry: string | null | undefined): ConsumableVigilance => (!expiry ? 'unknown' : expiry < today ? 'expired' : expiry <= soon ? 'soon' : 'ok');
  const flagged = (value: string) => value === 'expired' || value === 'soon';
  return (aed) => {
    const battery = consumable(aed.batteryExpiration);
    const pads = consumable(aed.padsExpiration);
    const childPads: ChildPadsVigilance = aed.hasChildPads ? consumable(aed.childPadsExpiration) : 'none';
    const confirmed = aed.lastConfirmationDate;
    const day = confirmed ? confirmationDay(confirmed) : undefined;
    const confirmation: ConfirmationBand = !day ? 'never' : day > m3 ? 'under3Months' : day > m6 ? 'under6Months' : day > y1 ? 'under1Year' : 'over1Year';
    return { battery, pads, childPads, alert: flagged(battery) || flagged(pads) || flagged(childPads), confirmation };
  };
}

/** The whole vigilance of one AED on a given day. */
export function aedVigilance(aed: VigilanceInput, today: string, soonDays: number = defaultVigilanceDays): AedVigilance {
  return vigilanceOn(today, soonDays)(aed);
}
