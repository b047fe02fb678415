/**
 * Readers of spreadsheet cells as real files write them: French decimal commas, t/f and oui/non,
 * dates in several orders, GeoDAE's PostgreSQL-array days and hours, a "lat, lon" pair in one cell.
 * Each returns undefined when the text cannot be read (the row then says which column is wrong).
 */
import type { OpeningHours } from '../../db/schema/aeds';

/** Printable ASCII without the two ASCII diacritics (^ and `): nothing to decompose or strip. */
const plainAscii = /^[\x20-\x5d\x5f\x61-\x7e]*$/;

/** Lower case, no accents, single spaces: the form texts are compared in. */
export function fold(text: string): string {
  // Most cells of a file are plain ASCII: they skip the Unicode decomposition (a tenth of a row's reading).
  const bare = plainAscii.test(text) ? text : text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  return bare
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** Letters and digits only, folded: for matching header names and catalogue entries. */
export function compact(text: string): string {
  return fold(text).replace(/[^a-z0-9]/g, '');
}

/** A number with a point or a comma for decimals, spaces as thousands separators. */
export function parseNumber(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[-+]?\d+)?$/i.test(cleaned)) return undefined;
  const value = Number(cleaned.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

const truthy = new Set(['oui', 'o', 'yes', 'y', 'true', 't', 'vrai', 'v', '1', 'x', 'ja', 'j', 'on', '✓', '✔']);
const falsy = new Set(['non', 'n', 'no', 'false', 'f', 'faux', '0', 'nein', 'off', '-']);

/** oui/non, t/f, true/false, 1/0, x (ticked) and their German and English forms. */
export function parseBoolean(text: string): boolean | undefined {
  const value = fold(text);
  if (truthy.has(value)) return true;
  if (falsy.has(value)) return false;
  return undefined;
}

function validDay(y: number, m: number, d: number): string | undefined {
  if (y < 1900 || y > 2099 || m < 1 || m > 12 || d < 1) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A calendar day as YYYY-MM-DD: ISO (with or without a time), day-first French and German forms
 * (30/09/2019, 30.09.2019, 30-09-19) and an Excel serial day number.
 */
export function parseDate(text: string): string | undefined {
  const value = text.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/.exec(value);
  if (m) return validDay(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?: [\d:]+)?$/.exec(value);
  if (m) {
    const year = m[3].length === 2 ? 2000 + +m[3] : +m[3];
    return validDay(year, +m[2], +m[1]);
  }
  m = /^(\d{5})(?:[.,]\d+)?$/.exec(value);
  if (m) {
    const date = new Date(Date.UTC(1899, 11, 30) + +m[1] * 86_400_000);
    return validDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  return undefined;
}

/** Whether coordinates are on the globe. */
export function validLatLon(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;
}

/**
 * A coordinate pair in one cell: "45.7772, 3.0870", "45,7772 ; 3,0870", "45,7772, 3,0870",
 * "45.7772 3.0870", and WKT "POINT(3.0870 45.7772)" (longitude first).
 */
export function parseLatLon(text: string): { lat: number; lon: number } | undefined {
  const value = text.trim();
  const wkt = /^point\s*\(\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*\)$/i.exec(value);
  if (wkt) return pair(+wkt[2], +wkt[1]);
  const patterns = [
    /^\(?\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*\)?$/,
    /^\(?\s*(-?\d+(?:,\d+)?)\s*(?:;|\s|,\s+)\s*(-?\d+(?:,\d+)?)\s*\)?$/,
    /^(-?\d+,\d+),(-?\d+,\d+)$/,
  ];
  for (const pattern of patterns) {
    const m = pattern.exec(value);
    const found = m && pair(Number(m[1].replace(',', '.')), Number(m[2].replace(',', '.')));
    if (found) return found;
  }
  return undefined;
}

function pair(lat: number, lon: number): { lat: number; lon: number } | undefined {
  return validLatLon(lat, lon) ? { lat, lon } : undefined;
}

/** 1 indoor, 2 outdoor. */
export function parsePosition(text: string): 1 | 2 | undefined {
  const value = fold(text);
  if (['1', 'interieur', 'indoor', 'inside', 'innen', 'int', 'dedans'].includes(value)) return 1;
  if (['2', 'exterieur', 'outdoor', 'outside', 'aussen', 'außen', 'ext', 'dehors'].includes(value)) return 2;
  return undefined;
}

/** 1 private, 2 public; a free-access yes/no (GeoDAE acc_lib) reads as public/private. */
export function parseAccessibility(text: string): 1 | 2 | undefined {
  const value = fold(text);
  if (['2', 'public', 'publique', 'libre', 'acces libre', 'offentlich', 'oeffentlich'].includes(value)) return 2;
  if (['1', 'prive', 'privee', 'private', 'privat', 'restreint', 'acces restreint'].includes(value)) return 1;
  const free = parseBoolean(text);
  if (free === undefined) return undefined;
  return free ? 2 : 1;
}

const countries: Record<string, string> = {
  france: 'FR',
  luxembourg: 'LU',
  letzebuerg: 'LU',
  luxemburg: 'LU',
  belgique: 'BE',
  belgium: 'BE',
  belgien: 'BE',
  allemagne: 'DE',
  germany: 'DE',
  deutschland: 'DE',
  suisse: 'CH',
  switzerland: 'CH',
  schweiz: 'CH',
  monaco: 'MC',
  espagne: 'ES',
  spain: 'ES',
  italie: 'IT',
  italy: 'IT',
};

/** ISO 3166-1 alpha-2 from a code or a common country name. */
export function parseCountry(text: string): string | undefined {
  const value = fold(text);
  if (/^[a-z]{2}$/.test(value)) return value.toUpperCase();
  return countries[value];
}

const dayNames: Record<string, number> = {
  lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6, dimanche: 7,
  lun: 1, mar: 2, mer: 3, jeu: 4, ven: 5, sam: 6, dim: 7,
  monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6, sunday: 7,
  mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7,
  mo: 1, tu: 2, we: 3, th: 4, fr: 5, sa: 6, su: 7,
  montag: 1, dienstag: 2, mittwoch: 3, donnerstag: 4, freitag: 5, samstag: 6, sonntag: 7,
  di: 2, mi: 3, do: 4,
};

/** Splits a PostgreSQL array literal (`{lundi,"jours fériés"}`) or a `|`, `,` or `;` list. */
function listItems(text: string): string[] {
  const inner = text.trim().replace(/^\{(.*)\}$/s, '$1');
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of inner) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === '|' || char === ';')) {
      items.push(current);
      current = '';
    } else current += char;
  }
  items.push(current);
  return items.map((item) => fold(item)).filter((item) => item !== '');
}

