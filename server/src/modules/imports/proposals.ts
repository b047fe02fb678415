import type { ImportFieldId } from '../../../../contract/import.fields';
import type { FieldMapConfig, FieldProposal, HeaderCell } from '../../../../contract/import.schemas';
import { readOsmHours } from './osm-hours';
import { meansAlwaysOpen, parseDate, parseDayRanges, parseEmail, parseLatLon, parseNumber, parsePhone, parseWeekRanges } from './values';

type Reason = FieldProposal['reason'];

/** A reader of a column's sample values: the field and why, when every filled value fits. */
interface ValueTest {
  reason: Reason;
  field: ImportFieldId;
  fits: (value: string) => boolean;
}

const today = () => new Date().toISOString().slice(0, 10);
/** A written date (a bare number could be anything, an Excel serial day included). */
const writtenDate = (value: string) => /\D/.test(value) && parseDate(value) !== undefined;

/** Tried in this order: the first test every filled value passes proposes its field. */
const tests: ValueTest[] = [
  { reason: 'latLon', field: 'l_latLon', fits: (value) => /[,;\s]/.test(value.trim()) && parseLatLon(value) !== undefined },
  { reason: 'email', field: 'c_email', fits: (value) => parseEmail(value) !== undefined },
  { reason: 'postcode', field: 'l_zipCode', fits: (value) => /^(\d{5}|\d{4}|L-\d{4})$/i.test(value.trim()) },
  { reason: 'phone', field: 'c_phone', fits: (value) => /^[+0(]/.test(value.trim()) && value.replace(/\D/g, '').length >= 9 && parsePhone(value, 'FR') !== undefined },
  { reason: 'expiry', field: 'd_padsExpiration', fits: (value) => writtenDate(value) && parseDate(value)! > today() },
  { reason: 'date', field: 'd_installDate', fits: (value) => writtenDate(value) && parseDate(value)! <= today() },
  { reason: 'alwaysOpen', field: 'o_alwaysOpened', fits: meansAlwaysOpen },
  { reason: 'openingHours', field: 'o_week', fits: (value) => /\d/.test(value) && (parseWeekRanges(value) !== undefined || parseDayRanges(value) !== undefined) },
  { reason: 'osmHours', field: 'o_osm', fits: (value) => /\d|24\/7/.test(value) && readOsmHours(value).kind !== 'unreadable' },
];

/** Decimal degrees with at least three decimals: a coordinate, not a count. */
const degrees = (value: string) => /^-?\d{1,3}[.,]\d{3,}$/.test(value.trim()) ? parseNumber(value) : undefined;

/**
 * Fields proposed for the columns a mapping leaves ignored, read from their sample values:
 * a "lat, lon" pair, two columns of degrees (latitude the one within ±90 and, in Europe, the
 * larger), e-mails, postcodes, phone numbers, dates (past: installation, future: an expiry),
 * opening hours. A field already mapped, or proposed for an earlier column, is not proposed again.
 */
export function proposeFields(header: HeaderCell[], samples: string[][], config: FieldMapConfig | null): FieldProposal[] {
  const mapped = new Map((config ?? []).map((entry) => [entry.key, entry.field]));
  const taken = new Set<string>([...mapped.values()].filter((field): field is string => field !== null));
  const proposals: FieldProposal[] = [];
  const propose = (key: string, field: ImportFieldId, reason: Reason) => {
    if (taken.has(field)) return;
    // A column pair and a "lat, lon" column place the AED the same way: one is enough.
    if (field === 'l_latLon' && (taken.has('l_lat') || taken.has('l_lon'))) return;
    if ((field === 'l_lat' || field === 'l_lon') && taken.has('l_latLon')) return;
    taken.add(field);
    proposals.push({ key, field, reason });
  };
  const free = header
    .map((cell, index) => ({ cell, values: samples.map((row) => (row[index] ?? '').trim()).filter((value) => value !== '') }))
    .filter(({ cell, values }) => !mapped.get(cell.cellAddress) && values.length > 0);

  const coordinates = free.filter(({ values }) => values.every((value) => degrees(value) !== undefined));
  if (coordinates.length === 2) {
    const [a, b] = coordinates.map(({ values }) => values.map((value) => degrees(value)!));
    const beyond = (list: number[]) => list.some((value) => Math.abs(value) > 90);
    const mean = (list: number[]) => list.reduce((sum, value) => sum + Math.abs(value), 0) / list.length;
    const aIsLat = beyond(b) || (!beyond(a) && mean(a) >= mean(b));
    const [lat, lon] = aIsLat ? coordinates : [coordinates[1], coordinates[0]];
    if (!beyond(aIsLat ? a : b)) {
      propose(lat.cell.cellAddress, 'l_lat', 'latitude');
      propose(lon.cell.cellAddress, 'l_lon', 'longitude');
    }
  }
  for (const { cell, values } of free) {
    if (proposals.some((proposal) => proposal.key === cell.cellAddress)) continue;
    const test = tests.find((candidate) => !taken.has(candidate.field) && values.every(candidate.fits));
    if (test) propose(cell.cellAddress, test.field, test.reason);
  }
  return proposals;
}
