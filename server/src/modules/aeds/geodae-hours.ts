import type { OpeningHours } from '../../db/schema/aeds';
import { businessHours, mergeRanges, nightHours, type Range } from '../imports/face';

/**
 * Vigil's weekly ranges in schema-dae's vocabulary, the reverse of the import's reading
 * (imports/values.ts parseDays and parseHours): days among "7j/7", "lundi"… and hours among
 * "heures ouvrables" (08:00-18:00), "heures de nuit" (18:00-08:00) and "24h/24". Hours the
 * vocabulary cannot say exactly are written with the words they touch, and the exact week goes in
 * the complement (disp_complt) as "lundi: 09:00-12:00 | samedi: 09:00-12:00", which the import
 * reads back as the hours.
 */

const dayNames = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];
const notGiven = 'non renseigné';

const rangesText = (ranges: Range[]) => ranges.map((range) => `${range.open}-${range.close}`).join(', ');
const sameRanges = (a: Range[], b: Range[]) => rangesText(a) === rangesText(b);
const overlaps = (ranges: Range[], window: Range) => ranges.some((range) => range.open < window.close && range.close > window.open);

export interface GeoDaeHours {
  disp_j: string;
  disp_h: string;
  disp_complt: string;
}

/** The days, hours and complement cells of an AED's opening hours. */
export function geoDaeHours(alwaysOpened: boolean, openingHours: OpeningHours | null): GeoDaeHours {
  if (alwaysOpened) return { disp_j: '7j/7', disp_h: '24h/24', disp_complt: '' };
  const week = dayNames
    .map((name, index) => ({ name, ranges: mergeRanges(openingHours?.[String(index + 1) as keyof OpeningHours] ?? []) }))
    .filter((day) => day.ranges.length > 0);
  if (week.length === 0) return { disp_j: notGiven, disp_h: notGiven, disp_complt: '' };
  const days = week.length === 7 ? '7j/7' : week.map((day) => day.name).join('|');
  const vocabulary: [word: string, ranges: Range[]][] = [
    ['24h/24', [{ open: '00:00', close: '24:00' }]],
    ['heures ouvrables', [businessHours]],
    ['heures de nuit', nightHours],
  ];
  const exact = week.every((day) => sameRanges(day.ranges, week[0].ranges)) ? vocabulary.find(([, ranges]) => sameRanges(ranges, week[0].ranges)) : undefined;
  if (exact) return { disp_j: days, disp_h: exact[0], disp_complt: '' };
  const all = week.flatMap((day) => day.ranges);
  const words = [overlaps(all, businessHours) ? 'heures ouvrables' : '', nightHours.some((night) => overlaps(all, night)) ? 'heures de nuit' : ''].filter(Boolean);
  return { disp_j: days, disp_h: words.join('|'), disp_complt: week.map((day) => `${day.name}: ${rangesText(day.ranges)}`).join(' | ') };
}