/** What a days or hours cell says: a value, "not given" (non renseigné), or unreadable. */
export type Reading<T> = { known: true; value: T } | { known: false };

/**
 * GeoDAE / schema-dae days (disp_j): weekdays, "7j/7"; public holidays and events are no weekday
 * and are left out; "non renseigné" says nothing.
 */
export function parseDays(text: string): Reading<number[]> | undefined {
  const items = listItems(text);
  if (items.length === 0 || items.every((item) => item === 'non renseigne' || item === 'inconnu')) return { known: false };
  const days = new Set<number>();
  for (const item of items) {
    if (item === '7j/7' || item === '7/7' || item === '7j7' || item === 'tous les jours') [1, 2, 3, 4, 5, 6, 7].forEach((d) => days.add(d));
    else if (dayNames[item]) days.add(dayNames[item]);
    else if (item === 'jours feries' || item === 'evenements' || item === 'non renseigne') continue;
    else return undefined;
  }
  return { known: true, value: [...days].sort() };
}

export type Range = { open: string; close: string };

/** Business hours and night hours, as Vigil reads the national vocabulary. */
export const businessHours: Range = { open: '08:00', close: '18:00' };
export const nightHours: Range[] = [
  { open: '00:00', close: '08:00' },
  { open: '18:00', close: '24:00' },
];
const fullDay: Range = { open: '00:00', close: '24:00' };

/** Sorts and merges touching or overlapping ranges. */
export function mergeRanges(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a.open.localeCompare(b.open));
  const merged: Range[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.open <= last.close) {
      if (range.close > last.close) last.close = range.close;
    } else merged.push({ ...range });
  }
  return merged;
}

/** GeoDAE / schema-dae hours (disp_h): business hours, night hours, 24h/24. */
export function parseHours(text: string): Reading<Range[]> | undefined {
  const items = listItems(text);
  if (items.length === 0 || items.every((item) => item === 'non renseigne' || item === 'inconnu')) return { known: false };
  const ranges: Range[] = [];
  for (const item of items) {
    if (item === '24h/24' || item === '24/24' || item === '24h24') ranges.push(fullDay);
    else if (item === 'heures ouvrables') ranges.push(businessHours);
    else if (item === 'heures de nuit') ranges.push(...nightHours);
    else if (item === 'non renseigne') continue;
    else {
      const explicit = parseDayRanges(item);
      if (!explicit) return undefined;
      ranges.push(...explicit);
    }
  }
  return { known: true, value: mergeRanges(ranges) };
}

function time(hours: string, minutes: string | undefined): string | undefined {
  const h = Number(hours);
  const m = Number(minutes ?? '0');
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return undefined;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * The ranges of one day: "08:00-12:00, 14:00-18:00", "8h-12h / 14h-18h", "8h30 à 18h", "24h/24";
 * "fermé", "closed", "geschlossen" or "-" for a closed day (an empty list).
 */
export function parseDayRanges(text: string): Range[] | undefined {
  const value = fold(text);
  if (['ferme', 'fermee', 'closed', 'geschlossen', '-', 'x'].includes(value)) return [];
  if (['24h/24', '24/24', '24h', '00:00-24:00', 'ouvert 24h/24'].includes(value)) return [fullDay];
  const ranges: Range[] = [];
  // Ranges may also be separated by spaces only: "08:00-12:00 14:00-18:00".
  const listed = value.replace(/(\d)\s+(?=\d)/g, '$1,');
  for (const part of listed.split(/[,;/+&]| et | und | and /)) {
    const item = part.trim();
    if (item === '') continue;
    const m = /^(\d{1,2})(?:[:h.](\d{2})?)?\s*(?:-|–|a|à|bis|to)\s*(\d{1,2})(?:[:h.](\d{2})?)?$/.exec(item);
    if (!m) return undefined;
    const open = time(m[1], m[2]);
    const close = time(m[3], m[4]);
    if (!open || !close || open === '24:00') return undefined;
    // 18:00-08:00 runs over midnight: the evening part and the morning part.
    if (close <= open) ranges.push({ open, close: '24:00' }, ...(close === '00:00' ? [] : [{ open: '00:00', close }]));
    else ranges.push({ open, close });
  }
  return ranges.length > 0 ? mergeRanges(ranges) : undefined;
}

/**
 * A whole week in one cell, as Vigil's AED export writes it ("1 08:00-12:00 14:00-18:00 | 2 …")
 * or with colons and day names ("lundi: 08:00-18:00 | mardi: fermé", fr/en/de). Days not named
 * are closed.
 */
export function parseWeekRanges(text: string): OpeningHours | undefined {
  const hours: OpeningHours = {};
  const value = text.trim();
  if (value === '') return hours;
  for (const part of value.split(/\s*[|\n]\s*/)) {
    if (part === '') continue;
    const m = /^([^\s:]+)\s*(?::\s*|\s+)(.*)$/.exec(part);
    if (!m) return undefined;
    const dayText = fold(m[1]);
    const day = /^[1-7]$/.test(dayText) ? Number(dayText) : dayNames[dayText];
    if (!day) return undefined;
    const ranges = parseDayRanges(m[2]);
    if (!ranges) return undefined;
    if (ranges.length > 0) hours[String(day) as keyof OpeningHours] = ranges;
  }
  return hours;
}

export type StatusReading = 'available' | 'inMaintenance' | 'unavailable' | 'deleted' | 'unknown';

/** Availability, from Vigil's names or GeoDAE's etat_fonct. */
export function parseStatus(text: string): StatusReading | undefined {
  const value = fold(text);
  if (['available', 'disponible', 'en fonctionnement', 'en service', 'fonctionnel', 'verfugbar', 'actif'].includes(value)) return 'available';
  if (['inmaintenance', 'in maintenance', 'en maintenance', 'maintenance', 'in wartung'].includes(value)) return 'inMaintenance';
  if (['unavailable', 'indisponible', 'hors service', 'absent momentanement', 'nicht verfugbar', 'defectueux'].includes(value)) return 'unavailable';
  if (['deleted', 'supprime', 'supprime definitivement', 'a supprimer', 'geloscht'].includes(value)) return 'deleted';
  if (['inconnu', 'unknown', 'non identifie', 'unbekannt', 'non renseigne'].includes(value)) return 'unknown';
  return undefined;
}

/** Months between maintenances: "6", "6 mois", "Tous les 6 mois", "annuelle", "2 ans". */
export function parseMonths(text: string): number | undefined {
  const value = fold(text);
  const words: Record<string, number> = {
    mensuelle: 1, mensuel: 1, monthly: 1, trimestrielle: 3, trimestriel: 3, quarterly: 3,
    semestrielle: 6, semestriel: 6, 'tous les six mois': 6, annuelle: 12, annuel: 12, annual: 12, yearly: 12,
    'tous les ans': 12, 'chaque annee': 12, jahrlich: 12, biennale: 24, 'tous les deux ans': 24,
  };
  if (words[value]) return words[value];
  const m = /^(?:tous les |toutes les |every |alle )?(\d{1,3})\s*(mois|month|months|monate|m|an|ans|year|years|jahre|jahr)?$/.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  const months = m[2] && /^(an|ans|year|years|jahre|jahr)$/.test(m[2]) ? n * 12 : n;
  return months >= 1 && months <= 120 ? months : undefined;
}

export function parseMaintenanceAlertType(text: string): 'none' | 'period' | 'date' | undefined {
  const value = fold(text);
  if (['none', 'aucun', 'aucune', 'pas de rappel', 'keine'].includes(value)) return 'none';
  if (['period', 'periode', 'periodique', 'periodisch'].includes(value)) return 'period';
  if (['date', 'dates', 'datum'].includes(value)) return 'date';
  return undefined;
}

export function parseContactType(text: string): 'supervisor' | 'operator' | 'maintainer' | 'siteContact' | undefined {
  const value = compact(text);
  if (['supervisor', 'responsable', 'superviseur', 'verantwortlicher'].includes(value)) return 'supervisor';
  if (['operator', 'exploitant', 'betreiber'].includes(value)) return 'operator';
  if (['maintainer', 'mainteneur', 'maintenance', 'wartungsfirma'].includes(value)) return 'maintainer';
  if (['sitecontact', 'contactsursite', 'site', 'ansprechpartnervorort'].includes(value)) return 'siteContact';
  return undefined;
}

/** Calling codes by country, for national numbers without one. */
const callingCodes: Record<string, string> = { FR: '+33', LU: '+352', BE: '+32', DE: '+49', CH: '+41', MC: '+377' };

/** "+33 1 02 03 04 05", "0033102030405", "01.02.03.04.05" → calling code and national number. */
export function parsePhone(text: string, country: string): { phoneCode: string; phone: string } | undefined {
  const cleaned = text.replace(/[\s.\-()/]/g, '');
  let m = /^(?:\+|00)(33|590|594|262|596|269|687|689|508|681|352|32|49|41|377)(\d{6,12})$/.exec(cleaned);
  if (m) return { phoneCode: `+${m[1]}`, phone: m[2] };
  m = /^(\d{6,14})$/.exec(cleaned);
  if (m) return { phoneCode: callingCodes[country] ?? '+33', phone: m[1] };
  return undefined;
}

export function parseEmail(text: string): string | undefined {
  const value = text.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value) && value.length <= 254 ? value : undefined;
}

/** Short words that stay lower case inside a French place name. */
const smallWords = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'et', 'en', 'sur', 'sous', 'aux', 'au', 'a', 'l', 'd']);
/** Abbreviations of French addresses that stay upper case. */
const acronyms = new Set(['ZA', 'ZAC', 'ZI', 'ZAE', 'RN', 'RD', 'CD', 'BP', 'CS', 'CEDEX', 'SNCF', 'RER', 'ZUP', 'HLM', 'II', 'III', 'IV']);

/**
 * A text written in capitals (many registers shout: "12 RUE DE LA REPUBLIQUE", "CLERMONT-FERRAND")
 * in the usual case of French places ("12 Rue de la Republique", "Clermont-Ferrand"). Texts with
 * any lower-case letter are left as they are.
 */
export function calmCapitals(text: string): string {
  if (!/\p{Lu}/u.test(text) || /\p{Ll}/u.test(text)) return text;
  let first = true;
  return text.replace(/[\p{L}]+/gu, (word) => {
    const lower = word.toLowerCase();
    let result: string;
    if (acronyms.has(word)) result = word;
    else if (!first && smallWords.has(lower)) result = lower;
    else result = lower.charAt(0).toUpperCase() + lower.slice(1);
    first = false;
    return result;
  });
}

/** "6.0" → "6": an integer identifier a spreadsheet or a float column turned into a decimal. */
export function identifierText(text: string): string {
  return /^-?\d+\.0+$/.test(text) ? text.slice(0, text.indexOf('.')) : text;
}

/** "24h/24", "24/7", "7j/7 24h/24", "H24", "jour et nuit", "rund um die Uhr", "always open": open all the time. */
export function meansAlwaysOpen(text: string): boolean {
  const value = fold(text).replace(/\s+/g, ' ');
  return /^(ouvert )?(24 ?h? ?\/ ?24( ?h)?|24 ?\/ ?7|h ?24|24h\/24 ?7j\/7|7j\/7 ?24h\/24|7 ?j ?\/ ?7 ?,? ?24 ?h ?\/ ?24|jour et nuit|toujours ouvert|always open|rund um die uhr|24 stunden)$/.test(value);
}
